/** Where the SOP pages live (spec platform 2.1 administration sop, 3.10, 3.11). */
export const SOP_PATHS = {
  details: '/administration/sop/sopDetails',
  acknowledgements: '/administration/sop/usersAcknowledgedSopDetails',
  myNotifications: '/notifications/sopNotifications',
  myCheckList: '/notifications/taskListNotifications',
} as const;

/** Who acknowledged one SOP: the acknowledgements page filtered by it. */
export const sopAcknowledgementsPath = (sopDetailId: number) => `${SOP_PATHS.acknowledgements}?sopDetailId=${sopDetailId}`;
