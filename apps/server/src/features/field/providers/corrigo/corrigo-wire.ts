import type { CorrigoDataType, CorrigoStepStatus, CorrigoWorkOrderStatus } from '@sm/shared';

/**
 * The provider's own JSON (PascalCase, as CorrigoPro Direct writes it). The simulator speaks it and the adapter
 * reads it; only the mapper turns it into the product's shapes, so a change at the provider touches one file.
 */

export interface WireLocation {
  Latitude: number;
  Longitude: number;
}

export interface WireRepairCode {
  Id: number;
  Code: string;
}

export interface WireRepairCategory {
  Id: number;
  Category: string;
  Codes: WireRepairCode[];
}

export interface WireCustomFieldDefinition {
  Id: number;
  Label: string;
  /** Allowed values when the field is a choice; empty for free input. Case-sensitive. */
  Values: string[];
  DataType: CorrigoDataType;
  DataLength: number | null;
  IsDeleted: boolean;
  IsReadonly: boolean;
  /** Whether the customer requires the field at check-out. */
  IsRequired: boolean;
  CurrencyCode: string | null;
}

export interface WirePriority {
  Id: number;
  Name: string;
  RespondInMinutes: number;
  DueInHours: number;
  IsEmergency: boolean;
}

export interface WireCustomerSettings {
  CustomerId: number;
  CustomerName: string;
  IsRepairCodeRequired: boolean;
  /** Whether an ActualActionDate (backdating) is accepted on check-in, pause and check-out. */
  IsBackdatingAllowed: boolean;
  RepairCategories: WireRepairCategory[];
  CustomFields: WireCustomFieldDefinition[];
  Priorities: WirePriority[];
}

export interface WireStep {
  Id: number;
  Order: number;
  Description: string;
  Label: string | null;
  /** 'Text' steps take a value; 'Checkbox' steps are done or not. */
  StepType: string;
  DataType: CorrigoDataType;
  IsRequired: boolean;
  State: CorrigoStepStatus;
  Value: string | null;
  Comment: string | null;
  FlagReason: string | null;
  CurrencyCode: string | null;
}

export interface WireProcedure {
  Id: number;
  Name: string;
  Order: number;
  State: CorrigoStepStatus;
  Asset: { Name: string } | null;
  AllowNotApplicable: boolean;
  Steps: WireStep[];
}

export interface WireWorkOrder {
  Id: number;
  Number: string;
  CustomerId: number;
  Status: CorrigoWorkOrderStatus;
  /** A preventive-maintenance order may be checked out without its completion data (NeedsCompletionDetails). */
  TypeCategory: 'CustomerRequest' | 'PreventiveMaintenance';
  Nte: { Amount: number; CurrencyCode: string };
}

export interface WireStepUpdate {
  Id: number;
  Value: string | null;
  Comment: string | null;
  State: CorrigoStepStatus;
}

export interface WireCheckOut {
  Comment: string;
  Location: WireLocation;
  Procedures: { Id: number; Steps: WireStepUpdate[] }[];
  RepairInfo: { CodeId: number; Code: string; CategoryId: number; Category: string } | null;
  CustomFields: { Id: number; Value: string | null; DataType: CorrigoDataType }[];
  ActualActionDate?: string;
}

export interface WireStatusAnswer {
  WorkOrderId: number;
  Status: CorrigoWorkOrderStatus;
}
