import { SegmentedControl, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { INVOICE_DISPLAY_MODE_LABELS, INVOICE_DISPLAY_MODES, moneyText, type InvoiceDisplayMode, type InvoicePreview } from '@sm/shared';
import { PHONE_QUERY } from '../../../lib/media';

type Line = InvoicePreview['lines'][number];

const MODE_OPTIONS = INVOICE_DISPLAY_MODES.map((m) => ({ value: m, label: INVOICE_DISPLAY_MODE_LABELS[m] }));

/** The four display modes of spec platform 3.15; stacked on a phone, where four long labels do not fit in a row. */
export function DisplayModeSwitch({ value, onChange }: { value: InvoiceDisplayMode; onChange: (mode: InvoiceDisplayMode) => void }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  return (
    <SegmentedControl
      aria-label="Display mode"
      data={MODE_OPTIONS}
      value={value}
      onChange={(m) => onChange(m as InvoiceDisplayMode)}
      orientation={isPhone ? 'vertical' : 'horizontal'}
      fullWidth
      size="sm"
    />
  );
}

/** What a line is made of, under its label: the technician, hours or quantity at a rate, the tax rate. */
function detailOf(line: Line): string {
  if (line.label === 'Tax %') return line.rate != null ? `${line.rate}%` : '';
  const parts: string[] = [];
  if (line.technician) parts.push(line.technician);
  if (line.hours != null) parts.push(`${line.hours.toFixed(2)} h${line.rate != null ? ` × ${moneyText(line.rate)}` : ''}`);
  else if (line.quantity != null) parts.push(`${line.quantity}${line.rate != null ? ` × ${moneyText(line.rate)}` : ''}`);
  return parts.join(' · ');
}

/**
 * The labelled lines of an invoice in one display mode, as the server computed them: charges, then subtotals and the
 * footer (Subtotal, Tax %, Invoice Total, Credits Applied, Payments, Convenience Fee, Amount Due). Each row is labelled
 * by its line for tests and screen readers (`data-line`).
 */
export function InvoiceLines({ lines, caption }: { lines: readonly Line[]; caption: string }) {
  return (
    <Table verticalSpacing={6} horizontalSpacing="sm" layout="fixed" aria-label={caption} data-testid="invoice-lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Description</Table.Th>
          <Table.Th ta="right" w={120} visibleFrom="xs">
            Discount
          </Table.Th>
          <Table.Th ta="right" w={120}>
            Amount
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line, i) => {
          const isSum = line.kind !== 'line';
          const detail = detailOf(line);
          return (
            <Table.Tr key={`${line.label}-${i}`} data-line={line.label} bg={line.kind === 'total' ? 'var(--mantine-color-gray-light)' : undefined}>
              <Table.Td>
                <Text size="sm" fw={isSum ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
                  {line.label}
                </Text>
                {detail && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {detail}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" visibleFrom="xs">
                <Text size="sm" c="dimmed">
                  {line.discount ? `-${moneyText(line.discount)}` : ''}
                </Text>
              </Table.Td>
              <Table.Td ta="right" data-testid="line-amount">
                <Text size="sm" fw={isSum ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
                  {moneyText(line.amount)}
                </Text>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
