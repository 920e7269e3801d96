import { Alert, Anchor, Button, Checkbox, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { EQUIPMENT_LABELS_MAX, satisfies, type Equipment } from '@sm/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { CustomerPicker } from '../customers/customer-picker';
import { equipmentListQuery } from './equipment-api';
import { makeModelOf } from './equipment-list';
import { addEquipmentPath, EQUIPMENT_PATHS } from './equipment-paths';
import { useLabelDownload } from './print-label-button';

/** The most pieces the page lists; with all of them chosen, the sheet holds every piece in service at the location. */
const LISTED = 100;

const detailOf = (e: Equipment) => [e.categoryName, makeModelOf(e), e.serialNumber ? `S/N ${e.serialNumber}` : null].filter(Boolean).join(' · ');

/** The pieces in service at a location, each with its tick box (all ticked at first), and Print labels. */
function LocationPieces({ customerId }: { customerId: number }) {
  const { access } = useSignedIn();
  const list = useQuery(equipmentListQuery({ customerId, state: 'active', take: LISTED, skip: 0 }));
  const [left, setLeft] = useState<ReadonlySet<number>>(new Set());
  const { isBusy, download } = useLabelDownload();
  if (list.isError) return <LoadFailed title="The equipment could not be read" error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <Skeleton height={180} aria-label="Loading the equipment" />;
  const pieces = list.data.data;
  if (pieces.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="xs">
          <Text fw={600}>No equipment in service is registered at this location.</Text>
          <Text size="sm" c="dimmed">
            Register its units first; each then gets a label.
          </Text>
          {satisfies(access, { kind: 'area', area: 'Customers', level: 'write' }) && (
            <Button variant="light" leftSection={<IconPlus size={16} />} component={Link} to={addEquipmentPath(customerId)}>
              Add Equipment
            </Button>
          )}
        </Stack>
      </Paper>
    );
  }
  const chosen = pieces.filter((p) => !left.has(p.equipmentId));
  const isAll = chosen.length === pieces.length;
  const total = list.data.total;
  const count = isAll ? Math.min(total, EQUIPMENT_LABELS_MAX) : chosen.length;
  const toggle = (id: number) => setLeft((cur) => (cur.has(id) ? new Set([...cur].filter((x) => x !== id)) : new Set([...cur, id])));
  const print = () => void download(isAll ? { customerId } : { customerId, equipmentIds: chosen.map((p) => p.equipmentId) });
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Checkbox
            label={<Text fw={600}>All pieces in service ({total})</Text>}
            checked={isAll}
            indeterminate={!isAll && chosen.length > 0}
            onChange={() => setLeft(isAll ? new Set(pieces.map((p) => p.equipmentId)) : new Set())}
          />
          <Stack gap="xs" role="group" aria-label="Pieces to label" pl="md">
            {pieces.map((p) => (
              <Checkbox key={p.equipmentId} label={p.name} description={detailOf(p)} checked={!left.has(p.equipmentId)} onChange={() => toggle(p.equipmentId)} />
            ))}
          </Stack>
          {total > pieces.length && (
            <Text size="xs" c="dimmed">
              The first {pieces.length} of {total} pieces are listed; with all ticked, every piece in service here is printed (at most {EQUIPMENT_LABELS_MAX}).
            </Text>
          )}
        </Stack>
      </Paper>
      <Group justify="flex-end">
        <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={print} loading={isBusy} disabled={count === 0}>
          Print labels ({count})
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * `/equipments/QRCode` (spec platform 2.1): a sheet of QR labels for the equipment at a location. Scanned with a phone's
 * camera, each label opens its piece's page (after sign-in) with its history and "Start work order here".
 */
export default function EquipmentQrPage() {
  usePageTitle('Equipment QR Labels');
  const [params, setParams] = useSearchParams();
  const customerId = Number(params.get('customerId')) || null;
  const choose = (id: number | null) => setParams(id ? { customerId: String(id) } : {}, { replace: true });
  return (
    <Stack gap="md" maw={900} w="100%">
      <Anchor component={Link} to={EQUIPMENT_PATHS.grid} size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden />
        Equipment
      </Anchor>
      <Stack gap={2}>
        <Title order={2}>Equipment QR Labels</Title>
        <Text size="sm" c="dimmed">
          Choose a location and the pieces to label. Scanned with a phone, a label opens its piece with its history.
        </Text>
      </Stack>
      <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />} title="Printing">
        <Text size="sm">Print the PDF at actual size (100 %, no fitting to the page) on Avery 5160 sheets or their equivalents: 30 labels of 2⅝ × 1 in.</Text>
      </Alert>
      <CustomerPicker label="Location" value={customerId} onChange={choose} />
      {customerId ? (
        <LocationPieces key={customerId} customerId={customerId} />
      ) : (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center" c="dimmed">
            Choose a location to see its equipment.
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
