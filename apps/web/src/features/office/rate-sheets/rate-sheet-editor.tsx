import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { saveRateSheetBody, type RateSheetVersion, type SaveRateSheetBody } from '@sm/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { notifyError } from '../../../lib/notify';
import { numberOrUndefined } from '../../../lib/schema-form';
import { itemRateTypesQuery, perDiemTypesQuery, rateSheetTechniciansQuery } from './rate-sheets-api';
import { MoneyInput } from '../../../components/number-inputs';

type Amount = number | string;
interface LaborRow { technicianUserId: string | null; employeeType: string; hourlyRate: Amount; otHourlyRate: Amount; standByRate: Amount; apprenticeRate: Amount; dailyRate: Amount }
interface TruckRow { name: string; hourlyRate: Amount; tripCharge: Amount }
interface PerDiemRow { perDiemTypeId: string | null; amount: Amount }
interface ItemRow { name: string; itemRateTypeId: string | null; price: Amount }
export interface RateSheetDraft { name: string; effectiveFrom: string; labor: LaborRow[]; trucks: TruckRow[]; perDiems: PerDiemRow[]; standardItems: ItemRow[] }

const blankLabor = (): LaborRow => ({ technicianUserId: null, employeeType: 'Service Technician', hourlyRate: '', otHourlyRate: '', standByRate: '', apprenticeRate: '', dailyRate: '' });

/** A draft from a version (a copy for a new version, or the version itself to change it), or an empty one. */
export function draftOf(v: RateSheetVersion | null, name: string, effectiveFrom: string): RateSheetDraft {
  return {
    name,
    effectiveFrom,
    labor: (v?.labor ?? []).map((l) => ({ ...l, technicianUserId: String(l.technicianUserId), apprenticeRate: l.apprenticeRate ?? '' })),
    trucks: (v?.trucks ?? []).map((t) => ({ name: t.name, hourlyRate: t.hourlyRate, tripCharge: t.tripCharge })),
    perDiems: (v?.perDiems ?? []).map((p) => ({ perDiemTypeId: String(p.perDiemTypeId), amount: p.amount })),
    standardItems: (v?.standardItems ?? []).map((s) => ({ name: s.name, itemRateTypeId: String(s.itemRateTypeId), price: s.price })),
  };
}

const idOrUndefined = (v: string | null) => (v ? Number(v) : undefined);

/** The draft as the request body the shared schema checks. */
function bodyOf(d: RateSheetDraft): unknown {
  return {
    name: d.name,
    effectiveFrom: d.effectiveFrom,
    labor: d.labor.map((l) => ({
      technicianUserId: idOrUndefined(l.technicianUserId), employeeType: l.employeeType, hourlyRate: numberOrUndefined(l.hourlyRate), otHourlyRate: numberOrUndefined(l.otHourlyRate),
      standByRate: numberOrUndefined(l.standByRate), apprenticeRate: numberOrUndefined(l.apprenticeRate) ?? null, dailyRate: numberOrUndefined(l.dailyRate),
    })),
    trucks: d.trucks.map((t) => ({ name: t.name, hourlyRate: numberOrUndefined(t.hourlyRate), tripCharge: numberOrUndefined(t.tripCharge) })),
    perDiems: d.perDiems.map((p) => ({ perDiemTypeId: idOrUndefined(p.perDiemTypeId), amount: numberOrUndefined(p.amount) })),
    standardItems: d.standardItems.map((s) => ({ name: s.name, itemRateTypeId: idOrUndefined(s.itemRateTypeId), price: numberOrUndefined(s.price) })),
  };
}

function Section({ title, description, onAdd, addLabel, children, isEmpty }: { title: string; description: string; onAdd: () => void; addLabel: string; children: ReactNode; isEmpty: boolean }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <div>
          <Title order={4}>{title}</Title>
          <Text size="sm" c="dimmed">{description}</Text>
        </div>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd}>{addLabel}</Button>
      </Group>
      {isEmpty ? <Text size="sm" c="dimmed" fs="italic">None yet.</Text> : children}
    </Stack>
  );
}

function RowFrame({ label, onRemove, children, cols }: { label: string; onRemove: () => void; children: ReactNode; cols: number }) {
  return (
    <Paper withBorder p="xs" radius="md" role="group" aria-label={label}>
      <Group align="flex-start" wrap="nowrap" gap="xs">
        <SimpleGrid cols={{ base: 2, sm: cols }} spacing="xs" style={{ flex: 1 }}>{children}</SimpleGrid>
        <ActionIcon variant="subtle" color="red" mt={24} aria-label={`Remove ${label}`} onClick={onRemove}><IconTrash size={16} /></ActionIcon>
      </Group>
    </Paper>
  );
}

const money = (label: string, value: Amount, onChange: (v: Amount) => void, error?: string, required = true) => (
  <MoneyInput label={label} value={value} onChange={onChange} error={error} withAsterisk={required} />
);

/**
 * The form of a rate sheet version: its name and effective date, the technicians' labor rates per Employee Type,
 * the truck types, per diem amounts and rate-sheet standard items. Errors show on their row's field.
 */
export function RateSheetEditor({ initial, title, isSaving, onSave, onCancel }: { initial: RateSheetDraft; title: string; isSaving: boolean; onSave: (body: SaveRateSheetBody) => void; onCancel: () => void }) {
  const [d, setD] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const technicians = useQuery(rateSheetTechniciansQuery);
  const perDiemTypes = useQuery(perDiemTypesQuery);
  const rateTypes = useQuery(itemRateTypesQuery);
  const set = <K extends keyof RateSheetDraft>(key: K, value: RateSheetDraft[K]) => setD((x) => ({ ...x, [key]: value }));
  const change = <K extends 'labor' | 'trucks' | 'perDiems' | 'standardItems'>(key: K, i: number, patch: Partial<RateSheetDraft[K][number]>) =>
    setD((x) => ({ ...x, [key]: x[key].map((r, j) => (j === i ? { ...r, ...patch } : r)) }));
  const remove = (key: 'labor' | 'trucks' | 'perDiems' | 'standardItems', i: number) => setD((x) => ({ ...x, [key]: x[key].filter((_, j) => j !== i) }));
  const err = (...path: (string | number)[]) => errors[path.join('.')];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = saveRateSheetBody.safeParse(bodyOf(d));
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      notifyError(parsed.error.issues[0].message);
      return;
    }
    setErrors({});
    onSave(bodyOf(d) as SaveRateSheetBody);
  };
  const techOptions = (technicians.data ?? []).map((u) => ({ value: String(u.userId), label: u.name }));
  const perDiemOptions = (perDiemTypes.data ?? []).filter((p) => p.perDiemTypeId > 0).map((p) => ({ value: String(p.perDiemTypeId), label: p.perDiemTypeName }));
  const rateTypeOptions = (rateTypes.data ?? []).map((t) => ({ value: String(t.itemRateTypeId), label: t.itemRateTypeName }));
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="form" onSubmit={submit} noValidate aria-label={title}>
      <Stack gap="lg">
        <Title order={3}>{title}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Rate Sheet Name" withAsterisk maxLength={100} value={d.name} onChange={(e) => set('name', e.currentTarget.value)} error={err('name')} />
          <TextInput label="Effective From" type="date" withAsterisk value={d.effectiveFrom} onChange={(e) => set('effectiveFrom', e.currentTarget.value)} error={err('effectiveFrom')} />
        </SimpleGrid>
        <Section title="Labor Rates" description="Each technician's rates per Employee Type, the type they pick when they clock in." addLabel="Add labor rate" onAdd={() => set('labor', [...d.labor, blankLabor()])} isEmpty={d.labor.length === 0}>
          {d.labor.map((l, i) => (
            <RowFrame key={i} cols={7} label={`Labor rate ${i + 1}`} onRemove={() => remove('labor', i)}>
              <Select label="Technician" withAsterisk searchable data={techOptions} value={l.technicianUserId} onChange={(v) => change('labor', i, { technicianUserId: v })} error={err('labor', i, 'technicianUserId') ?? err('labor', i)} />
              <TextInput label="Employee Type" withAsterisk maxLength={100} value={l.employeeType} onChange={(e) => change('labor', i, { employeeType: e.currentTarget.value })} error={err('labor', i, 'employeeType')} />
              {money('Regular', l.hourlyRate, (v) => change('labor', i, { hourlyRate: v }), err('labor', i, 'hourlyRate'))}
              {money('Overtime', l.otHourlyRate, (v) => change('labor', i, { otHourlyRate: v }), err('labor', i, 'otHourlyRate'))}
              {money('Stand-by', l.standByRate, (v) => change('labor', i, { standByRate: v }), err('labor', i, 'standByRate'))}
              {money('Apprentice', l.apprenticeRate, (v) => change('labor', i, { apprenticeRate: v }), err('labor', i, 'apprenticeRate'), false)}
              {money('Daily', l.dailyRate, (v) => change('labor', i, { dailyRate: v }), err('labor', i, 'dailyRate'))}
            </RowFrame>
          ))}
        </Section>
        <Section title="Trucks" description="Truck types billed by the hour, with their trip charge." addLabel="Add truck" onAdd={() => set('trucks', [...d.trucks, { name: '', hourlyRate: '', tripCharge: '' }])} isEmpty={d.trucks.length === 0}>
          {d.trucks.map((t, i) => (
            <RowFrame key={i} cols={3} label={`Truck ${i + 1}`} onRemove={() => remove('trucks', i)}>
              <TextInput label="Truck Type" withAsterisk maxLength={100} value={t.name} onChange={(e) => change('trucks', i, { name: e.currentTarget.value })} error={err('trucks', i, 'name') ?? err('trucks', i)} />
              {money('Hourly Rate', t.hourlyRate, (v) => change('trucks', i, { hourlyRate: v }), err('trucks', i, 'hourlyRate'))}
              {money('Trip Charge', t.tripCharge, (v) => change('trucks', i, { tripCharge: v }), err('trucks', i, 'tripCharge'))}
            </RowFrame>
          ))}
        </Section>
        <Section title="Per Diem" description="What the customer pays per day for each per diem type." addLabel="Add per diem" onAdd={() => set('perDiems', [...d.perDiems, { perDiemTypeId: null, amount: '' }])} isEmpty={d.perDiems.length === 0}>
          {d.perDiems.map((p, i) => (
            <RowFrame key={i} cols={2} label={`Per diem ${i + 1}`} onRemove={() => remove('perDiems', i)}>
              <Select label="Per Diem Type" withAsterisk data={perDiemOptions} value={p.perDiemTypeId} onChange={(v) => change('perDiems', i, { perDiemTypeId: v })} error={err('perDiems', i, 'perDiemTypeId') ?? err('perDiems', i)} />
              {money('Amount', p.amount, (v) => change('perDiems', i, { amount: v }), err('perDiems', i, 'amount'))}
            </RowFrame>
          ))}
        </Section>
        <Section title="Standard Items" description="Items billed at an agreed price on this customer's work orders." addLabel="Add item" onAdd={() => set('standardItems', [...d.standardItems, { name: '', itemRateTypeId: '1', price: '' }])} isEmpty={d.standardItems.length === 0}>
          {d.standardItems.map((s, i) => (
            <RowFrame key={i} cols={3} label={`Standard item ${i + 1}`} onRemove={() => remove('standardItems', i)}>
              <TextInput label="Item Name" withAsterisk maxLength={200} value={s.name} onChange={(e) => change('standardItems', i, { name: e.currentTarget.value })} error={err('standardItems', i, 'name') ?? err('standardItems', i)} />
              <Select label="Item Rate Type" withAsterisk data={rateTypeOptions} value={s.itemRateTypeId} onChange={(v) => change('standardItems', i, { itemRateTypeId: v })} error={err('standardItems', i, 'itemRateTypeId')} />
              {money('Price', s.price, (v) => change('standardItems', i, { price: v }), err('standardItems', i, 'price'))}
            </RowFrame>
          ))}
        </Section>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>Cancel</Button>
          <Button type="submit" loading={isSaving}>Save Rate Sheet</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
