import { Anchor, Button, Group, NumberInput, Paper, Select, SimpleGrid, Skeleton, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { saveEquipmentBody, type Equipment, type EquipmentChoices } from '@sm/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/table-states';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { numberOrUndefined, useSchemaForm } from '../../../lib/schema-form';
import { CustomerPicker } from '../customers/customer-picker';
import { customerPath } from '../customers/customer-paths';
import { equipmentChoicesQuery, equipmentQuery, useSaveEquipment, useSetEquipmentActive } from './equipment-api';
import { EQUIPMENT_PATHS, equipmentHistoryPath } from './equipment-paths';
import { PrintLabelButton } from './print-label-button';

interface Values {
  customerId: number | null;
  name: string;
  categoryId: string | null;
  makeId: string | null;
  modelId: string | null;
  serialNumber: string;
  refrigerantId: string | null;
  chargePounds: number | string;
  voltageId: string | null;
  installedOn: string;
  warrantyEndsOn: string;
  notes: string;
}

const idText = (id: number | null) => (id == null ? null : String(id));
const valuesOf = (e: Equipment | null, customerId: number | null): Values => ({
  customerId: e?.customerId ?? customerId,
  name: e?.name ?? '',
  categoryId: idText(e?.categoryId ?? null),
  makeId: idText(e?.makeId ?? null),
  modelId: idText(e?.modelId ?? null),
  serialNumber: e?.serialNumber ?? '',
  refrigerantId: idText(e?.refrigerantId ?? null),
  chargePounds: e?.chargePounds ?? '',
  voltageId: idText(e?.voltageId ?? null),
  installedOn: e?.installedOn ?? '',
  warrantyEndsOn: e?.warrantyEndsOn ?? '',
  notes: e?.notes ?? '',
});

const idOrNull = (v: string | null) => (v ? Number(v) : null);
const bodyOf = (v: Values) => ({
  customerId: v.customerId ?? undefined,
  name: v.name,
  categoryId: v.categoryId ? Number(v.categoryId) : undefined,
  makeId: idOrNull(v.makeId),
  modelId: idOrNull(v.modelId),
  serialNumber: v.serialNumber.trim() || null,
  refrigerantId: idOrNull(v.refrigerantId),
  chargePounds: numberOrUndefined(v.chargePounds) ?? null,
  voltageId: idOrNull(v.voltageId),
  installedOn: v.installedOn || null,
  warrantyEndsOn: v.warrantyEndsOn || null,
  notes: v.notes.trim() || null,
});

/** A list's rows as options: the active ones, and the one chosen even when retired. */
const optionsOf = (rows: { id: number; name: string; isActive: boolean }[], chosen: string | null) =>
  rows.filter((r) => r.isActive || String(r.id) === chosen).map((r) => ({ value: String(r.id), label: r.isActive ? r.name : `${r.name} (retired)` }));

function EquipmentForm({ piece, choices, customerId }: { piece: Equipment | null; choices: EquipmentChoices; customerId: number | null }) {
  const [v, setV] = useState(() => valuesOf(piece, customerId));
  const { errors, clear, check } = useSchemaForm(saveEquipmentBody);
  const save = useSaveEquipment();
  const setActive = useSetEquipmentActive();
  const navigate = useNavigate();
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setV((x) => ({ ...x, [field]: value }));
    clear(field);
  };
  const models = choices.models.filter((m) => !v.makeId || String(m.makeId) === v.makeId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = check(bodyOf(v));
    if (!body) return;
    save.mutate(
      { equipmentId: piece?.equipmentId ?? null, body },
      {
        onSuccess: (saved) => {
          notifySuccess(piece ? 'Equipment saved.' : 'Equipment added.');
          void navigate(customerPath(saved.customerId));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Equipment">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <CustomerPicker
            label="Location"
            required
            value={v.customerId}
            onChange={(id) => set('customerId', id)}
            known={piece ? { customerId: piece.customerId, name: piece.customerName } : null}
            error={errors.customerId}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Name" required maxLength={100} placeholder="Walk-in Cooler 2" value={v.name} error={errors.name} onChange={(e) => set('name', e.currentTarget.value)} />
            <Select label="Category" required data={optionsOf(choices.categories, v.categoryId)} value={v.categoryId} error={errors.categoryId} onChange={(x) => set('categoryId', x)} />
            <Select
              label="Make"
              clearable
              searchable
              data={optionsOf(choices.makes, v.makeId)}
              value={v.makeId}
              error={errors.makeId}
              onChange={(x) => setV((cur) => ({ ...cur, makeId: x, modelId: models.some((m) => String(m.id) === cur.modelId && String(m.makeId) === x) ? cur.modelId : null }))}
            />
            <Select
              label="Model"
              clearable
              searchable
              data={optionsOf(models, v.modelId)}
              value={v.modelId}
              error={errors.modelId}
              onChange={(x) => {
                const model = choices.models.find((m) => String(m.id) === x);
                setV((cur) => ({ ...cur, modelId: x, makeId: model ? String(model.makeId) : cur.makeId }));
              }}
            />
            <TextInput label="Serial Number" maxLength={100} value={v.serialNumber} error={errors.serialNumber} onChange={(e) => set('serialNumber', e.currentTarget.value)} />
            <Select label="Voltage" clearable data={optionsOf(choices.voltages, v.voltageId)} value={v.voltageId} error={errors.voltageId} onChange={(x) => set('voltageId', x)} />
            <Select label="Refrigerant" clearable searchable data={optionsOf(choices.refrigerants, v.refrigerantId)} value={v.refrigerantId} error={errors.refrigerantId} onChange={(x) => set('refrigerantId', x)} />
            <NumberInput label="Full Charge (lb)" min={0} decimalScale={2} value={v.chargePounds} error={errors.chargePounds} onChange={(x) => set('chargePounds', x)} />
            <TextInput type="date" label="Installed On" value={v.installedOn} error={errors.installedOn} onChange={(e) => set('installedOn', e.currentTarget.value)} />
            <TextInput type="date" label="Warranty Ends On" value={v.warrantyEndsOn} error={errors.warrantyEndsOn} onChange={(e) => set('warrantyEndsOn', e.currentTarget.value)} />
          </SimpleGrid>
          <Textarea label="Notes" autosize maxLength={2000} value={v.notes} error={errors.notes} onChange={(e) => set('notes', e.currentTarget.value)} />
        </Stack>
      </Paper>
      <Group justify="space-between" gap="sm" mt="md">
        <Group gap="sm">
          {piece && (
            <Button variant="default" component={Link} to={equipmentHistoryPath(piece.equipmentId)}>
              History
            </Button>
          )}
          {piece && <PrintLabelButton equipmentId={piece.equipmentId} />}
          {piece && (
            <Button
              variant="light"
              color={piece.isActive ? 'red' : 'teal'}
              loading={setActive.isPending}
              onClick={() => setActive.mutate({ equipmentId: piece.equipmentId, isActive: !piece.isActive }, { onSuccess: (e) => notifySuccess(e.isActive ? 'Equipment back in service.' : 'Equipment retired.') })}
            >
              {piece.isActive ? 'Retire' : 'Reactivate'}
            </Button>
          )}
        </Group>
        <Group gap="sm">
          <Button variant="default" component={Link} to={EQUIPMENT_PATHS.grid}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Group>
    </form>
  );
}

function FormFrame({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Stack gap="md" maw={900} w="100%">
      <Anchor component={Link} to={EQUIPMENT_PATHS.grid} size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden />
        Equipment
      </Anchor>
      <Title order={2}>{title}</Title>
      {children}
    </Stack>
  );
}

/** `/equipments/add`: registers a piece, at the location of `?customerId=` when given. */
export function EquipmentAddPage() {
  const [params] = useSearchParams();
  const customerId = Number(params.get('customerId')) || null;
  const choices = useQuery(equipmentChoicesQuery);
  return (
    <FormFrame title="Add Equipment">
      {choices.isError ? (
        <LoadFailed title="The form could not be read" error={choices.error} onRetry={() => void choices.refetch()} />
      ) : choices.data ? (
        <EquipmentForm piece={null} choices={choices.data} customerId={customerId} />
      ) : (
        <Skeleton height={420} />
      )}
    </FormFrame>
  );
}

/** `/equipments/:equipmentId/edit`: changes a piece, retires or reactivates it. */
export function EquipmentEditPage() {
  const equipmentId = Number(useParams().equipmentId) || 0;
  const choices = useQuery(equipmentChoicesQuery);
  const piece = useQuery(equipmentQuery(equipmentId));
  const error = choices.error ?? piece.error;
  return (
    <FormFrame title={piece.data ? `Edit ${piece.data.name}` : 'Edit Equipment'}>
      {error ? (
        <LoadFailed title="The equipment could not be read" error={error} onRetry={() => void Promise.all([choices.refetch(), piece.refetch()])} />
      ) : choices.data && piece.data ? (
        <EquipmentForm key={piece.data.equipmentId} piece={piece.data} choices={choices.data} customerId={null} />
      ) : (
        <Skeleton height={420} />
      )}
    </FormFrame>
  );
}
