/** Business constants and limits (spec platform 9, clock 9). */
export const TOKEN_REFRESH_WINDOW_MINUTES = 30;
export const ACCESS_TOKEN_LIFETIME_HOURS = 10;
export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const PAGE_BUTTONS = 10;
export const GRID_DEFAULT_TAKE = 100;
export const TECHNICIAN_WORK_ORDERS_DEFAULT_TAKE = 3;
/** How long an asynchronous select's (and a search box's) typing must pause before it asks the server (clock 9). */
export const AUTOCOMPLETE_DEBOUNCE_MS = 400;
/** How long typing in a form must pause before it is checked or previewed (clock 9). */
export const FORM_DEBOUNCE_MS = 300;
export const REALTIME_RECONNECT_DELAYS_MS = [0, 2000, 10000, 30000] as const;
export const REALTIME_MANUAL_RETRY_MS = 120_000;
export const AREA_LOAD_TIMEOUT_MS = 120_000;
export const CLOCK_IN_USER_STATUS_ID = 1;
export const CLOCK_IN_COMMENT = 'WorkOrder Started By Service Managed';
export const THEME_PRIMARY = '#337ab7';
/** Popup windows (spec platform 2.5, 9): 500 by 500, resizable, without a toolbar. */
export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 500;
export const DEFAULT_PAGE_TITLE = 'Service Managed';
export const EQUIPMENT_CATEGORIES = ['Refrigeration', 'Air Conditioning', 'Cooking Equipment'] as const;
export const UNAUTHORIZED_ACCESS_TEXT =
  "You don't have permission to access this resource, or the access token has expired.";

/** Work-order status ids (spec platform 4.9). */
export const WORK_ORDER_STATUSES: ReadonlyArray<{ workOrderStatusId: number; workOrderStatus: string }> = [
  [1, 'N/A'], [2, 'Equipment Ordered'], [3, 'Need Attachment'], [4, 'Fix Work Description'], [5, 'Leak Test'],
  [6, 'Reviewed'], [7, 'Onsite'], [8, 'Credit Hold'], [9, 'AM Service'], [10, 'Parts Ordered'],
  [11, 'Need To Order Parts'], [12, 'Fix Time'], [13, 'ToDo'], [14, 'Tech Service Needed'],
  [15, 'Pending Customer Approval'], [16, 'PM'], [17, 'Schedule With Customer'], [18, 'Parts Here'],
  [19, 'Re-Opened'], [20, 'Parts Reordered'], [21, 'Pick Up Parts Locally'], [22, 'WO Canceled'], [23, 'Tesla'],
  [24, 'Part Ordered By Customer'], [25, 'Duplicate'], [26, 'To Be Continued'], [27, 'Billed'],
  [28, 'Quote Approved'], [29, 'Hold Ticket'], [30, 'Service Manager Review'], [31, 'Urgent'],
  [32, 'Get Ticket Signed'], [33, 'Get NTE Raised'], [34, 'Need Quote'], [35, 'Quote Pending'],
  [36, 'Waiting On Order Info'], [37, 'Get MM Serial'], [38, 'Completed'], [39, 'Put Parts Info In'],
  [40, 'Waiting On Sub Contractor'], [41, 'Two Man Job'], [42, 'Back Ordered'], [43, 'Return Parts For Credit'],
  [44, 'Quote Open'], [45, 'Quote Submitted'], [46, 'NTE Raise Requested'], [47, 'Performs ITE Survey'],
  [48, 'Install Scheduled'], [50, 'En Route'], [51, 'Waiting For IVR Status Change'], [53, 'Invoice Submitted'],
  [61, 'Follow Up Visit'], [79, 'Parts On Van'], [80, 'Parts At Warehouse'],
].map(([workOrderStatusId, workOrderStatus]) => ({
  workOrderStatusId: workOrderStatusId as number,
  workOrderStatus: workOrderStatus as string,
}));

export const WORK_ORDER_STATUS = {
  NA: 1,
  LeakTest: 5,
  NeedAttachment: 3,
  Reviewed: 6,
  Onsite: 7,
  ToDo: 13,
  PM: 16,
  ToBeContinued: 26,
  CreditHold: 8,
  Billed: 27,
  Completed: 38,
  QuoteSubmitted: 45,
  NteRaiseRequested: 46,
  EnRoute: 50,
  InvoiceSubmitted: 53,
} as const;

/** Material status ids (spec platform 4.10). */
export const MATERIAL_STATUSES: ReadonlyArray<{ materialStatusId: number; materialStatus: string }> = [
  [1, 'Manufacture Warranty'], [2, 'Sold From Inventory'], [3, 'In-House Warranty'], [4, 'Put In Inventory'],
  [5, 'Canceled'], [6, 'Incurred'], [7, 'Parts Warranty'], [8, 'Proposed From Inventory'], [9, 'Part Transferred'],
  [10, 'Proposed'], [11, 'Part Stolen'], [12, 'Part Damaged Unusable'], [13, 'Accidentally Entered'],
  [14, 'Returned For Credit'], [17, 'Not Billable Incurred'],
].map(([materialStatusId, materialStatus]) => ({ materialStatusId: materialStatusId as number, materialStatus: materialStatus as string }));

/** Work-order priorities, lowest first. */
export const WORK_ORDER_PRIORITIES = ['Low', 'Normal', 'High', 'Emergency'] as const;

/** The standard item whose price is typed on each use (spec platform 9). */
export const TOLL_ITEM_NAME = 'Toll';

/** User work statuses (spec platform 4.2); id 1 is used at clock-in, id 11 needs a description. */
export const USER_STATUSES: ReadonlyArray<{
  userStatusId: number;
  userStatus: string;
  isPayable: boolean;
  needsDescription: boolean;
}> = [
  { userStatusId: 1, userStatus: 'On Site', isPayable: true, needsDescription: false },
  { userStatusId: 2, userStatus: 'En Route', isPayable: true, needsDescription: false },
  { userStatusId: 3, userStatus: 'At Shop', isPayable: true, needsDescription: false },
  { userStatusId: 4, userStatus: 'Picking Up Parts', isPayable: true, needsDescription: false },
  { userStatusId: 5, userStatus: 'Lunch', isPayable: false, needsDescription: false },
  { userStatusId: 6, userStatus: 'Available', isPayable: true, needsDescription: false },
  { userStatusId: 7, userStatus: 'Training', isPayable: true, needsDescription: false },
  { userStatusId: 8, userStatus: 'Sick', isPayable: false, needsDescription: false },
  { userStatusId: 9, userStatus: 'Vacation', isPayable: false, needsDescription: false },
  { userStatusId: 10, userStatus: 'Off Duty', isPayable: false, needsDescription: false },
  { userStatusId: 11, userStatus: 'Company Business', isPayable: true, needsDescription: true },
];

export const USER_STATUS = { OnSite: 1, EnRoute: 2, OffDuty: 10, CompanyBusiness: 11 } as const;

/** Scheduler (spec clock 9, platform 9): task length, colours, the range one request may cover, recurrence numbering. */
export const DEFAULT_TASK_DURATION_HOURS = 0.25;
export const MAX_TASK_DURATION_HOURS = 24;
export const TASK_COLORS = ['blue', 'red', 'gray', 'green', 'orange', 'purple'] as const;
export type TaskColor = (typeof TASK_COLORS)[number];
/** A month view with its padding weeks fits in 62 days. */
export const SCHEDULE_RANGE_MAX_DAYS = 62;
/** Companies start in this IANA time zone until they choose another. */
export const DEFAULT_TIME_ZONE = 'America/Chicago';
/** Recurrence weekdays: Monday = 1 ... Sunday = 7. */
export const RECURRENCE_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** Recurrence week index: first = 1 ... fourth = 4, last = -1. */
export const RECURRENCE_WEEK_INDEX = { first: 1, second: 2, third: 3, fourth: 4, last: -1 } as const;
