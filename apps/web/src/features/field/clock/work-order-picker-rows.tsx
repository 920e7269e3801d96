import { Anchor, Badge, Button, Card, DataList, Group, Stack, Table } from '@mantine/core';
import type { TechnicianWorkOrderRow } from '@sm/shared';
import { Link } from 'react-router';
import { workOrderEditPath } from '../../office/work-orders/edit/work-order-paths';

export interface PickerRowsProps {
  rows: TechnicianWorkOrderRow[];
  currentWorkOrderId: number;
  startingId: number | null;
  onStart: (workOrderId: number, workOrderNumber: string) => void;
}

/** Spec clock 2.3: "customer name - address". */
const customerAddress = (row: TechnicianWorkOrderRow) => `${row.customerName} - ${row.address}`;

function NumberLink({ row, size = 'sm' }: { row: TechnicianWorkOrderRow; size?: string }) {
  return (
    <Anchor component={Link} to={workOrderEditPath(row.workOrderNumber)} fw={600} size={size}>
      {row.workOrderNumber}
    </Anchor>
  );
}

/** Start on every row but the current work order, which stays blank. */
function StartButton({ row, currentWorkOrderId, startingId, onStart, size = 'xs' }: Omit<PickerRowsProps, 'rows'> & { row: TechnicianWorkOrderRow; size?: string }) {
  if (row.workOrderId === currentWorkOrderId) return null;
  return (
    <Button
      size={size}
      aria-label={`Start ${row.workOrderNumber}`}
      loading={startingId === row.workOrderId}
      disabled={startingId !== null && startingId !== row.workOrderId}
      onClick={() => onStart(row.workOrderId, row.workOrderNumber)}
    >
      Start
    </Button>
  );
}

const WRAP = { overflowWrap: 'anywhere' } as const;

/** The picker's rows as a table: Number, Action, Status, Customer Address, Problem. */
export function PickerTable({ rows, ...actions }: PickerRowsProps) {
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table striped withTableBorder verticalSpacing="xs" aria-label="Work orders to start" layout="fixed">
        <colgroup>
          <col style={{ width: 110 }} />
          <col style={{ width: 90 }} />
          <col style={{ width: 150 }} />
          <col />
          <col />
        </colgroup>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Customer Address</Table.Th>
            <Table.Th>Problem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.workOrderId} data-work-order={row.workOrderNumber}>
              <Table.Td>
                <NumberLink row={row} />
              </Table.Td>
              <Table.Td>
                <StartButton row={row} {...actions} />
              </Table.Td>
              <Table.Td>
                <Badge variant="light" tt="none" maw="100%">
                  {row.status}
                </Badge>
              </Table.Td>
              <Table.Td style={WRAP}>{customerAddress(row)}</Table.Td>
              <Table.Td style={WRAP}>{row.problem}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The picker's rows as cards on a phone: the number and Start on top, the rest on wrapping lines. */
export function PickerCards({ rows, ...actions }: PickerRowsProps) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label="Work orders to start">
      {rows.map((row) => (
        <Card key={row.workOrderId} component="li" withBorder radius="md" padding="sm" data-work-order={row.workOrderNumber} style={{ listStyle: 'none' }}>
          <Group justify="space-between" wrap="nowrap" mb={6}>
            <NumberLink row={row} size="md" />
            <StartButton row={row} {...actions} size="sm" />
          </Group>
          <DataList size="sm" gap={4} labelWidth={84}>
            <DataList.Item>
              <DataList.ItemLabel>Status</DataList.ItemLabel>
              <DataList.ItemValue>{row.status}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Customer</DataList.ItemLabel>
              <DataList.ItemValue style={WRAP}>{customerAddress(row)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Problem</DataList.ItemLabel>
              <DataList.ItemValue style={WRAP}>{row.problem}</DataList.ItemValue>
            </DataList.Item>
          </DataList>
        </Card>
      ))}
    </Stack>
  );
}
