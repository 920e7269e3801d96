import { ActionIcon, Badge, Button, Group, ScrollArea, Stack, Switch, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconArchive, IconEdit, IconPlus } from '@tabler/icons-react';
import { canWrite, formatDate, type Vehicle } from '@sm/shared';
import { useState } from 'react';
import { confirm } from '../../../components/confirm';
import { EmptyPanel, LoadFailed, LoadingRows } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { useRetireVehicle, useVehicles } from './fleet-api';
import { milesText, serviceDueText, vehicleName } from './fleet-format';
import { ServiceDueBadge } from './service-due-badge';
import { VehicleDialog } from './vehicle-dialog';

const COLUMNS = ['Plate', 'Vehicle', 'VIN', 'Technician', 'Odometer', 'Service due'];

/** `/administration/fleetManagement`: the company's vehicles, with Add vehicle, Edit and Retire for Fleet write. */
export default function FleetAdminPage() {
  usePageTitle('Fleet Management');
  const { access } = useSignedIn();
  const mayWrite = canWrite(access, 'Fleet');
  const [showRetired, setShowRetired] = useState(false);
  const vehicles = useVehicles(showRetired);
  const retire = useRetireVehicle();
  const [editing, setEditing] = useState<Vehicle | 'new' | null>(null);
  const askRetire = async (v: Vehicle) => {
    const message = `Retire ${v.plate}${v.technicianName ? `, driven by ${v.technicianName}` : ''}? It keeps its mileage log and inspections, and leaves the technician's phone.`;
    if (await confirm({ title: 'Retire vehicle', message, confirmLabel: 'Retire', cancelLabel: 'Cancel', danger: true })) {
      retire.mutate(v.vehicleId, { onSuccess: (r) => notifySuccess(r.message) });
    }
  };
  const columns = COLUMNS.length + (mayWrite ? 1 : 0);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Fleet Management</Title>
          <Text size="sm" c="dimmed">The company's vehicles: who drives each, where it stands and when it is due for service.</Text>
        </Stack>
        {mayWrite && <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>Add vehicle</Button>}
      </Group>
      <Switch label="Show retired vehicles" checked={showRetired} onChange={(e) => setShowRetired(e.currentTarget.checked)} />
      {vehicles.isError ? (
        <LoadFailed title="The vehicles could not be read" error={vehicles.error} onRetry={() => void vehicles.refetch()} />
      ) : vehicles.data?.length === 0 ? (
        <EmptyPanel title="No vehicle yet" hint="Add the company's vans and trucks to log their mileage and know when service is due." />
      ) : (
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={780} aria-label="Vehicles" aria-busy={vehicles.isPending}>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => <Table.Th key={c}>{c}</Table.Th>)}
                {mayWrite && <Table.Th w={88}><Text size="sm" fw={700}>Actions</Text></Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {vehicles.isPending ? <LoadingRows columns={columns} /> : vehicles.data.map((v) => (
                <Table.Tr key={v.vehicleId} c={v.isActive ? undefined : 'dimmed'}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" fw={600}>{v.plate}</Text>
                    {v.isActive ? <Text size="xs" c="dimmed">{v.fleetStatus}</Text> : <Badge size="xs" color="gray">Retired</Badge>}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{vehicleName(v)}</Text>
                    <Text size="xs" c="dimmed">{v.fleetDescription}{v.fleetFlags.length > 0 ? ` · ${v.fleetFlags.join(', ')}` : ''}</Text>
                  </Table.Td>
                  <Table.Td ff="monospace" fz="xs">{v.vin ?? ''}</Table.Td>
                  <Table.Td>{v.technicianName ?? <Text size="sm" c="dimmed">Not assigned</Text>}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{milesText(v.odometer)}</Table.Td>
                  <Table.Td>
                    <Stack gap={2} align="flex-start">
                      <ServiceDueBadge state={v.serviceDue} isShort />
                      <Text size="xs" c="dimmed">{serviceDueText(v, formatDate)}</Text>
                    </Stack>
                  </Table.Td>
                  {mayWrite && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Tooltip label="Edit">
                          <ActionIcon variant="subtle" aria-label={`Edit ${v.plate}`} onClick={() => setEditing(v)}><IconEdit size={16} /></ActionIcon>
                        </Tooltip>
                        {v.isActive && (
                          <Tooltip label="Retire">
                            <ActionIcon variant="subtle" color="red" aria-label={`Retire ${v.plate}`} onClick={() => void askRetire(v)}><IconArchive size={16} /></ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {editing && <VehicleDialog vehicle={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
