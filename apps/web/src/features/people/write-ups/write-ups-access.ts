import type { Requirement } from '@sm/shared';

/** Managers read write-ups with the Team Leader area, and write them with its write level (as the server checks). */
export const WRITE_UPS_READ: Requirement = { kind: 'area', area: 'Team Leader', level: 'read' };
export const WRITE_UPS_WRITE: Requirement = { kind: 'area', area: 'Team Leader', level: 'write' };
export const WRITE_UPS_PATH = '/management/writeUps';
