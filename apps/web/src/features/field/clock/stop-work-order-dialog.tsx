import { Alert, Anchor, Button, SimpleGrid, Stack } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { WORK_ORDER_STATUS } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
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

/** A work order to start once the labor being stopped is closed. */
export interface NextWorkOrder {
  workOrderId: number;
  workOrderNumber: string;
}

interface StopDialogProps {
  view: StartViewData;
  /** Start was pressed on this work order while labor is open on `view`'s: offer Stop {a} / Start {b} and Clock Out {a}. */
  next?: NextWorkOrder | null;
  opened: boolean;
  onClose: () => void;
}

/** Spec clock 2.4 and 2.5. */
const NO_FLAG_QUESTION = 'Work Order Flag is not selected. Do you want to continue?';
const SUB_WORK_ORDER_QUESTION = 'Are you sure you want to create a subworkorder';

/**
 * The Stop Work Order dialog (spec clock 2.2 and 4): Clock Out reveals the user status and becomes Continue Clock
 * Out; Finish and Start New picks the next work order. Completed offers a sub work order to rate-sheet users. With
 * `next` (labor open here, Start pressed on another work order) the buttons are Stop {a} / Start {b}, which stops
 * this one and starts `next` in one step, and Clock Out {a}.
 */
export function StopWorkOrderDialog({ view, next, opened, onClose }: StopDialogProps) {
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

  /** The stop form's checks before another work order starts (spec clock 4, Finish and Start New step 1). */
  const isReadyToStartNew = async () =>
    form.check(validateStop(values, view, false)) && (!!values.workOrderFlagId || (await confirm({ message: NO_FLAG_QUESTION })));

  const finishAndStartNew = async () => {
    if (await isReadyToStartNew()) setPicking(true);
  };

  const stopAndStartNext = async () => {
    if (next && (await isReadyToStartNew())) startWorkOrder(next.workOrderId, next.workOrderNumber);
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
            {next && <OpenLaborNotice workOrderNumber={view.workOrderNumber} next={next} onLeave={onClose} />}
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
              {!next && (
                <Button variant="light" onClick={() => void finishAndStartNew()} disabled={isBusy}>
                  Finish and Start New
                </Button>
              )}
              <Button
                type="submit"
                variant={next && !isClockingOut ? 'light' : 'filled'}
                color={isClockingOut ? 'red' : undefined}
                loading={stop.isPending}
                disabled={startNew.isPending}
              >
                {isClockingOut ? `Continue Clock Out ${view.workOrderNumber}` : next ? `Clock Out ${view.workOrderNumber}` : 'Clock Out'}
              </Button>
              {next && (
                <Button onClick={() => void stopAndStartNext()} loading={startNew.isPending} disabled={stop.isPending}>
                  {`Stop ${view.workOrderNumber} / Start ${next.workOrderNumber}`}
                </Button>
              )}
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

interface OpenLaborNoticeProps {
  workOrderNumber: string;
  next: NextWorkOrder;
  /** Following the link leaves this page, and the dialog with it. */
  onLeave: () => void;
}

/** Why the stop dialog of another work order opened when Start was pressed (spec clock 4). */
function OpenLaborNotice({ workOrderNumber, next, onLeave }: OpenLaborNoticeProps) {
  return (
    <Alert color="orange" icon={<IconClockExclamation />} title={`Labor is open on work order ${workOrderNumber}`}>
      You are still clocked in on work order{' '}
      <Anchor component={Link} to={workOrderEditPath(workOrderNumber)} onClick={onLeave} fw={600} inherit>
        {workOrderNumber}
      </Anchor>
      . Stop it and start {next.workOrderNumber}, or clock out of it.
    </Alert>
  );
}
