import { ActionIcon, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { formatCurrency, QUOTE_LINE_KIND_LABELS } from '@sm/shared';
import { PHONE_QUERY } from '../../lib/media';
import type { PricedLine } from './priced-line';

interface Props<L extends PricedLine> {
  lines: readonly L[];
  /** The line's id, as its feature names it. */
  lineKey: (line: L) => number;
  /** What a screen reader calls the list: 'Quote lines', 'Estimate lines'. */
  label: string;
  /** What an empty list says, while lines may be added and once they no longer may. */
  emptyText: { editable: string; locked: string };
  isEditable: boolean;
  onEdit: (line: L) => void;
  onDelete: (line: L) => void;
}

const markupOf = (l: PricedLine) => `${l.markupPercent}%${l.markupGroup ? ` (${l.markupGroup})` : ''}`;
const discountOf = (l: PricedLine) => (l.discount > 0 ? `${formatCurrency(l.discount)}${l.discountReason ? ` (${l.discountReason})` : ''}` : '');

function Actions<L extends PricedLine>({ line, onEdit, onDelete }: { line: L; onEdit: (line: L) => void; onDelete: (line: L) => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={`Edit line ${line.lineNumber}`} onClick={() => onEdit(line)}>
        <IconPencil size={18} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`Delete line ${line.lineNumber}`} onClick={() => onDelete(line)}>
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}

/** Priced lines of a quote or an estimate: a table on a desk, cards on a phone; Edit and Delete while they may change. */
export function PricedLinesTable<L extends PricedLine>({ lines, lineKey, label, emptyText, isEditable, onEdit, onDelete }: Props<L>) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  if (lines.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text c="dimmed" ta="center">
          {isEditable ? emptyText.editable : emptyText.locked}
        </Text>
      </Paper>
    );
  }
  if (isPhone) {
    return (
      <Stack gap="xs" role="group" aria-label={label}>
        {lines.map((l) => (
          <Paper key={lineKey(l)} withBorder radius="md" p="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2} miw={0}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {l.lineNumber}. {l.description}
                </Text>
                <Text size="sm" c="dimmed">
                  {QUOTE_LINE_KIND_LABELS[l.kind]} · {l.quantity} × {formatCurrency(l.unitPrice)} · cost {formatCurrency(l.unitCost)} · markup {markupOf(l)}
                </Text>
                {l.discount > 0 && <Text size="sm">Discount {discountOf(l)}</Text>}
                <Text fw={700}>{formatCurrency(l.lineTotal)}</Text>
              </Stack>
              {isEditable && <Actions line={l} onEdit={onEdit} onDelete={onDelete} />}
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped withTableBorder verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Unit Cost</Table.Th>
            <Table.Th>Markup</Table.Th>
            <Table.Th ta="right">Unit Price</Table.Th>
            <Table.Th>Discount</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            {isEditable && <Table.Th aria-label="Actions" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={lineKey(l)}>
              <Table.Td>{l.lineNumber}</Table.Td>
              <Table.Td>
                <Text size="sm">{l.description}</Text>
                <Text size="xs" c="dimmed">
                  {QUOTE_LINE_KIND_LABELS[l.kind]}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{l.quantity}</Table.Td>
              <Table.Td ta="right">{formatCurrency(l.unitCost)}</Table.Td>
              <Table.Td>{markupOf(l)}</Table.Td>
              <Table.Td ta="right">{formatCurrency(l.unitPrice)}</Table.Td>
              <Table.Td>{discountOf(l)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatCurrency(l.lineTotal)}
              </Table.Td>
              {isEditable && (
                <Table.Td>
                  <Actions line={l} onEdit={onEdit} onDelete={onDelete} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
