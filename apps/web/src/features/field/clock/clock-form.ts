import {
  CLOCK_IN_COMMENT,
  CLOCK_IN_USER_STATUS_ID,
  clockInBody,
  clockOutBody,
  corrigoStopErrors,
  required,
  SC_DEFAULT_PRIMARY_STATUS,
  showsScExtendedStatus,
  USER_STATUS,
  WORK_ORDER_STATUS,
  type ClockInBody,
  type ClockOutAndStartBody,
  type ClockOutBody,
  type CorrigoStopStatus,
} from '@sm/shared';
import dayjs from 'dayjs';
import type { StartViewData } from './clock-api';
import type { LatLong } from './current-position';

/** Pickers both dialogs share; Mantine selects hold ids as strings. */
export interface RateValues {
  serviceTechnicianId: string | null;
  perDiemTypeId: string | null;
  itemRateTypeId: string | null;
  workOrderFlagId: string | null;
}

/** The Start Work Order dialog (spec clock 2.1). */
export interface StartValues extends RateValues {
  /** `datetime-local` value in the device's time zone. */
  start: string;
  comment: string;
  /** The user status once started; null: the server's On Site. */
  userStatusId: string | null;
  rateSheetTruckTypeId: string | null;
  noOfServiceChannelTechs: number | string;
  isOvertime: boolean;
  isApprenticeRateApplied: boolean;
}

/** The Stop Work Order dialog (spec clock 2.2). */
export interface StopValues extends RateValues {
  description: string;
  workOrderStatusId: string | null;
  /** Service-channel statuses (spec clock 4): primary starts on IN PROGRESS; no extended status once COMPLETED. */
  scPrimaryStatus: string | null;
  scExtendedStatus: string | null;
  /** Where the technician leaves the Corrigo work order, and why (spec clock 2.2, 3). */
  corrigoWorkOrderStatus: CorrigoStopStatus | null;
  corrigoWorkOrderComment: string;
  /** Where the technician stands when stopping, sent to a provider that checks it. */
  currentLatLong: LatLong | null;
  userStatusId: string | null;
  cDescription: string;
  isOvertime: boolean;
}

/** Field errors in the order the fields are shown, so the first one is the one to toast (spec clock 5). */
export type FieldErrors<V> = Partial<Record<keyof V, string>>;

/** The `datetime-local` format, with seconds so a start right after a clock-out is not rounded before it. */
export const DATETIME_LOCAL_FORMAT = 'YYYY-MM-DDTHH:mm:ss';

const idOf = (value: string | null): number | null => (value ? Number(value) : null);
const text = (value: string) => value.trim();

/** The first message of a shared schema field for a value, or undefined when the value passes. */
function schemaError(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error?.issues[0]?.message;
}

/** Whether the Employee Type must be chosen: rate-sheet users with items on this customer's sheet. */
export const needsEmployeeType = (view: StartViewData) => view.hasRateSheetSetUp && view.rateSheetLaborItems.length > 0;

/** Whether the Stop dialog shows the Corrigo status and comment: a Corrigo work order with a status to set (or one carried over). */
export const showsCorrigoStop = (view: StartViewData) => view.corrigoWorkOrderId > 0 && (view.corrigoWorkOrderStatuses.length > 0 || !!view.corrigoChoice?.status);

/** Whether the chosen user status needs a company description (status 11, spec clock 4). */
export function needsCompanyDescription(view: StartViewData, userStatusId: string | null): boolean {
  return view.userStatuses.some((s) => String(s.userStatusId) === userStatusId && s.needsDescription);
}

/**
 * The user statuses the Start dialog offers, "where applicable" (spec clock 2.1): the enabled ones that need no
 * company description (a clock-in carries none), and only when that is a choice; with one or none the field is
 * hidden and the server sets On Site, as a start from the schedule does.
 */
export function startUserStatuses(view: StartViewData) {
  const offered = view.userStatuses.filter((s) => !s.isDisabled && !s.needsDescription);
  return offered.length > 1 ? offered : [];
}

/** A new clock-in: starting now, On Site (when offered), per diem N/A, Regular rate. */
export function initialStartValues(view: StartViewData, now = new Date()): StartValues {
  const onSite = startUserStatuses(view).some((s) => s.userStatusId === CLOCK_IN_USER_STATUS_ID);
  return {
    start: dayjs(now).format(DATETIME_LOCAL_FORMAT),
    comment: '',
    userStatusId: onSite ? String(CLOCK_IN_USER_STATUS_ID) : null,
    serviceTechnicianId: view.serviceTechnicianId ? String(view.serviceTechnicianId) : null,
    perDiemTypeId: '0',
    itemRateTypeId: '1',
    rateSheetTruckTypeId: null,
    workOrderFlagId: null,
    noOfServiceChannelTechs: view.noOfServiceChannelTechs || 1,
    isOvertime: false,
    isApprenticeRateApplied: false,
  };
}

/** The open labor's choices, and Onsite as the work order status. */
export function initialStopValues(view: StartViewData): StopValues {
  return {
    description: view.description ?? '',
    workOrderStatusId: String(WORK_ORDER_STATUS.Onsite),
    scPrimaryStatus: view.isClockinServiceChannelWO ? SC_DEFAULT_PRIMARY_STATUS : null,
    scExtendedStatus: null,
    // What the check-out wizard took, when it ran just before (see `wizardSteps` in the providers' wizard form).
    corrigoWorkOrderStatus: view.corrigoChoice?.status ?? null,
    corrigoWorkOrderComment: view.corrigoChoice?.comment ?? '',
    currentLatLong: null,
    userStatusId: null,
    cDescription: view.cDescription ?? '',
    serviceTechnicianId: view.serviceTechnicianId ? String(view.serviceTechnicianId) : null,
    perDiemTypeId: String(view.perDiemTypeId ?? 0),
    itemRateTypeId: String(view.itemRateTypeId ?? 1),
    workOrderFlagId: view.workOrderFlagId ? String(view.workOrderFlagId) : null,
    isOvertime: view.isOvertime,
  };
}

/** Spec clock 5 for a clock-in. */
export function validateStart(values: StartValues, view: StartViewData): FieldErrors<StartValues> {
  const errors: FieldErrors<StartValues> = {};
  if (!values.start || !dayjs(values.start).isValid()) errors.start = required('Start');
  errors.comment = schemaError(clockInBody.shape.comment, text(values.comment) || null);
  if (needsEmployeeType(view) && !values.serviceTechnicianId) errors.serviceTechnicianId = required('Employee Type');
  if (view.isClockinServiceChannelWO) {
    errors.noOfServiceChannelTechs = schemaError(clockInBody.shape.noOfServiceChannelTechs, Number(values.noOfServiceChannelTechs));
  }
  return errors;
}

/** Spec clock 5 for a clock-out; the user status and company description only once Clock Out was pressed. */
export function validateStop(values: StopValues, view: StartViewData, isClockingOut: boolean): FieldErrors<StopValues> {
  const errors: FieldErrors<StopValues> = {};
  errors.description = text(values.description)
    ? schemaError(clockOutBody.shape.description, text(values.description))
    : required('Description');
  if (view.isWorkOrderStatusFieldRequired && !values.workOrderStatusId) errors.workOrderStatusId = required('Work Order Status');
  if (view.isClockinServiceChannelWO && !values.scPrimaryStatus) errors.scPrimaryStatus = required('Primary Status');
  if (showsCorrigoStop(view)) {
    const corrigo = corrigoStopErrors({ status: values.corrigoWorkOrderStatus, comment: values.corrigoWorkOrderComment }, view.isCorrigoStatusRequired);
    errors.corrigoWorkOrderStatus = corrigo.status;
    errors.corrigoWorkOrderComment = corrigo.comment;
  }
  if (isClockingOut) {
    if (!values.userStatusId) errors.userStatusId = required('User Status');
    else if (needsCompanyDescription(view, values.userStatusId)) {
      errors.cDescription = text(values.cDescription)
        ? schemaError(clockOutBody.shape.cDescription, text(values.cDescription))
        : required('Company Description');
    }
  }
  if (needsEmployeeType(view) && !values.serviceTechnicianId) errors.serviceTechnicianId = required('Employee Type');
  return errors;
}

/** The first error in field order, or null when the form is valid. */
export function firstError<V>(errors: FieldErrors<V>): string | null {
  return (Object.values(errors) as (string | undefined)[]).find(Boolean) ?? null;
}

function rateFields(values: RateValues) {
  return {
    serviceTechnicianId: idOf(values.serviceTechnicianId),
    perDiemTypeId: idOf(values.perDiemTypeId) ?? 0,
    itemRateTypeId: idOf(values.itemRateTypeId),
    workOrderFlagId: idOf(values.workOrderFlagId),
  };
}

/**
 * When the labor starts: the moment of Save while the field still shows the "now" it opened with (so a start right
 * after a clock-out never lands before it), otherwise the time the technician entered.
 */
export function startTimeOf(values: StartValues, opening: StartValues, now = new Date()): Date {
  return values.start === opening.start ? now : dayjs(values.start).toDate();
}

/** The clock-in payload (spec platform 4.3: reached at site, the chosen user status or On Site, the fixed comment when none). */
export function toClockInBody(values: StartValues, view: StartViewData, position: LatLong | null, startAt: Date): ClockInBody {
  const start = startAt.toISOString();
  return {
    workOrderId: view.workOrderId,
    isReachedAtSite: true,
    userStatusId: idOf(values.userStatusId),
    noOfServiceChannelTechs: view.isClockinServiceChannelWO ? Number(values.noOfServiceChannelTechs) : 1,
    isOvertime: values.isOvertime,
    date: start,
    startTime: start,
    currentLatLong: position,
    comment: text(values.comment) || CLOCK_IN_COMMENT,
    isApprenticeRateApplied: values.isApprenticeRateApplied,
    rateSheetTruckTypeId: idOf(values.rateSheetTruckTypeId),
    ...rateFields(values),
  };
}

/** The clock-out payload of the open labor entry. */
export function toClockOutBody(values: StopValues, view: StartViewData): ClockOutBody {
  return {
    workOrderId: view.workOrderId,
    workOrderLaborId: view.workOrderLaborId ?? 0,
    description: text(values.description),
    cDescription: needsCompanyDescription(view, values.userStatusId) ? text(values.cDescription) : null,
    isOvertime: values.isOvertime,
    userStatusId: idOf(values.userStatusId),
    workOrderStatusId: idOf(values.workOrderStatusId),
    ...serviceChannelStop(values, view),
    ...corrigoStop(values, view),
    ...rateFields(values),
  };
}

/** The Corrigo status and comment, with the position Corrigo needs, when a status was chosen. */
function corrigoStop(values: StopValues, view: StartViewData) {
  if (!showsCorrigoStop(view) || !values.corrigoWorkOrderStatus) return {};
  return {
    corrigoWorkOrderStatus: values.corrigoWorkOrderStatus,
    corrigoWorkOrderComment: text(values.corrigoWorkOrderComment),
    currentLatLong: values.currentLatLong,
  };
}

/** The statuses a service-channel work order is left in, and the position the provider checks. */
function serviceChannelStop(values: StopValues, view: StartViewData) {
  if (!view.isClockinServiceChannelWO) return {};
  return {
    scPrimaryStatus: values.scPrimaryStatus,
    scExtendedStatus: showsScExtendedStatus(values.scPrimaryStatus) ? values.scExtendedStatus : null,
    currentLatLong: values.currentLatLong,
  };
}

/** Stop this work order and start `newWorkOrderId`: on the way there (En Route, not reached at site). */
export function toStartNewBody(values: StopValues, view: StartViewData, newWorkOrderId: number, position: LatLong): ClockOutAndStartBody {
  return {
    ...toClockOutBody({ ...values, userStatusId: String(USER_STATUS.EnRoute) }, view),
    newWorkOrderId,
    isReachedAtSite: false,
    noOfServiceChannelTechs: view.noOfServiceChannelTechs || 1,
    currentLatLong: position,
  };
}
