import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { formatDate, moneyText, type MileageLog, type MyAuto } from '@sm/shared';
import { useState } from 'react';
import { EmptyPanel, LoadFailed } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { useMyAuto } from './fleet-api';
import { InspectionForm } from './inspection-form';
import { MileageLogForm } from './mileage-log-form';
import { milesText, serviceDueText, vehicleName } from './fleet-format';
import { ServiceDueBadge } from './service-due-badge';

type Mine = MyAuto[number];

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>{value}</Text>
    </Stack>
  );
}

/** A reading of the log, one line: when, the odometer, the fuel and who logged it. */
function Reading({ log }: { log: MileageLog }) {
  const fuel = log.fuelGallons === null ? null : `${log.fuelGallons} gal${log.fuelCost === null ? '' : ` · ${moneyText(log.fuelCost)}`}`;
  return (
    <Card withBorder padding="xs" role="listitem">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>{milesText(log.odometer)}</Text>
          <Text size="xs" c="dimmed">{formatDate(log.loggedOn)} · {log.userName}</Text>
          {log.notes && <Text size="xs" lineClamp={2}>{log.notes}</Text>}
        </Stack>
        {fuel && <Text size="sm" style={{ flexShrink: 0 }}>{fuel}</Text>}
      </Group>
    </Card>
  );
}

/** One vehicle: what it is, where it stands, Log mileage, Inspection and the recent readings. */
function VehicleSection({ mine }: { mine: Mine }) {
  const { vehicle: v, recentLogs, lastInspection } = mine;
  const [isInspecting, setInspecting] = useState(false);
  return (
    <Stack gap="md">
      <Card component="section" withBorder padding="md" aria-label={`Vehicle ${v.plate}`}>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Title order={3} size="h4">{vehicleName(v)}</Title>
              <Text size="sm" c="dimmed">{v.fleetDescription}</Text>
            </Stack>
            <ServiceDueBadge state={v.serviceDue} />
          </Group>
          <Group gap="lg" align="flex-start">
            <Fact label="Plate" value={v.plate} />
            <Fact label="VIN" value={v.vin ?? 'Not recorded'} />
            <Fact label="Odometer" value={milesText(v.odometer)} />
          </Group>
          <Group gap="lg" align="flex-start">
            <Fact label="Service due" value={serviceDueText(v, formatDate)} />
            <Fact label="Last inspection" value={lastInspection ? `${formatDate(lastInspection.inspectedOn)}${lastInspection.needsAttention ? ` · ${lastInspection.needsAttention} to look at` : ' · all OK'}` : 'None yet'} />
          </Group>
          <Group gap={6}>
            <Badge variant="outline" color="gray">{v.fleetStatus}</Badge>
            {v.fleetFlags.map((f) => <Badge key={f} variant="light">{f}</Badge>)}
          </Group>
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Title order={3} size="h4" mb="sm">Log mileage</Title>
        <MileageLogForm vehicleId={v.vehicleId} plate={v.plate} />
      </Card>
      <Card withBorder padding="md">
        <Group justify="space-between" mb={isInspecting ? 'sm' : 0}>
          <Title order={3} size="h4">Inspection</Title>
          {!isInspecting && <Button variant="light" leftSection={<IconClipboardCheck size={16} />} onClick={() => setInspecting(true)}>Start inspection</Button>}
        </Group>
        {isInspecting && <InspectionForm vehicleId={v.vehicleId} plate={v.plate} onDone={() => setInspecting(false)} />}
      </Card>
      <Stack gap="xs">
        <Title order={3} size="h4">Recent readings</Title>
        {recentLogs.length === 0 ? (
          <Text size="sm" c="dimmed">No reading logged yet.</Text>
        ) : (
          <Stack gap="xs" role="list" aria-label={`Recent readings of ${v.plate}`}>
            {recentLogs.map((l) => <Reading key={l.mileageLogId} log={l} />)}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

/** `/fleetManagement/myAuto`: the technician's vehicle on his phone. */
export default function MyAutoPage() {
  usePageTitle('My Auto');
  const mine = useMyAuto();
  return (
    <Stack gap="md" maw={640}>
      <Stack gap={2}>
        <Title order={2}>My Auto</Title>
        <Text size="sm" c="dimmed">Your vehicle: log mileage and fuel, inspect it, and see when service is due.</Text>
      </Stack>
      {mine.isError ? (
        <LoadFailed title="Your vehicle could not be read" error={mine.error} onRetry={() => void mine.refetch()} />
      ) : mine.isPending ? (
        <Skeleton height={240} aria-busy="true" aria-label="Loading your vehicle" />
      ) : mine.data.length === 0 ? (
        <EmptyPanel title="No vehicle assigned to you" hint="When the office assigns you a vehicle, it shows here with its mileage log and inspections." />
      ) : (
        mine.data.map((m) => <VehicleSection key={m.vehicle.vehicleId} mine={m} />)
      )}
    </Stack>
  );
}
