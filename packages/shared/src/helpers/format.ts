const currencyFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  signDisplay: 'negative',
});
const numberFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});

/** Formats money as '$1,234.50' / '-$1,234.50' (two decimals, thousands separators); '' for non-finite input. */
export function formatCurrency(n: number): string {
  return Number.isFinite(n) ? currencyFormat.format(n) : '';
}

/** Formats a number as '1,234.50' (always two decimals, thousands separators); '' for non-finite input. */
export function formatNumber(n: number): string {
  return Number.isFinite(n) ? numberFormat.format(n) : '';
}

/** Cleans a typed currency value: strips leading zeros ('007.5' → '7.5') and clamps negatives to '0' (minimum 0). */
export function stripLeadingZeros(input: string): string {
  const s = input.trim();
  if (s.startsWith('-')) return '0';
  return s.replace(/^0+(?=\d)/, '');
}
