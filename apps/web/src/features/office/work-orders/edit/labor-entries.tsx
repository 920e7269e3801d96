import { Badge, Card, DataList, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useIsPhone } from '../../../field/clock/clock-modal';
import { employeeTypeNamesQuery, type LaborEntry } from './work-order-api';
import { formatDistance, formatHours } from './work-order-format';
import { formatDateTime } from '@sm/shared';
import { LaborCorrectionControls } from '../../../people/labor-corrections/labor-correction-controls';

/** Fix time on an entry: corrected, its history, the latest request, and what the caller may do about it. */
function Corrections({ entry }: { entry: LaborEntry }) {
  return (
    <LaborCorrectionControls
      labor={{ workOrderLaborId: entry.workOrderLaborId, startedAt: entry.startTime, stoppedAt: entry.stopTime, userId: entry.userId, corrections: entry.corrections, correctionRequest: entry.correctionRequest }}
      name={`the labor of ${entry.userName} from ${formatDateTime(entry.startTime)}`}
    />
  );
}

interface LaborEntriesProps {
  entries: LaborEntry[];
  billingCustomerId: number | null;
}

type Names = Map<number, string> | undefined;

const employeeTypeOf = (entry: LaborEntry, names: Names) => (entry.employeeTypeId != null ? names?.get(entry.employeeTypeId) : undefined);

function OpenBadge() {
  return (
    <Badge color="teal" variant="filled" size="sm">
      Open
    </Badge>
  );
}

function OvertimeBadge() {
  return (
    <Badge color="orange" variant="light" size="sm">
      Overtime
    </Badge>
  );
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** Where a clock action was made, as the geocoder named its position; nothing until it is named. */
function PlaceOf({ address }: { address: string | null }) {
  if (!address) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="labor-place" style={{ overflowWrap: 'anywhere' }}>
      {address}
    </Text>
  );
}

function LaborTable({ entries, names }: { entries: LaborEntry[]; names: Names }) {
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table striped withTableBorder aria-label="Labor entries" verticalSpacing="xs" layout="fixed">
        <colgroup>
          <col style={{ width: 180 }} />
          <col style={{ width: 150 }} />
          <col style={{ width: 150 }} />
          <col style={{ width: 80 }} />
          <col />
        </colgroup>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Technician</Table.Th>
            <Table.Th>Start</Table.Th>
            <Table.Th>Stop</Table.Th>
            <Table.Th>Hours</Table.Th>
            <Table.Th>Description</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.workOrderLaborId} data-testid="labor-entry" data-open={e.isOpen}>
              <Table.Td>
                <Text size="sm">{e.userName}</Text>
                {employeeTypeOf(e, names) && (
                  <Text size="xs" c="dimmed">
                    {employeeTypeOf(e, names)}
                  </Text>
                )}
                {e.isOvertime && <OvertimeBadge />}
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={NOWRAP}>
                  {formatDateTime(e.startTime)}
                </Text>
                {e.clockInDistanceKm != null && (
                  <Text size="xs" c="dimmed">
                    {formatDistance(e.clockInDistanceKm)}
                  </Text>
                )}
                <PlaceOf address={e.startAddress} />
              </Table.Td>
              <Table.Td>
                {e.isOpen ? (
                  <Group gap={6} wrap="nowrap">
                    <OpenBadge />
                    <Text size="sm" c="teal.8" fw={600} style={NOWRAP}>
                      In progress
                    </Text>
                  </Group>
                ) : (
                  <>
                    <Text size="sm" style={NOWRAP}>
                      {formatDateTime(e.stopTime)}
                    </Text>
                    <PlaceOf address={e.stopAddress} />
                  </>
                )}
              </Table.Td>
              <Table.Td style={NOWRAP}>{formatHours(e.hours)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm" data-testid="labor-description">
                  {e.description}
                </Text>
                <Corrections entry={e} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function LaborCards({ entries, names }: { entries: LaborEntry[]; names: Names }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label="Labor entries">
      {entries.map((e) => (
        <Card key={e.workOrderLaborId} component="li" withBorder radius="md" padding="sm" style={{ listStyle: 'none' }} data-testid="labor-entry" data-open={e.isOpen}>
          <Group justify="space-between" wrap="nowrap" mb={6}>
            <Text fw={600}>{e.userName}</Text>
            <Text size="sm" fw={600}>
              {formatHours(e.hours)}
            </Text>
          </Group>
          <DataList size="sm" gap={4} labelWidth={64}>
            <DataList.Item>
              <DataList.ItemLabel>Start</DataList.ItemLabel>
              <DataList.ItemValue>
                {formatDateTime(e.startTime)}
                {e.clockInDistanceKm != null && <Text span size="xs" c="dimmed">{` · ${formatDistance(e.clockInDistanceKm)}`}</Text>}
                <PlaceOf address={e.startAddress} />
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Stop</DataList.ItemLabel>
              <DataList.ItemValue>
                {e.isOpen ? 'In progress' : formatDateTime(e.stopTime)}
                {!e.isOpen && <PlaceOf address={e.stopAddress} />}
              </DataList.ItemValue>
            </DataList.Item>
            {e.description && (
              <DataList.Item>
                <DataList.ItemLabel>Notes</DataList.ItemLabel>
                <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{e.description}</DataList.ItemValue>
              </DataList.Item>
            )}
          </DataList>
          <Group mt={6} gap={4}>
            {e.isOpen && <OpenBadge />}
            {e.isOvertime && <OvertimeBadge />}
            {employeeTypeOf(e, names) && (
              <Badge color="gray" variant="light" size="sm" tt="none" maw="100%">
                {employeeTypeOf(e, names)}
              </Badge>
            )}
          </Group>
          <Corrections entry={e} />
        </Card>
      ))}
    </Stack>
  );
}

/** Who worked on the work order and when; open entries are marked, with how far from the site each clock-in was. */
export function LaborEntries({ entries, billingCustomerId }: LaborEntriesProps) {
  const isPhone = useIsPhone();
  const hasEmployeeTypes = entries.some((e) => e.employeeTypeId != null);
  const names = useQuery(employeeTypeNamesQuery(billingCustomerId, hasEmployeeTypes)).data;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Labor
      </Title>
      {entries.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text c="dimmed" size="sm">
            No labor yet. Start the work order when you arrive on site.
          </Text>
        </Paper>
      ) : isPhone ? (
        <LaborCards entries={entries} names={names} />
      ) : (
        <LaborTable entries={entries} names={names} />
      )}
    </Stack>
  );
}
