import type { Requirement } from '@sm/shared';

/** The refrigerant pages' addresses. */
export const REFRIGERANT_PATHS = { leakRepairs: '/equipments/leakRepairs' } as const;

/** Reading leak repairs and recording them: whoever sees every work order (the server's requirement too). */
export const LEAK_REPAIRS_READ: Requirement = { kind: 'area', area: 'Work Orders', level: 'read', functionality: 'All WorkOrders' };
export const LEAK_REPAIRS_WRITE: Requirement = { kind: 'area', area: 'Work Orders', level: 'write', functionality: 'All WorkOrders' };
