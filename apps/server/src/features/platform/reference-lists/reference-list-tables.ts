import type { ReferenceListKey } from '@sm/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  baseCities, customerFlagLinks, customers, customerFlags, discountReasons, payRaises, payRaiseTypes, districts, markupGroups, jobTitles, materialStatuses, regions, sopDetails, sopStatuses, sopTypes, standardItems, userStatuses, users, workOrderClasses, companyListRows, companySettings, perDiemTypes,
  workOrderFlags, workOrderLabor, collectionTaskTemplates, collectionTaskAssignments, collectionTasks, equipment, shipToAddresses, vendors, warehouses, equipmentCategories, equipmentMakes, equipmentModels, refrigerants, voltages, workOrderStandardItems, workOrderStatuses, workOrders,
  vehicleFlagLinks, vehicles, commissionRates, salesTagLinks, projects, projectCrew, projectPermits, projectSubcontractors,
} from '../../../db/schema';

/** A place that points at a list's rows: deleting a row it names is refused. */
export interface ListUsage {
  table: PgTable;
  /** The column holding the row's id, or an expression of it (a field of a settings form's values). */
  column: PgColumn | SQL;
  /** Which rows of the using table count, when not all of them. */
  where?: SQL;
  /** The using table's company, so the count stays inside the caller's company. */
  subscriberId: PgColumn;
  /** For the sentence, one and many: "used by 1 work order", "used by 3 work orders". */
  label: [one: string, many: string];
}

/** Where a list lives in the database: its table, the column of each field, and what uses its rows. */
export interface ListStorage {
  table: PgTable;
  id: PgColumn;
  /** Absent for the global lists of the specification. */
  subscriberId?: PgColumn;
  /** For a list sharing its table with others: the column telling them apart (and its property), and this list's value. */
  discriminator?: { column: PgColumn; property: string; value: string };
  isActive?: PgColumn;
  /** The column of each field of the shared description (`name` included). */
  columns: Record<string, PgColumn>;
  usages: ListUsage[];
}

/** The short lists of a company: id, company, name, isActive. */
const companyList = (t: typeof workOrderClasses, usages: ListUsage[] = []): ListStorage => ({
  table: t,
  id: t.id,
  subscriberId: t.subscriberId,
  isActive: t.isActive,
  columns: { name: t.name },
  usages,
});

/** One kind of discount reason: the rows of the one list of reasons that apply to labor, items or freight. */
const discountReasonsOf = (kind: 'labor' | 'item' | 'freight'): ListStorage => ({
  table: discountReasons,
  id: discountReasons.id,
  subscriberId: discountReasons.subscriberId,
  discriminator: { column: discountReasons.appliesTo, property: 'appliesTo', value: kind },
  isActive: discountReasons.isActive,
  columns: { name: discountReasons.name },
  // Discounted lines keep the reason's words, so no row ever points at a reason.
  usages: [],
});

/** A list kept in the shared table of simple lists, its extra fields mapped to the table's typed columns. */
const sharedList = (key: ReferenceListKey, extra: Record<string, PgColumn> = {}, usages: ListUsage[] = []): ListStorage => ({
  table: companyListRows,
  id: companyListRows.id,
  subscriberId: companyListRows.subscriberId,
  discriminator: { column: companyListRows.listKey, property: 'listKey', value: key },
  isActive: companyListRows.isActive,
  columns: { name: companyListRows.name, ...extra },
  usages,
});

/** The customer defaults form names a term, a billing method and a payment method by id. */
const customerDefaultsUse = (field: string): ListUsage => ({
  table: companySettings,
  column: sql`(${companySettings.values}->>${field})::integer`,
  where: sql`${companySettings.formKey} = 'customerDefaultSetting'`,
  subscriberId: companySettings.subscriberId,
  label: ['customer defaults form', 'customer defaults forms'],
});

/** A piece of equipment names its category, make, model, refrigerant and voltage by id. */
const equipmentUse = (column: PgColumn): ListUsage => ({ table: equipment, column, subscriberId: equipment.subscriberId, label: ['piece of equipment', 'pieces of equipment'] });

/** A warehouse names its type and, for a truck, its truck stock type by id. */
const warehouseUse = (column: PgColumn): ListUsage => ({ table: warehouses, column, subscriberId: warehouses.subscriberId, label: ['warehouse', 'warehouses'] });

/** A vehicle names its description and status by id. */
const vehicleUse = (column: PgColumn): ListUsage => ({ table: vehicles, column, subscriberId: vehicles.subscriberId, label: ['vehicle', 'vehicles'] });
/** A project names its type and job status, its crew a crew member, its permits a type and status, its subcontractors one of the list. */
const projectUse = (column: PgColumn): ListUsage => ({ table: projects, column, subscriberId: projects.subscriberId, label: ['project', 'projects'] });
const permitUse = (column: PgColumn): ListUsage => ({ table: projectPermits, column, subscriberId: projectPermits.subscriberId, label: ['project permit', 'project permits'] });

/** A customer names its terms, billing method and payment method by id. */
const customerUse = (column: PgColumn): ListUsage => ({ table: customers, column, subscriberId: customers.subscriberId, label: ['customer', 'customers'] });

/**
 * The server half of each reference list's description (the shared half is `REFERENCE_LISTS`). The usages name
 * every reference to a list's rows, including those without a foreign key (a user's job title) and those whose
 * foreign key would silently cascade (a customer's flags), so a row in use is never deleted from under them.
 */
export const LIST_STORAGE: Record<ReferenceListKey, ListStorage> = {
  workOrderClasses: companyList(workOrderClasses, [
    { table: workOrders, column: workOrders.workOrderClassId, subscriberId: workOrders.subscriberId, label: ['work order', 'work orders'] },
  ]),
  jobTitles: companyList(jobTitles, [{ table: users, column: users.jobTitleId, subscriberId: users.subscriberId, label: ['user', 'users'] }]),
  regions: companyList(regions, [
    { table: districts, column: districts.regionId, subscriberId: districts.subscriberId, label: ['district', 'districts'] },
    { table: users, column: users.regionId, subscriberId: users.subscriberId, label: ['user', 'users'] },
  ]),
  districts: {
    table: districts,
    id: districts.id,
    subscriberId: districts.subscriberId,
    isActive: districts.isActive,
    columns: { name: districts.name, regionId: districts.regionId },
    usages: [{ table: users, column: users.districtId, subscriberId: users.subscriberId, label: ['user', 'users'] }],
  },
  baseCities: companyList(baseCities, [{ table: users, column: users.baseCityId, subscriberId: users.subscriberId, label: ['user', 'users'] }]),
  customerFlags: {
    table: customerFlags,
    id: customerFlags.id,
    subscriberId: customerFlags.subscriberId,
    columns: { name: customerFlags.name },
    usages: [{ table: customerFlagLinks, column: customerFlagLinks.customerFlagId, subscriberId: customerFlagLinks.subscriberId, label: ['customer', 'customers'] }],
  },
  workOrderFlags: {
    table: workOrderFlags,
    id: workOrderFlags.id,
    subscriberId: workOrderFlags.subscriberId,
    columns: { name: workOrderFlags.name },
    usages: [{ table: workOrderLabor, column: workOrderLabor.workOrderFlagId, subscriberId: workOrderLabor.subscriberId, label: ['labor entry', 'labor entries'] }],
  },
  standardItems: {
    table: standardItems,
    id: standardItems.id,
    subscriberId: standardItems.subscriberId,
    isActive: standardItems.isActive,
    columns: { name: standardItems.name, description: standardItems.description, price: standardItems.price, itemGlGroupId: standardItems.itemGlGroupId },
    usages: [
      { table: workOrderStandardItems, column: workOrderStandardItems.standardItemId, subscriberId: workOrderStandardItems.subscriberId, label: ['work order item', 'work order items'] },
    ],
  },
  workOrderStatuses: { table: workOrderStatuses, id: workOrderStatuses.id, columns: { name: workOrderStatuses.name }, usages: [] },
  userStatuses: { table: userStatuses, id: userStatuses.id, columns: { name: userStatuses.name }, usages: [] },
  materialStatuses: { table: materialStatuses, id: materialStatuses.id, columns: { name: materialStatuses.name }, usages: [] },
  markupGroups: {
    table: markupGroups,
    id: markupGroups.id,
    subscriberId: markupGroups.subscriberId,
    isActive: markupGroups.isActive,
    columns: { name: markupGroups.name, markupPercent: markupGroups.markupPercent },
    // Lines keep the group's name and percentage as they were when priced, so no row ever points at a group.
    usages: [],
  },
  laborDiscountReasons: discountReasonsOf('labor'),
  itemDiscountReasons: discountReasonsOf('item'),
  freightDiscountReasons: discountReasonsOf('freight'),
  sopTypes: companyList(sopTypes, [{ table: sopDetails, column: sopDetails.sopTypeId, subscriberId: sopDetails.subscriberId, label: ['SOP', 'SOPs'] }]),
  payRaiseTypes: companyList(payRaiseTypes, [{ table: payRaises, column: payRaises.payRaiseTypeId, subscriberId: payRaises.subscriberId, label: ['pay raise', 'pay raises'] }]),
  sopStatuses: { table: sopStatuses, id: sopStatuses.id, columns: { name: sopStatuses.name }, usages: [] },
  bonusSpiffTypes: sharedList('bonusSpiffTypes'),
  ptoTypes: sharedList('ptoTypes'),
  loanTypes: sharedList('loanTypes'),
  reimbursementTypes: sharedList('reimbursementTypes'),
  frequencyTypes: sharedList('frequencyTypes'),
  allowanceTypes: sharedList('allowanceTypes', { amount: companyListRows.amount }),
  perDiemTypes: {
    table: perDiemTypes,
    id: perDiemTypes.id,
    // The shared N/A row (no company) is the clock's "none" and is not the company's to change.
    subscriberId: perDiemTypes.subscriberId,
    isActive: perDiemTypes.isActive,
    columns: { name: perDiemTypes.name, amount: perDiemTypes.amount },
    usages: [{ table: workOrderLabor, column: workOrderLabor.perDiemTypeId, subscriberId: workOrderLabor.subscriberId, label: ['labor entry', 'labor entries'] }],
  },
  workOrderRelatedPerDiem: sharedList('workOrderRelatedPerDiem', { amount: companyListRows.amount }),
  quoteInclusionExclusion: sharedList('quoteInclusionExclusion', { kind: companyListRows.kind }),
  msaCostSheet: sharedList('msaCostSheet', { cost: companyListRows.amount }),
  socialMediaDiscount: sharedList('socialMediaDiscount', { discountPercent: companyListRows.percent }),
  woFlagEvents: sharedList('woFlagEvents'),
  locations: sharedList('locations', { description: companyListRows.description }),
  paymentMethods: sharedList('paymentMethods', {}, [customerDefaultsUse('paymentMethodId'), customerUse(customers.paymentMethodId)]),
  billingMethods: sharedList('billingMethods', {}, [customerDefaultsUse('billingMethodId'), customerUse(customers.billingMethodId)]),
  terms: sharedList('terms', { netDays: companyListRows.wholeNumber }, [
    customerDefaultsUse('termsId'),
    customerUse(customers.termsId),
    { table: vendors, column: vendors.termsId, subscriberId: vendors.subscriberId, label: ['vendor', 'vendors'] },
  ]),
  customerQuestions: sharedList('customerQuestions', { answerType: companyListRows.kind }),
  equipmentCategories: {
    table: equipmentCategories,
    id: equipmentCategories.id,
    subscriberId: equipmentCategories.subscriberId,
    isActive: equipmentCategories.isActive,
    columns: { name: equipmentCategories.name, applianceType: equipmentCategories.applianceType, leakRatePercent: equipmentCategories.leakRatePercent },
    usages: [
      equipmentUse(equipment.categoryId),
      {
        table: companyListRows,
        column: companyListRows.wholeNumber,
        where: sql`${companyListRows.listKey} = 'pmCategoryTemplates'`,
        subscriberId: companyListRows.subscriberId,
        label: ['PM category template', 'PM category templates'],
      },
    ],
  },
  equipmentMakes: companyList(equipmentMakes, [
    { table: equipmentModels, column: equipmentModels.makeId, subscriberId: equipmentModels.subscriberId, label: ['model', 'models'] },
    equipmentUse(equipment.makeId),
  ]),
  equipmentModels: {
    table: equipmentModels,
    id: equipmentModels.id,
    subscriberId: equipmentModels.subscriberId,
    isActive: equipmentModels.isActive,
    columns: { name: equipmentModels.name, makeId: equipmentModels.makeId },
    usages: [equipmentUse(equipment.modelId)],
  },
  refrigerants: {
    table: refrigerants,
    id: refrigerants.id,
    subscriberId: refrigerants.subscriberId,
    isActive: refrigerants.isActive,
    columns: { name: refrigerants.name, kind: refrigerants.kind, chargeThresholdPounds: refrigerants.chargeThresholdPounds },
    usages: [equipmentUse(equipment.refrigerantId)],
  },
  voltages: companyList(voltages, [equipmentUse(equipment.voltageId)]),
  // A contract copies the frequency's rule and the template's tasks, so no row ever points at them.
  pmFrequencies: sharedList('pmFrequencies', { rule: companyListRows.description }),
  pmTasks: sharedList('pmTasks'),
  pmCategoryTemplates: sharedList('pmCategoryTemplates', { categoryId: companyListRows.wholeNumber, tasks: companyListRows.lines }),
  pmCompanyTemplates: sharedList('pmCompanyTemplates', { tasks: companyListRows.lines }),
  wareHouseTypes: sharedList('wareHouseTypes', {}, [warehouseUse(warehouses.typeId)]),
  truckStockTypes: sharedList('truckStockTypes', {}, [warehouseUse(warehouses.truckStockTypeId)]),
  warehouses: {
    table: warehouses,
    id: warehouses.id,
    subscriberId: warehouses.subscriberId,
    isActive: warehouses.isActive,
    columns: {
      name: warehouses.name, typeId: warehouses.typeId, street: warehouses.street, city: warehouses.city, state: warehouses.state, zip: warehouses.zip,
      isTruck: warehouses.isTruck, technicianId: warehouses.technicianId, truckStockTypeId: warehouses.truckStockTypeId,
    },
    usages: [],
  },
  vendors: {
    table: vendors,
    id: vendors.id,
    subscriberId: vendors.subscriberId,
    isActive: vendors.isActive,
    columns: {
      name: vendors.name, accountNumber: vendors.accountNumber, termsId: vendors.termsId, phone: vendors.phone, email: vendors.email, street: vendors.street, city: vendors.city,
      state: vendors.state, zip: vendors.zip, contactName: vendors.contactName, contactPhone: vendors.contactPhone, contactEmail: vendors.contactEmail, notes: vendors.notes,
    },
    usages: [],
  },
  shipToAddresses: {
    table: shipToAddresses,
    id: shipToAddresses.id,
    subscriberId: shipToAddresses.subscriberId,
    columns: {
      name: shipToAddresses.name, street: shipToAddresses.street, city: shipToAddresses.city, state: shipToAddresses.state, zip: shipToAddresses.zip,
      phone: shipToAddresses.phone, isDefault: shipToAddresses.isDefault,
    },
    usages: [],
  },
  collectionTaskTemplates: {
    table: collectionTaskTemplates,
    id: collectionTaskTemplates.id,
    subscriberId: collectionTaskTemplates.subscriberId,
    isActive: collectionTaskTemplates.isActive,
    columns: {
      name: collectionTaskTemplates.name, bucket: collectionTaskTemplates.bucket, action: collectionTaskTemplates.action,
      dueInDays: collectionTaskTemplates.dueInDays, instructions: collectionTaskTemplates.instructions,
    },
    usages: [{ table: collectionTasks, column: collectionTasks.templateId, subscriberId: collectionTasks.subscriberId, label: ['collection task', 'collection tasks'] }],
  },
  collectionTaskAssignments: {
    table: collectionTaskAssignments,
    id: collectionTaskAssignments.id,
    subscriberId: collectionTaskAssignments.subscriberId,
    isActive: collectionTaskAssignments.isActive,
    columns: { name: collectionTaskAssignments.name, bucket: collectionTaskAssignments.bucket, userId: collectionTaskAssignments.userId },
    usages: [],
  },
  fleetDescriptions: sharedList('fleetDescriptions', {}, [vehicleUse(vehicles.fleetDescriptionId)]),
  fleetStatuses: sharedList('fleetStatuses', {}, [vehicleUse(vehicles.fleetStatusId)]),
  salesClasses: sharedList('salesClasses', {}, [
    { table: companyListRows, column: companyListRows.wholeNumber, where: sql`${companyListRows.listKey} = 'salesItems'`, subscriberId: companyListRows.subscriberId, label: ['sales item', 'sales items'] },
    { table: commissionRates, column: commissionRates.salesClassId, subscriberId: commissionRates.subscriberId, label: ['commission rate', 'commission rates'] },
  ]),
  salesItems: sharedList('salesItems', { salesClassId: companyListRows.wholeNumber, isCommissionable: companyListRows.flag }, [
    { table: workOrders, column: workOrders.salesItemId, subscriberId: workOrders.subscriberId, label: ['work order', 'work orders'] },
  ]),
  salesFlags: sharedList('salesFlags', { color: companyListRows.kind }, [
    { table: salesTagLinks, column: salesTagLinks.salesTagId, subscriberId: salesTagLinks.subscriberId, label: ['tagged record', 'tagged records'] },
  ]),
  fleetFlags: sharedList('fleetFlags', {}, [{ table: vehicleFlagLinks, column: vehicleFlagLinks.fleetFlagId, subscriberId: vehicleFlagLinks.subscriberId, label: ['vehicle', 'vehicles'] }]),
  dischargeGroup: sharedList('dischargeGroup'),
  surveyClassTypes: sharedList('surveyClassTypes'),
  pipelineStatuses: sharedList('pipelineStatuses'),
  workOrderJobArea: sharedList('workOrderJobArea'),
  jobStatuses: sharedList('jobStatuses', {}, [projectUse(projects.jobStatusId)]),
  crewMembers: sharedList('crewMembers', {}, [{ table: projectCrew, column: projectCrew.crewMemberId, subscriberId: projectCrew.subscriberId, label: ['project crew', 'project crews'] }]),
  permitTypes: sharedList('permitTypes', {}, [permitUse(projectPermits.permitTypeId)]),
  pitTypes: sharedList('pitTypes'),
  wellTypes: sharedList('wellTypes'),
  installTypes: sharedList('installTypes'),
  projectTypes: sharedList('projectTypes', {}, [projectUse(projects.projectTypeId)]),
  subContractors: sharedList('subContractors', {}, [
    { table: projectSubcontractors, column: projectSubcontractors.subContractorId, subscriberId: projectSubcontractors.subscriberId, label: ['project', 'projects'] },
  ]),
  permitStatuses: sharedList('permitStatuses', {}, [permitUse(projectPermits.permitStatusId)]),
  rowApprovalTypes: sharedList('rowApprovalTypes'),
};
