import type { Requirement } from '@sm/shared';

/** The administrator's outbox page (spec platform 2.1: account settings live under /administration). */
export const EMAIL_OUTBOX_PATH = '/administration/emailOutbox';

/** Who may open it: the Email Settings permission, as its API asks. */
export const EMAIL_OUTBOX_REQUIREMENT: Requirement = { kind: 'area', area: 'Email Settings', level: 'read' };
