import { Alert, Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { CLOCK_IN_COMMENT, noRateSheetMessage } from '@sm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { StartViewData } from './clock-api';
import { initialStartValues, startTimeOf, startUserStatuses, toClockInBody, validateStart, type StartValues } from './clock-form';
import { ClockModal, ClockModalFooter } from './clock-modal';
import { clockPositionQuery } from './current-position';
import { ProviderPositionWarning } from './stop-fields';
import { chosenEmployeeType, EmployeeTypeField, ItemRateTypeField, PerDiemField, TruckTypeField, WorkOrderFlagField } from './rate-fields';
import { useClockForm } from './use-clock-form';
import { useClockIn } from './use-clock-mutations';


interface StartDialogProps {
  view: StartViewData;
  opened: boolean;
  onClose: () => void;
}


function StartForm({ view, onClose }: Omit<StartDialogProps, 'opened'>) {
  const [opening] = useState(() => initialStartValues(view));
  const form = useClockForm<StartValues>(() => opening);
  const { values, errors, setField } = form;
  // Never waits for the position; a service-channel work order asks for it, since the provider checks it.
  const position = useQuery(clockPositionQuery(view.isClockinServiceChannelWO));
  const queryClient = useQueryClient();
  const start = useClockIn(view.workOrderNumber);
  const items = view.rateSheetLaborItems;
  const employeeType = chosenEmployeeType(items, values);
  const hasApprenticeRate = employeeType?.apprenticeRate != null;
  const userStatuses = startUserStatuses(view);

  const chooseEmployeeType = (value: string | null) => {
    setField('serviceTechnicianId', value);
    if (chosenEmployeeType(items, { serviceTechnicianId: value })?.apprenticeRate == null) setField('isApprenticeRateApplied', false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.check(validateStart(values, view))) return;
    const startAt = startTimeOf(values, opening);
    // The provider checks the position: a Save pressed while it is still coming waits for it (at most a few seconds).
    const where = view.isClockinServiceChannelWO ? await queryClient.fetchQuery(clockPositionQuery(true)) : (position.data ?? null);
    start.mutate(toClockInBody(values, view, where, startAt), { onSuccess: onClose });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Start Work Order">
      <Stack gap="sm">
        <TextInput
          type="datetime-local"
          label="Start"
          required
          step={1}
          value={values.start}
          error={errors.start}
          onChange={(e) => setField('start', e.currentTarget.value)}
        />
        <Textarea
          label="Comment"
          placeholder={CLOCK_IN_COMMENT}
          autosize
          maxRows={5}
          maxLength={1500}
          value={values.comment}
          error={errors.comment}
          onChange={(e) => setField('comment', e.currentTarget.value)}
        />
        {userStatuses.length > 0 && (
          <Select
            label="User Status"
            description="Your work status once started."
            allowDeselect={false}
            checkIconPosition="right"
            data={userStatuses.map((s) => ({ value: String(s.userStatusId), label: s.userStatus }))}
            value={values.userStatusId}
            onChange={(v) => setField('userStatusId', v)}
          />
        )}
        {view.hasRateSheetSetUp && (
          <EmployeeTypeField items={items} value={values.serviceTechnicianId} error={errors.serviceTechnicianId} onChange={chooseEmployeeType} />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <PerDiemField canAdd={view.canAddPerDiemType} value={values.perDiemTypeId} onChange={(v) => setField('perDiemTypeId', v)} />
          <ItemRateTypeField value={values.itemRateTypeId} onChange={(v) => setField('itemRateTypeId', v)} />
          <WorkOrderFlagField value={values.workOrderFlagId} onChange={(v) => setField('workOrderFlagId', v)} />
          <TruckTypeField
            billingCustomerId={view.billingCustomerId}
            value={values.rateSheetTruckTypeId}
            onChange={(v) => setField('rateSheetTruckTypeId', v)}
          />
        </SimpleGrid>
        {view.isClockinServiceChannelWO && (
          <NumberInput
            label="Number of Service Channel Techs"
            min={1}
            allowDecimal={false}
            value={values.noOfServiceChannelTechs}
            error={errors.noOfServiceChannelTechs}
            onChange={(v) => setField('noOfServiceChannelTechs', v)}
          />
        )}
        <ProviderPositionWarning view={view} position={position.data} isLocating={position.isPending} />
        <Group gap="lg" py={4}>
          <Checkbox label="Overtime" checked={values.isOvertime} onChange={(e) => setField('isOvertime', e.currentTarget.checked)} />
          {view.hasRateSheetSetUp && (
            <Checkbox
              label="Apprentice Rate"
              disabled={!hasApprenticeRate}
              checked={values.isApprenticeRateApplied}
              onChange={(e) => setField('isApprenticeRateApplied', e.currentTarget.checked)}
            />
          )}
        </Group>
        <ClockModalFooter>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={start.isPending}>
            Save
          </Button>
        </ClockModalFooter>
      </Stack>
    </form>
  );
}

/**
 * The Start Work Order dialog (spec clock 2.1): clocks in on site. A rate-sheet user whose customer has no rate
 * sheet items sees why they cannot start instead of a form they cannot save.
 */
export function StartWorkOrderDialog({ view, opened, onClose }: StartDialogProps) {
  const isBlocked = view.hasRateSheetSetUp && view.rateSheetLaborItems.length === 0;
  return (
    <ClockModal opened={opened} onClose={onClose} title={`Start Work Order ${view.workOrderNumber}`}>
      {isBlocked ? (
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertCircle />} role="alert" title="Cannot start">
            {noRateSheetMessage(view.rateSheetCustomerName)}
          </Alert>
          <ClockModalFooter>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </ClockModalFooter>
        </Stack>
      ) : (
        <StartForm view={view} onClose={onClose} />
      )}
    </ClockModal>
  );
}
