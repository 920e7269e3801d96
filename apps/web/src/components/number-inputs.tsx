import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * Amounts (spec platform 5.5, 5.6): a decimal keypad on a phone, two decimals with thousands separators, no minus,
 * minimum 0, and leading zeros stripped ('007.5' reads $7.50 once the box is left). The value stays the text typed
 * (a decimal string), which the form turns into the body's number only when it is sent.
 */
export const MONEY_FORMAT: NumberInputProps = {
  inputMode: 'decimal',
  decimalScale: 2,
  fixedDecimalScale: true,
  allowNegative: false,
  allowLeadingZeros: false,
  min: 0,
  prefix: '$',
  hideControls: true,
  thousandSeparator: ',',
};

/** Amounts on the thumb-sized add pages. */
export const MONEY_INPUT: NumberInputProps = { ...MONEY_FORMAT, size: 'md' };

/** Quantities: a decimal keypad, up to three decimals, more than zero. */
export const QUANTITY_INPUT: NumberInputProps = {
  size: 'md',
  inputMode: 'decimal',
  decimalScale: 3,
  allowNegative: false,
  allowLeadingZeros: false,
  min: 0,
  hideControls: true,
};

/** The money box every form uses: `MONEY_FORMAT`, with whatever the form adds (label, value, error, size). */
export function MoneyInput(props: NumberInputProps) {
  return <NumberInput {...MONEY_FORMAT} {...props} />;
}
