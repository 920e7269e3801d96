/**
 * The service-channel provider (ServiceChannel) as the product shows it (spec clock 3 and 4, providers.md): its
 * primary statuses, each with the extended statuses that may go with it, and the statuses a technician may leave a
 * work order in at check-out.
 */

/** A provider status as the Stop dialog offers it; a primary status carries the extended statuses that go with it. */
export interface ServiceChannelStatusOption {
  id: string;
  name: string;
  extended?: { id: string; name: string }[];
}

/**
 * The provider's standard statuses (providers.md "Statuses"), used whenever its own lists cannot be read. Customers
 * may add extended statuses; those come only from the provider. INVOICED is a billing status: providers cannot set it.
 */
export const SERVICE_CHANNEL_STATUSES: Readonly<Record<string, readonly string[]>> = {
  OPEN: ['DECLINED'],
  'IN PROGRESS': [
    'DISPATCH CONFIRMED', 'ON SITE', 'PARTS ON ORDER', 'INCOMPLETE', 'UNSATISFACTORY', 'WAITING FOR QUOTE', 'WAITING FOR APPROVAL', 'PROPOSAL APPROVED',
  ],
  COMPLETED: ['PENDING CONFIRMATION', 'CONFIRMED'],
};

/** The primary statuses a technician may choose when stopping; the Stop dialog starts on IN PROGRESS (spec clock 4). */
export const SC_STOP_PRIMARY_STATUSES = ['IN PROGRESS', 'COMPLETED'] as const;
export const SC_DEFAULT_PRIMARY_STATUS = 'IN PROGRESS';
export const SC_COMPLETED = 'COMPLETED';
/** A check-out sooner than this after the check-in counts as a miss on the provider's scorecard. */
export const SC_CHECK_MINUTES_MIN = 10;
/** The share of work orders a technician must meet on each measure for ServiceChannel's top tier, in percent. */
export const SC_TOP_TIER_SHARE = 90;

/** Whether the Stop dialog shows the extended status for a primary status: not once the work is COMPLETED (spec clock 4). */
export const showsScExtendedStatus = (primary: string | null | undefined) => !!primary && primary !== SC_COMPLETED;

/** The fixed status lists in the Stop dialog's shape. */
export function fixedServiceChannelStatuses(): ServiceChannelStatusOption[] {
  return SC_STOP_PRIMARY_STATUSES.map((primary) => ({
    id: primary,
    name: primary,
    extended: (SERVICE_CHANNEL_STATUSES[primary] ?? []).map((e) => ({ id: e, name: e })),
  }));
}
