import { Button, SimpleGrid, Stack } from '@mantine/core';
import { WORK_ORDER_STATUS } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '../../../components/confirm';
import { LeaveLeakWarning } from '../../office/refrigerant/leave-leak-warning';
import { workOrderEditPath } from '../../office/work-orders/edit/work-order-paths';
import type { StartViewData } from './clock-api';
import { initialStopValues, toClockOutBody, toStartNewBody, validateStop, type StopValues } from './clock-form';
import { ClockModal, ClockModalFooter } from './clock-modal';
import { EmployeeTypeField, ItemRateTypeField, PerDiemField, WorkOrderFlagField } from './rate-fields';
import { SelectWorkOrderDialog } from './select-work-order-dialog';
import { StopFields } from './stop-fields';
import { useClockForm } from './use-clock-form';
import { useClockOut, useClockOutAndStart, useCreateSubWorkOrder } from './use-clock-mutations';

interface StopDialogProps {
  view: StartViewData;
  opened: boolean;
  onClose: () => void;
}

/** Spec clock 2.4 and 2.5. */
const NO_FLAG_QUESTION = 'Work Order Flag is not selected. Do you want to continue?';
const SUB_WORK_ORDER_QUESTION = 'Are you sure you want to create a subworkorder';

/**
 * The Stop Work Order dialog (spec clock 2.2 and 4): Clock Out reveals the user status and becomes Continue Clock
 * Out; Finish and Start New picks the next work order. Completed offers a sub work order to rate-sheet users.
 */
export function StopWorkOrderDialog({ view, opened, onClose }: StopDialogProps) {
  const navigate = useNavigate();
  const form = useClockForm<StopValues>(() => initialStopValues(view));
  const { values, errors, setField } = form;
  const [isClockingOut, setClockingOut] = useState(false);
  const [isPicking, setPicking] = useState(false);
  const [startingId, setStartingId] = useState<number | null>(null);
  const stop = useClockOut(view.workOrderNumber);
  const startNew = useClockOutAndStart(view.workOrderNumber);
  const subWorkOrder = useCreateSubWorkOrder();

  const chooseWorkOrderStatus = async (value: string | null) => {
    setField('workOrderStatusId', value);
    if (value !== String(WORK_ORDER_STATUS.Completed) || !view.hasRateSheetSetUp) return;
    const create = await confirm({ title: 'Sub Work Order', message: SUB_WORK_ORDER_QUESTION, confirmLabel: 'Create', cancelLabel: 'Cancel' });
    if (create) subWorkOrder.mutate(view.workOrderId);
  };

  const clockOut = (event: FormEvent) => {
    event.preventDefault();
    if (!isClockingOut) {
      setClockingOut(true);
      return;
    }
    if (!form.check(validateStop(values, view, true))) return;
    stop.mutate(toClockOutBody(values, view), { onSuccess: onClose });
  };

  const finishAndStartNew = async () => {
    if (!form.check(validateStop(values, view, false))) return;
    if (!values.workOrderFlagId && !(await confirm({ message: NO_FLAG_QUESTION }))) return;
    setPicking(true);
  };

  const startWorkOrder = (newWorkOrderId: number, newWorkOrderNumber: string) => {
    setStartingId(newWorkOrderId);
    startNew.mutate(
      { buildBody: (position) => toStartNewBody(values, view, newWorkOrderId, position), nextNumber: newWorkOrderNumber },
      {
        onSuccess: () => {
          onClose();
          void navigate(workOrderEditPath(newWorkOrderNumber));
        },
      },
    );
  };

  const isBusy = stop.isPending || startNew.isPending;
  return (
    <>
      <ClockModal opened={opened && !isPicking} onClose={onClose} title={`Stop Work Order ${view.workOrderNumber}`} size={600}>
        <form onSubmit={clockOut} noValidate aria-label="Stop Work Order">
          <Stack gap="sm">
            <LeaveLeakWarning workOrderId={view.workOrderId} />
            <StopFields view={view} form={form} isClockingOut={isClockingOut} onWorkOrderStatus={chooseWorkOrderStatus} />
            {view.hasRateSheetSetUp && (
              <EmployeeTypeField
                items={view.rateSheetLaborItems}
                value={values.serviceTechnicianId}
                error={errors.serviceTechnicianId}
                onChange={(v) => setField('serviceTechnicianId', v)}
              />
            )}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
              <PerDiemField canAdd={view.canAddPerDiemType} value={values.perDiemTypeId} onChange={(v) => setField('perDiemTypeId', v)} />
              <ItemRateTypeField value={values.itemRateTypeId} onChange={(v) => setField('itemRateTypeId', v)} />
              <WorkOrderFlagField value={values.workOrderFlagId} onChange={(v) => setField('workOrderFlagId', v)} />
            </SimpleGrid>
            <ClockModalFooter>
              <Button variant="default" onClick={onClose} disabled={isBusy}>
                Cancel
              </Button>
              <Button variant="light" onClick={() => void finishAndStartNew()} disabled={isBusy}>
                Finish and Start New
              </Button>
              <Button type="submit" color={isClockingOut ? 'red' : undefined} loading={stop.isPending}>
                {isClockingOut ? `Continue Clock Out ${view.workOrderNumber}` : 'Clock Out'}
              </Button>
            </ClockModalFooter>
          </Stack>
        </form>
      </ClockModal>
      <SelectWorkOrderDialog
        opened={opened && isPicking}
        onClose={() => setPicking(false)}
        currentWorkOrderId={view.workOrderId}
        onStart={startWorkOrder}
        startingId={startNew.isPending ? startingId : null}
      />
    </>
  );
}
