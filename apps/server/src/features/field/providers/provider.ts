import type { CorrigoCheckOut, CorrigoCustomerSettings, CorrigoProcedure, CorrigoProcedureUpdate, CorrigoWorkOrderStatus } from '@sm/shared';

/**
 * What the rest of the product asks of the providers, as types only: each provider's client implements them, so this
 * module imports no client.
 */

/** A position as the browser gave it: where the technician is, and how sure the browser is (metres). */
export interface ProviderPosition {
  latitude: number;
  longitude: number;
  accuracy?: number | null;
}

/** The provider's work order in the fields the product keeps. */
export interface CorrigoWorkOrderSummary {
  id: number;
  number: string;
  customerId: number;
  /** Null when the provider answered a status the product does not know. */
  status: CorrigoWorkOrderStatus | null;
  nteAmount: number;
}

/**
 * What the product asks of the facilities-management provider, in the product's own shapes. Every method throws
 * ProviderError with a sentence for the technician when the provider refuses, fails or does not answer; the
 * status-changing ones answer the provider's new status.
 */
export interface CorrigoAdapter {
  getCustomerSettings(corrigoCustomerId: number): Promise<CorrigoCustomerSettings>;
  getWorkOrder(corrigoWorkOrderId: number): Promise<CorrigoWorkOrderSummary>;
  getProcedures(corrigoWorkOrderId: number): Promise<CorrigoProcedure[]>;
  updateProcedureSteps(corrigoWorkOrderId: number, procedureId: number, steps: CorrigoProcedureUpdate['steps']): Promise<CorrigoProcedure[]>;
  /** Pause (from CheckedIn) or check in (from Accepted or Paused); both carry the technician's position. */
  changeStatus(corrigoWorkOrderId: number, change: { status: 'Paused' | 'CheckedIn'; comment?: string | null; position: ProviderPosition }): Promise<CorrigoWorkOrderStatus>;
  /** Check-out with the wizard's answers; `settings` names the repair category and code as the provider wants them. */
  checkOut(
    corrigoWorkOrderId: number,
    input: Pick<CorrigoCheckOut, 'comment' | 'customFields' | 'repairInfo'>,
    position: ProviderPosition,
    settings: CorrigoCustomerSettings,
  ): Promise<CorrigoWorkOrderStatus>;
}
