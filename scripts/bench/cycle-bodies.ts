import type { BenchUser } from './setup';

/*
 * The bodies of the clock-in and clock-out requests every side of the benchmark sends: the API load, the capture of the
 * bare statements and the plans.
 */

/** Comment written on every labor entry the bench opens, so that the cleanup finds them. */
export const BENCH_COMMENT = 'bench cycle';

/** User status at clock-out: At Shop (payable, needs no company description). */
const STATUS_AT_SHOP = 3;
/** Work order status at clock-out: To Be Continued; clock-in moves it to Onsite, so each cycle changes it twice. */
const WO_TO_BE_CONTINUED = 26;

export const clockInBodyOf = (user: BenchUser, startTime: Date) => ({
  workOrderId: user.workOrderId,
  startTime: startTime.toISOString(),
  isReachedAtSite: true,
  userStatusId: 1,
  serviceTechnicianId: user.itemId,
  currentLatLong: { latitude: 32.7767, longitude: -96.797 },
  comment: BENCH_COMMENT,
});

export const clockOutBodyOf = (user: BenchUser, laborId: number) => ({
  workOrderId: user.workOrderId,
  workOrderLaborId: laborId,
  description: 'Checked the unit; coming back with parts.',
  userStatusId: STATUS_AT_SHOP,
  workOrderStatusId: WO_TO_BE_CONTINUED,
  serviceTechnicianId: user.itemId,
  currentLatLong: { latitude: 32.7767, longitude: -96.797 },
});
