import type { Requirement } from '@sm/shared';

/** Vendor credits are kept under Purchase Orders: read to see them, write to open, match, apply and cancel them. */
export const VENDOR_CREDIT_REQUIREMENT: Requirement = { kind: 'area', area: 'Purchase Orders', level: 'read' };
export const VENDOR_CREDIT_WRITE: Requirement = { kind: 'area', area: 'Purchase Orders', level: 'write' };
