import { Alert, Button, Group, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { createPmContractBody, savePmContractBody, type PmContract } from '@sm/shared';
import { useMemo, useState, type FormEvent } from 'react';
import { numberOrUndefined, useSchemaForm } from '../../../lib/schema-form';
import { CustomerPicker } from '../customers/customer-picker';
import { linesOf, PmEquipmentPicker, type ChosenPiece } from './pm-equipment-picker';
import { useLocationEquipment, usePmChoices, useSavePmContract } from './pm-contracts-api';

const CUSTOM = 'custom';

interface FormProps {
  /** The contract changed, or null for a new one (at `customerId` when given). */
  contract: PmContract | null;
  customerId?: number | null;
  onSaved: (saved: PmContract) => void;
  onCancel: () => void;
}

/**
 * The contract's form: location (a new contract only), name, frequency from the list or a rule written by hand, the
 * equipment covered with each piece's tasks, price per visit or per year, term and renewal, and who goes when.
 */
export function PmContractForm({ contract: c, customerId: initialSite = null, onSaved, onCancel }: FormProps) {
  const choices = usePmChoices();
  const [customerId, setCustomerId] = useState<number | null>(c?.customerId ?? initialSite);
  const site = useLocationEquipment(customerId);
  const [name, setName] = useState(c?.name ?? '');
  const [frequency, setFrequency] = useState<string | null>(c ? (c.frequencyName ? null : CUSTOM) : null);
  const [rule, setRule] = useState(c && !c.frequencyName ? c.recurrenceRule : '');
  const [chosen, setChosen] = useState<ChosenPiece[]>(() => (c?.equipment ?? []).map((e) => ({ equipmentId: e.equipmentId, tasks: e.tasks.join('\n') })));
  const [price, setPrice] = useState<number | string>(c?.price ?? '');
  const [priceBasis, setPriceBasis] = useState<'visit' | 'year'>(c?.priceBasis ?? 'visit');
  const [startsOn, setStartsOn] = useState(c?.startsOn ?? '');
  const [endsOn, setEndsOn] = useState(c?.endsOn ?? '');
  const [renews, setRenews] = useState(c?.renewsAutomatically ?? false);
  const [technician, setTechnician] = useState<string | null>(c?.technicianUserId ? String(c.technicianUserId) : null);
  const [visitTime, setVisitTime] = useState(c?.visitTime ?? '');
  const [visitMinutes, setVisitMinutes] = useState<number | string>(c?.visitMinutes ?? 60);
  const [leadDays, setLeadDays] = useState<number | string>(c?.leadDays ?? 14);
  const [notes, setNotes] = useState(c?.notes ?? '');
  const { errors, clear, check } = useSchemaForm(c ? savePmContractBody : createPmContractBody);
  const save = useSavePmContract();

  // The frequency of the list whose name the contract keeps, once the list is read.
  const frequencyId = frequency ?? (c?.frequencyName ? (choices.data?.frequencies.find((f) => f.name === c.frequencyName)?.id.toString() ?? null) : null);
  const pieces = useMemo(() => {
    const inService = site.data ?? [];
    const retired = (c?.equipment ?? []).filter((e) => !inService.some((p) => p.equipmentId === e.equipmentId));
    return site.data ? [...inService, ...retired] : undefined;
  }, [site.data, c]);

  const applyTemplate = (id: string | null) => {
    const template = choices.data?.templates.find((t) => String(t.id) === id);
    if (template) setChosen((rows) => rows.map((r) => ({ ...r, tasks: template.tasks.join('\n') })));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const isCustom = frequencyId === CUSTOM;
    const body = check({
      ...(c ? {} : { customerId: customerId ?? undefined }),
      name,
      frequencyId: isCustom || !frequencyId ? null : Number(frequencyId),
      recurrenceRule: isCustom ? rule : null,
      equipment: chosen.map((p) => ({ equipmentId: p.equipmentId, tasks: linesOf(p.tasks) })),
      price: numberOrUndefined(price),
      priceBasis,
      startsOn: startsOn || undefined,
      endsOn: endsOn || undefined,
      renewsAutomatically: renews,
      technicianUserId: technician ? Number(technician) : null,
      visitTime: visitTime || null,
      visitMinutes: numberOrUndefined(visitMinutes),
      leadDays: numberOrUndefined(leadDays),
      notes: notes.trim() || null,
    });
    if (body) save.mutate({ id: c?.pmContractId ?? null, body }, { onSuccess: onSaved });
  };

  const field = (f: string) => ({ error: errors[f], onFocus: () => clear(f) });
  return (
    <form onSubmit={submit} noValidate aria-label={c ? 'Edit PM contract' : 'New PM contract'}>
      <Stack gap="md">
        {c?.status === 'approved' && (
          <Alert color="blue" title="This contract is approved">
            Your changes keep it approved. Visits already generated stay as they are; the changes apply to the visits generated from now on.
          </Alert>
        )}
        {c?.status === 'sent' && (
          <Alert color="yellow" title="Waiting for the customer">
            Saving changes takes the contract back to draft: the link sent stops working, so send it again.
          </Alert>
        )}
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={3} size="h4">Contract</Title>
            {!c && <CustomerPicker label="Location" required value={customerId} onChange={(id) => (setCustomerId(id), setChosen([]), clear('customerId'))} error={errors.customerId} />}
            <TextInput label="Contract Name" withAsterisk maxLength={100} value={name} onChange={(e) => setName(e.currentTarget.value)} {...field('name')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label="Frequency"
                withAsterisk
                placeholder="How often"
                data={[...(choices.data?.frequencies ?? []).map((f) => ({ value: String(f.id), label: f.name })), { value: CUSTOM, label: 'Custom repeat rule' }]}
                value={frequencyId}
                onChange={(v) => (setFrequency(v), clear('frequencyId'))}
                error={errors.frequencyId}
              />
              {frequencyId === CUSTOM && (
                <TextInput label="Repeat Rule" withAsterisk description="RFC 5545, like FREQ=MONTHLY;INTERVAL=2" value={rule} onChange={(e) => setRule(e.currentTarget.value)} {...field('recurrenceRule')} />
              )}
            </SimpleGrid>
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end" gap="sm">
              <Title order={3} size="h4">Equipment and tasks</Title>
              {(choices.data?.templates.length ?? 0) > 0 && chosen.length > 0 && (
                <Select label="Apply a template" placeholder="Company template" data={choices.data!.templates.map((t) => ({ value: String(t.id), label: t.name }))} value={null} onChange={applyTemplate} w={240} />
              )}
            </Group>
            {customerId == null ? (
              <Text size="sm" c="dimmed">Choose the location first: its equipment in service is listed here.</Text>
            ) : (
              <PmEquipmentPicker pieces={pieces} isLoading={site.isPending} chosen={chosen} onChange={(v) => (setChosen(v), clear('equipment'))} error={errors.equipment} />
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={3} size="h4">Price and term</Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NumberInput label="Price" withAsterisk prefix="$" decimalScale={2} min={0} thousandSeparator="," value={price} onChange={setPrice} {...field('price')} />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="pm-price-basis">Price Per</Text>
                <SegmentedControl aria-labelledby="pm-price-basis" value={priceBasis} onChange={(v) => setPriceBasis(v as 'visit' | 'year')} data={[{ value: 'visit', label: 'Visit' }, { value: 'year', label: 'Year' }]} />
              </Stack>
              <TextInput type="date" label="Starts On" withAsterisk value={startsOn} onChange={(e) => setStartsOn(e.currentTarget.value)} {...field('startsOn')} />
              <TextInput type="date" label="Ends On" withAsterisk value={endsOn} onChange={(e) => setEndsOn(e.currentTarget.value)} {...field('endsOn')} />
            </SimpleGrid>
            <Switch label="Renews automatically" description="At the end of the term, the contract goes on for another term." checked={renews} onChange={(e) => setRenews(e.currentTarget.checked)} />
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={3} size="h4">Visits</Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select label="Technician" placeholder="Unassigned" clearable searchable data={(choices.data?.technicians ?? []).map((t) => ({ value: String(t.userId), label: t.name }))} value={technician} onChange={setTechnician} />
              <TextInput type="time" label="Visit Time" description="Empty leaves the visit unscheduled." value={visitTime} onChange={(e) => setVisitTime(e.currentTarget.value)} {...field('visitTime')} />
              <NumberInput label="Visit Length" description="How long a visit takes, in minutes." suffix=" min" allowDecimal={false} min={15} max={1440} value={visitMinutes} onChange={setVisitMinutes} {...field('visitMinutes')} />
              <NumberInput label="Lead Days" description="How many days ahead a visit's work order is made." allowDecimal={false} min={0} max={365} value={leadDays} onChange={setLeadDays} {...field('leadDays')} />
            </SimpleGrid>
            <Textarea label="Notes" autosize maxLength={2000} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} {...field('notes')} />
          </Stack>
        </Paper>
        {save.isError && <Alert color="red" role="alert">{save.error.message}</Alert>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>Cancel</Button>
          <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
            {c ? 'Save changes' : 'Save contract'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
