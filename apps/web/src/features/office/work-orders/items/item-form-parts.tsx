import { Button, Group, type NumberInputProps } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { workOrderEditPath } from '../edit/work-order-paths';

/** Amounts: a decimal keypad on a phone, always two decimals, no minus, no leading zeros (spec platform 5.5, 5.6). */
export const MONEY_INPUT: NumberInputProps = {
  size: 'md',
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

interface FormButtonsProps {
  workOrderNumber: string;
  isSaving: boolean;
  saveLabel?: string;
  isDisabled?: boolean;
}

/** Save and Cancel at the foot of an add page: thumb-sized, full width on a phone; Cancel goes back to the work order. */
export function FormButtons({ workOrderNumber, isSaving, saveLabel = 'Save', isDisabled }: FormButtonsProps) {
  return (
    <Group gap="sm" grow wrap="nowrap" mt="xs">
      <Button component={Link} to={workOrderEditPath(workOrderNumber)} variant="default" size="lg">
        Cancel
      </Button>
      <Button type="submit" size="lg" loading={isSaving} disabled={isDisabled} leftSection={<IconDeviceFloppy size={20} />}>
        {saveLabel}
      </Button>
    </Group>
  );
}
