import type { Requirement } from './access';

/** Who reads the office's reports: Reports read with All Reports (a sales person's Sales Reports are their own). */
export const REPORTS_READ: Requirement = { kind: 'area', area: 'Reports', level: 'read', functionality: 'All Reports' };
