import { Button, Group, Modal, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { vehicleBody, type Vehicle } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { numberOrUndefined, useSchemaForm } from '../../../lib/schema-form';
import { fieldEdits } from './form-edits';
import { useFleetList, useFleetTechnicians, useSaveVehicle } from './fleet-api';

type Choice = { id: number; name: string; isActive: boolean };
/** The active rows, and the retired one the vehicle names already. */
const optionsOf = (rows: Choice[] | undefined, kept: number[]) =>
  (rows ?? []).filter((r) => r.isActive || kept.includes(r.id)).map((r) => ({ value: String(r.id), label: r.isActive ? r.name : `${r.name} (retired)` }));
const idOrUndefined = (v: string | null) => (v ? Number(v) : undefined);

/** Add or change a vehicle: what it is, its plate and VIN, who drives it, its status and flags, and when service is due. */
export function VehicleDialog({ vehicle, onClose }: { vehicle: Vehicle | null; onClose: () => void }) {
  const descriptions = useFleetList('fleetDescriptions');
  const statuses = useFleetList('fleetStatuses');
  const flags = useFleetList('fleetFlags');
  const technicians = useFleetTechnicians();
  const [descriptionId, setDescriptionId] = useState<string | null>(vehicle ? String(vehicle.fleetDescriptionId) : null);
  const [statusId, setStatusId] = useState<string | null>(vehicle ? String(vehicle.fleetStatusId) : null);
  const [flagIds, setFlagIds] = useState<string[]>(vehicle ? vehicle.fleetFlagIds.map(String) : []);
  const [technicianId, setTechnicianId] = useState<string | null>(vehicle?.technicianId ? String(vehicle.technicianId) : null);
  const [year, setYear] = useState<number | string>(vehicle?.year ?? '');
  const [make, setMake] = useState(vehicle?.make ?? '');
  const [model, setModel] = useState(vehicle?.model ?? '');
  const [plate, setPlate] = useState(vehicle?.plate ?? '');
  const [vin, setVin] = useState(vehicle?.vin ?? '');
  const [dueOn, setDueOn] = useState(vehicle?.serviceDueOn ?? '');
  const [dueMiles, setDueMiles] = useState<number | string>(vehicle?.serviceDueMiles ?? '');
  const [notes, setNotes] = useState(vehicle?.notes ?? '');
  const { errors, clear, check } = useSchemaForm(vehicleBody);
  const { edit, text } = fieldEdits(clear);
  const save = useSaveVehicle();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({
      fleetDescriptionId: idOrUndefined(descriptionId), fleetStatusId: idOrUndefined(statusId), fleetFlagIds: flagIds.map(Number), technicianId: technicianId ? Number(technicianId) : null,
      year: numberOrUndefined(year) ?? null, make: make.trim() || null, model: model.trim() || null, plate, vin: vin.trim() || null, serviceDueOn: dueOn || null,
      serviceDueMiles: numberOrUndefined(dueMiles) ?? null, notes: notes.trim() || null,
    });
    if (!body) return;
    save.mutate({ vehicleId: vehicle?.vehicleId ?? null, body }, { onSuccess: (saved) => (notifySuccess(`Vehicle ${saved.plate} saved.`), onClose()) });
  };
  const people = (technicians.data ?? []).filter((u) => u.isActive || u.id === vehicle?.technicianId).map((u) => ({ value: String(u.id), label: u.name }));
  return (
    <Modal opened onClose={onClose} title={vehicle ? `Edit vehicle ${vehicle.plate}` : 'Add vehicle'} size="lg" centered>
      <form onSubmit={submit} noValidate aria-label={vehicle ? 'Edit vehicle' : 'Add vehicle'}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select label="Description" withAsterisk data={optionsOf(descriptions.data, vehicle ? [vehicle.fleetDescriptionId] : [])} value={descriptionId} onChange={edit('fleetDescriptionId', setDescriptionId)} error={errors.fleetDescriptionId} comboboxProps={{ withinPortal: true }} />
            <Select label="Status" withAsterisk data={optionsOf(statuses.data, vehicle ? [vehicle.fleetStatusId] : [])} value={statusId} onChange={edit('fleetStatusId', setStatusId)} error={errors.fleetStatusId} comboboxProps={{ withinPortal: true }} />
            <TextInput label="Plate" withAsterisk value={plate} onChange={text('plate', setPlate)} error={errors.plate} />
            <TextInput label="VIN" description="17 letters and digits, no I, O or Q" value={vin} onChange={text('vin', (v) => setVin(v.toUpperCase()))} error={errors.vin} maxLength={17} />
            <NumberInput label="Year" allowDecimal={false} allowNegative={false} hideControls value={year} onChange={edit('year', setYear)} error={errors.year} />
            <TextInput label="Make" value={make} onChange={text('make', setMake)} error={errors.make} />
            <TextInput label="Model" value={model} onChange={text('model', setModel)} error={errors.model} />
            <Select label="Technician" placeholder="Not assigned" clearable searchable data={people} value={technicianId} onChange={edit('technicianId', setTechnicianId)} error={errors.technicianId} comboboxProps={{ withinPortal: true }} />
            <TextInput type="date" label="Service due date" value={dueOn} onChange={text('serviceDueOn', setDueOn)} error={errors.serviceDueOn} />
            <NumberInput label="Service due mileage" allowDecimal={false} allowNegative={false} hideControls thousandSeparator="," suffix=" mi" value={dueMiles} onChange={edit('serviceDueMiles', setDueMiles)} error={errors.serviceDueMiles} />
          </SimpleGrid>
          <MultiSelect label="Flags" data={optionsOf(flags.data, vehicle?.fleetFlagIds ?? [])} value={flagIds} onChange={edit('fleetFlagIds', setFlagIds)} error={errors.fleetFlagIds} comboboxProps={{ withinPortal: true }} />
          <Textarea label="Notes" autosize minRows={2} value={notes} onChange={text('notes', setNotes)} error={errors.notes} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={save.isPending}>Save vehicle</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
