import type { LeakRepair, RefrigerantMovement } from '@sm/shared';

/** Examples of the OpenAPI document: the second addition to a 40 lb rack, 30 days after the first. */
export const EXAMPLE_MOVEMENT: RefrigerantMovement = {
  refrigerantMovementId: 88, workOrderId: 1204, workOrderNumber: '10452', equipmentId: 41, equipmentName: 'Rack A', kind: 'added', refrigerantId: 2,
  refrigerantName: 'R-404A', amountOunces: 32, amountText: '2 lb', cylinder: 'CYL-20931', technicianName: 'Tom Alvarez', certificationNumber: '608-UNIV-48211',
  occurredAt: '2026-11-25T15:30:00.000Z', occurredOn: '2026-11-25', leakRateMethod: 'annualizing', leakRatePercent: 60.83, leakThresholdPercent: 20,
  isLeakRateExceeded: true,
};

export const EXAMPLE_REPAIR: LeakRepair = {
  leakRepairId: 7, equipmentId: 41, equipmentName: 'Rack A', customerId: 12, customerName: 'Downtown Grill', leakRatePercent: 60.83, leakThresholdPercent: 20,
  openedOn: '2026-11-25', dueOn: '2026-12-25', isOverdue: false, isIndustrialShutdown: false, verificationWorkOrderId: 1210, verificationWorkOrderNumber: '10458',
  repairedOn: null, initialTestOn: null, initialTestPassed: null, followUpTestOn: null, followUpTestPassed: null, isClosed: false,
};
