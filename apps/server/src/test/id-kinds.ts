import { JOB_SETTINGS_LISTS } from '@sm/shared';
import { jsonOf } from './bad-input-cases';
import type { Route } from './route-sweep';

/**
 * What an id a route takes names, for the cross-company sweep (lib/cross-company-sweep.test.ts):
 * - `table`: a record of a company, `column` of the newest row of `table` with the company's `subscriber_id`
 *   (and `where`): the sweep sends another company's and expects it refused;
 * - `companionOf`: a part of another id's key (a quote's version beside its number, `column` of the newest row of
 *   `from`), sent with it, never alone;
 * - `shared`: a row of a table every company shares (statuses, roles): nothing of another company to name;
 * - `fixed`: one of a fixed list in the code;
 * - `outside`: an id of an outside system (Corrigo's procedures and fields), not a row of ours;
 * - `notAnId`: text or a counter whose name only looks like an id.
 */
export type IdKind =
  | { table: string; column?: string; where?: string }
  | { companionOf: string; from: string; column: string }
  | { shared: string }
  | { fixed: number }
  | { outside: string }
  | { notAnId: string };

/**
 * Every id name of the route table. A name is looked up as `<path segment>.<name>` for each static segment of the
 * route's path, last first, then alone: `jobTitles.id` is a job title while `ptoEntries.id` is a PTO entry. A route
 * that takes an id named nowhere here fails the sweep until its name is added.
 */
/** A row of one of the company's simple lists (company_list_rows). */
const listRowOf = (listKey: string): IdKind => ({ table: 'company_list_rows', where: `list_key = '${listKey}'` });

export const ID_KINDS: Record<string, IdKind> = {
  // People and the company's customers.
  userId: { table: 'users' },
  employeeId: { table: 'users' },
  technicianId: { table: 'users' },
  technicianIds: { table: 'users' },
  salesPersonId: { table: 'users' },
  teamLeaderIds: { table: 'users' },
  assignedUserIds: { table: 'users' },
  customerId: { table: 'customers' },
  excludeCustomerId: { table: 'customers' },
  billingCustomerId: { table: 'customers', where: 'is_billing_customer' },
  keepCustomerId: { table: 'customers' },
  mergeCustomerId: { table: 'customers' },
  contactId: { table: 'contacts' },
  customerPortalLinkId: { table: 'customer_portal_links' },
  customerAccessRequestId: { table: 'customer_access_requests' },
  clientAuthenticationId: { notAnId: 'the token of a customer portal link' },
  importId: { table: 'imports' },
  // Work orders and what hangs on them.
  workOrderId: { table: 'work_orders' },
  workorderId: { table: 'work_orders' },
  parentWorkOrderId: { table: 'work_orders' },
  newWorkOrderId: { table: 'work_orders' },
  workOrderNumber: { table: 'work_orders', column: 'work_order_number' },
  workOrderLaborId: { table: 'work_order_labor' },
  conflictId: { table: 'request_conflicts' },
  laborCorrectionRequestId: { table: 'labor_correction_requests' },
  materialId: { table: 'work_order_materials' },
  workOrderStandardItemId: { table: 'work_order_standard_items' },
  workOrderJobId: { table: 'work_order_jobs' },
  taskId: { table: 'work_order_equipment_tasks' },
  refrigerantMovementId: { table: 'refrigerant_movements' },
  leakRepairId: { table: 'leak_repairs' },
  certificationNumber: { notAnId: "a technician's EPA certification number, as he types it" },
  flagReminderId: { table: 'flag_reminders' },
  schedulerId: { table: 'schedule_items', where: "kind = 'service'" },
  'SalesScheduler.schedulerId': { table: 'schedule_items', where: "kind = 'sales'" },
  recurrenceId: { table: 'schedule_items', where: 'recurrence_rule is not null' },
  // Rate sheets and the company's own short lists.
  rateSheetStandardItemId: { table: 'rate_sheet_standard_items' },
  customerRateSheetId: { table: 'customer_rate_sheets' },
  technicianUserId: { table: 'users' },
  rateSheetTruckTypeId: { table: 'rate_sheet_trucks' },
  serviceTechnicianId: { table: 'rate_sheet_labor_items' },
  perDiemTypeId: { table: 'per_diem_types' },
  standardItemId: { table: 'standard_items' },
  workOrderClassId: { table: 'work_order_classes' },
  customerFlagIds: { table: 'customer_flags' },
  flagId: { table: 'work_order_flags' },
  workOrderFlagId: { table: 'work_order_flags' },
  regionId: { table: 'regions' },
  districtId: { table: 'districts' },
  baseCityId: { table: 'base_cities' },
  jobTitleId: { table: 'job_titles' },
  sopTypeId: { table: 'sop_types' },
  payRaiseTypeId: { table: 'pay_raise_types' },
  'workOrderClasses.id': { table: 'work_order_classes' },
  'jobTitles.id': { table: 'job_titles' },
  'regions.id': { table: 'regions' },
  'districts.id': { table: 'districts' },
  'baseCities.id': { table: 'base_cities' },
  'customerFlags.id': { table: 'customer_flags' },
  'workOrderFlags.id': { table: 'work_order_flags' },
  'standardItems.id': { table: 'standard_items' },
  'markupGroups.id': { table: 'markup_groups' },
  'laborDiscountReasons.id': { table: 'discount_reasons', where: "applies_to = 'labor'" },
  'itemDiscountReasons.id': { table: 'discount_reasons', where: "applies_to = 'item'" },
  'freightDiscountReasons.id': { table: 'discount_reasons', where: "applies_to = 'freight'" },
  'perDiemTypes.id': { table: 'per_diem_types' },
  // A customer's and the customer defaults form's terms, billing and payment method.
  termsId: { table: 'company_list_rows', where: "list_key = 'terms'" },
  billingMethodId: { table: 'company_list_rows', where: "list_key = 'billingMethods'" },
  paymentMethodId: { table: 'company_list_rows', where: "list_key = 'paymentMethods'" },
  'bonusSpiffTypes.id': { table: 'company_list_rows', where: "list_key = 'bonusSpiffTypes'" },
  'ptoTypes.id': { table: 'company_list_rows', where: "list_key = 'ptoTypes'" },
  'loanTypes.id': { table: 'company_list_rows', where: "list_key = 'loanTypes'" },
  'reimbursementTypes.id': { table: 'company_list_rows', where: "list_key = 'reimbursementTypes'" },
  'frequencyTypes.id': { table: 'company_list_rows', where: "list_key = 'frequencyTypes'" },
  'allowanceTypes.id': { table: 'company_list_rows', where: "list_key = 'allowanceTypes'" },
  'workOrderRelatedPerDiem.id': { table: 'company_list_rows', where: "list_key = 'workOrderRelatedPerDiem'" },
  'quoteInclusionExclusion.id': { table: 'company_list_rows', where: "list_key = 'quoteInclusionExclusion'" },
  'msaCostSheet.id': { table: 'company_list_rows', where: "list_key = 'msaCostSheet'" },
  'socialMediaDiscount.id': { table: 'company_list_rows', where: "list_key = 'socialMediaDiscount'" },
  'woFlagEvents.id': { table: 'company_list_rows', where: "list_key = 'woFlagEvents'" },
  'locations.id': { table: 'company_list_rows', where: "list_key = 'locations'" },
  'paymentMethods.id': { table: 'company_list_rows', where: "list_key = 'paymentMethods'" },
  'billingMethods.id': { table: 'company_list_rows', where: "list_key = 'billingMethods'" },
  'terms.id': { table: 'company_list_rows', where: "list_key = 'terms'" },
  'wareHouseTypes.id': { table: 'company_list_rows', where: "list_key = 'wareHouseTypes'" },
  'truckStockTypes.id': { table: 'company_list_rows', where: "list_key = 'truckStockTypes'" },
  'warehouses.typeId': { table: 'company_list_rows', where: "list_key = 'wareHouseTypes'" },
  truckStockTypeId: { table: 'company_list_rows', where: "list_key = 'truckStockTypes'" },
  'warehouses.id': { table: 'warehouses' },
  'vendors.id': { table: 'vendors' },
  // Inventory: items, the places stock is kept (a transfer goes from a warehouse to a truck) and transfer requests.
  itemId: { table: 'inventory_items' },
  warehouseId: { table: 'warehouses' },
  'openingStock[].warehouseId': { table: 'warehouses' },
  fromWarehouseId: { table: 'warehouses', where: 'not is_truck' },
  toWarehouseId: { table: 'warehouses', where: 'is_truck' },
  transferId: { table: 'stock_transfers' },
  preferredVendorId: { table: 'vendors' },
  markupGroupId: { table: 'markup_groups' },
  'shipToAddresses.id': { table: 'ship_to_addresses' },
  'collectionTaskTemplates.id': { table: 'collection_task_templates' },
  'collectionTaskAssignments.id': { table: 'collection_task_assignments' },
  'vendors.accountNumber': { notAnId: "the company's account number with the vendor" },
  vendorCreditId: { table: 'vendor_credits' },
  // Parts: where a transferred material goes, whom it is bought from and on which order.
  transferToWarehouseId: { table: 'warehouses' },
  vendorId: { table: 'vendors' },
  nextPurchaseOrderNumber: { notAnId: 'the number the next purchase order takes' },
  purchaseOrderId: { table: 'purchase_orders' },
  'PurchaseOrder.lineId': { table: 'purchase_order_lines' },
  'PurchaseOrder.vendorId': { table: 'vendors' },
  'PurchaseOrder.shipToAddressId': { table: 'ship_to_addresses' },
  'PurchaseOrder.warehouseId': { table: 'warehouses' },
  'PurchaseOrder.itemId': { table: 'inventory_items' },
  'customerQuestions.id': { table: 'company_list_rows', where: "list_key = 'customerQuestions'" },
  'sopTypes.id': { table: 'sop_types' },
  'payRaiseTypes.id': { table: 'pay_raise_types' },
  // Equipment information and the equipment register.
  'equipmentCategories.id': { table: 'equipment_categories' },
  'equipmentMakes.id': { table: 'equipment_makes' },
  'equipmentModels.id': { table: 'equipment_models' },
  'refrigerants.id': { table: 'refrigerants' },
  'voltages.id': { table: 'voltages' },
  makeId: { table: 'equipment_makes' },
  modelId: { table: 'equipment_models' },
  categoryId: { table: 'equipment_categories' },
  refrigerantId: { table: 'refrigerants' },
  voltageId: { table: 'voltages' },
  equipmentId: { table: 'equipment' },
  equipmentIds: { table: 'equipment' },
  pmContractId: { table: 'pm_contracts' },
  frequencyId: { table: 'company_list_rows', where: "list_key = 'pmFrequencies'" },
  templateId: { table: 'company_list_rows', where: "list_key = 'pmCompanyTemplates'" },
  'pmFrequencies.id': { table: 'company_list_rows', where: "list_key = 'pmFrequencies'" },
  'pmTasks.id': { table: 'company_list_rows', where: "list_key = 'pmTasks'" },
  'pmCategoryTemplates.id': { table: 'company_list_rows', where: "list_key = 'pmCategoryTemplates'" },
  'pmCompanyTemplates.id': { table: 'company_list_rows', where: "list_key = 'pmCompanyTemplates'" },
  // Fleet: the vehicles and the lists they name.
  vehicleId: { table: 'vehicles' },
  fleetDescriptionId: { table: 'company_list_rows', where: "list_key = 'fleetDescriptions'" },
  fleetStatusId: { table: 'company_list_rows', where: "list_key = 'fleetStatuses'" },
  fleetFlagIds: { table: 'company_list_rows', where: "list_key = 'fleetFlags'" },
  'fleetDescriptions.id': { table: 'company_list_rows', where: "list_key = 'fleetDescriptions'" },
  'fleetStatuses.id': { table: 'company_list_rows', where: "list_key = 'fleetStatuses'" },
  'fleetFlags.id': { table: 'company_list_rows', where: "list_key = 'fleetFlags'" },
  // Sales: the account team, what is sold, the commission structure and the follow-up tags.
  salesManagerId: { table: 'users' },
  previousSalesPersonId: { table: 'users' },
  territorySalesId: { table: 'users' },
  salesItemId: { table: 'company_list_rows', where: "list_key = 'salesItems'" },
  salesClassId: { table: 'company_list_rows', where: "list_key = 'salesClasses'" },
  'salesClasses.id': { table: 'company_list_rows', where: "list_key = 'salesClasses'" },
  'salesItems.id': { table: 'company_list_rows', where: "list_key = 'salesItems'" },
  'salesFlags.id': { table: 'company_list_rows', where: "list_key = 'salesFlags'" },
  salesTagId: { table: 'company_list_rows', where: "list_key = 'salesFlags'" },
  salesTagLinkId: { table: 'sales_tag_links' },
  commissionRateId: { table: 'commission_rates' },
  // Projects, their parts and the job settings they name.
  projectId: { table: 'projects' },
  projectManagerId: { table: 'users' },
  permitNumber: { notAnId: 'the number the city or the state gave a permit' },
  'crew.partId': { table: 'project_crew' },
  'permits.partId': { table: 'project_permits' },
  'subcontractors.partId': { table: 'project_subcontractors' },
  jobStatusId: listRowOf('jobStatuses'),
  projectTypeId: listRowOf('projectTypes'),
  crewMemberId: listRowOf('crewMembers'),
  permitTypeId: listRowOf('permitTypes'),
  permitStatusId: listRowOf('permitStatuses'),
  subContractorId: listRowOf('subContractors'),
  ...Object.fromEntries(JOB_SETTINGS_LISTS.map((d) => [`${d.key}.id`, listRowOf(d.key)])),
  // Office records.
  quoteNumber: { table: 'quotes', column: 'quote_number' },
  quoteVersion: { companionOf: 'quoteNumber', from: 'quote_versions', column: 'version' },
  quoteLineId: { table: 'quote_lines' },
  customerEstimateId: { table: 'customer_estimates' },
  customerEstimateLineId: { table: 'customer_estimate_lines' },
  invoiceId: { table: 'invoices' },
  collectionTaskId: { table: 'collection_tasks' },
  runId: { table: 'scheduled_jobs', where: "dedupe_key like 'dunning-now:%'" },
  creditMemoId: { table: 'credit_memos' },
  // Accounting: the lists kept from Intacct and the sync log.
  'Intacct.glAccountId': { table: 'intacct_gl_accounts' },
  'Intacct.departmentId': { table: 'intacct_departments' },
  'Intacct.itemGlGroupId': { table: 'intacct_item_gl_groups' },
  'Intacct.additionalLineItemId': { table: 'intacct_additional_line_items' },
  'Intacct.postingId': { table: 'accounting_postings' },
  // A standard item's item GL group, and an invoice's additional line items.
  'standardItems.itemGlGroupId': { table: 'intacct_item_gl_groups' },
  'Invoice.additionalLineItemId': { table: 'intacct_additional_line_items' },
  'QuickBooks.qbImportRowId': { table: 'quickbooks_import_rows' },
  // The record an import row is matched to: the sweep's row (test/company-records.ts) is a customer's.
  'import.recordId': { table: 'customers' },
  'QuickBooks.realmId': { notAnId: "the company's id (realm) at QuickBooks, as QuickBooks spells it" },
  'Intacct.senderId': { notAnId: "Intacct's XML sender id, as the partner registered it" },
  'Intacct.companyId': { notAnId: "the company's id at Intacct, as Intacct spells it" },
  'Intacct.userId': { notAnId: 'the Web Services user the product signs in to Intacct as' },
  emailTemplateId: { table: 'email_templates' },
  collectionTemplateId: { table: 'collection_templates' },
  emailOutboxId: { table: 'email_outbox' },
  sopDetailId: { table: 'sop_details' },
  stepCheckListId: { table: 'sop_steps' },
  checkListNotificationId: { table: 'sop_step_notices' },
  writeUpId: { table: 'write_ups' },
  payRaiseRequestedId: { table: 'pay_raises' },
  PayRaiseRequestedId: { table: 'pay_raises' },
  'financialPeriods.id': { table: 'financial_periods' },
  'ptoEntries.id': { table: 'pto_entries' },
  // Shared by every company.
  roleId: { shared: 'roles' },
  roleIds: { shared: 'roles' },
  statusValue: { shared: 'user_statuses' },
  userStatusId: { shared: 'user_statuses' },
  workOrderStatusId: { shared: 'work_order_statuses' },
  materialStatusId: { shared: 'material_statuses' },
  sopStatusId: { shared: 'sop_statuses' },
  itemRateTypeId: { shared: 'item_rate_types' },
  raiseApprovalPriorityId: { fixed: 1 },
  // Outside systems, and names that are not ids.
  corrigoCustomerId: { outside: "Corrigo's customer number, read through the caller's own Corrigo account" },
  procedureId: { outside: "a Corrigo procedure of the caller's work order" },
  'steps[].id': { outside: "a step of a Corrigo procedure of the caller's work order" },
  'customFields[].id': { outside: "a Corrigo custom field of the caller's work order" },
  'repairInfo.codeId': { outside: 'a Corrigo repair code' },
  'repairInfo.categoryId': { outside: 'a Corrigo repair category' },
  clientId: { outside: "the OAuth client id of the company's own provider account" },
  poNumber: { notAnId: "the customer's purchase order number, text" },
  partNumber: { notAnId: "a part's catalogue number, text" },
  serialNumber: { notAnId: "a piece of equipment's serial number, text" },
  certificateNumber: { notAnId: "a tax-exempt certificate's number, text" },
  nextInvoiceNumber: { notAnId: 'the number the next invoice gets' },
};

/** Names that name a record: `id`, `ids`, `…Id`, `…Ids`, `…Number`. */
const ID_NAME = /^ids?$|[a-z](Id|Ids|Number)$/;

/** Where an id is in a request: a path parameter, a query field, or a body field (`a.b`, `list[].c` for nested ones). */
export interface IdField {
  in: 'path' | 'query' | 'body';
  name: string;
  /** The body field's path: names, with '[]' for "each item of the list". */
  at: string[];
  key: string | undefined;
  kind: IdKind | undefined;
  isList: boolean;
  required: boolean;
  nullable: boolean;
}

type Json = { type?: string | string[]; pattern?: string; properties?: Record<string, Json>; items?: Json; anyOf?: Json[]; required?: string[]; minItems?: number };
const nonNull = (s: Json): Json => s.anyOf?.find((x) => x.type !== 'null') ?? s;
const isNullable = (s: Json) => !!s.anyOf?.some((x) => x.type === 'null') || (Array.isArray(s.type) && s.type.includes('null'));

/** The id kind a name has on a route: the most specific key of ID_KINDS that names it. */
export function kindOf(route: Route, name: string): { key: string | undefined; kind: IdKind | undefined } {
  const segments = route.url.split('/').filter((s) => s && !s.startsWith(':') && s !== 'api' && s !== 'v1').reverse();
  // A nested body field by its whole path first (`steps[].id`), then by its own name.
  const names = [...new Set([name, name.split(/\.|\[\]\.?/).pop()!])];
  for (const n of names) for (const key of [...segments.map((s) => `${s}.${n}`), n]) if (ID_KINDS[key]) return { key, kind: ID_KINDS[key] };
  return { key: undefined, kind: undefined };
}

/** Every id a route takes: path parameters named like an id or written in digits, and query and body fields named like one. */
export function idFieldsOf(route: Route): IdField[] {
  const s = route.schema ?? {};
  const found: IdField[] = [];
  const add = (where: IdField['in'], at: string[], prop: Json, required: boolean) => {
    const name = at.join('.').replaceAll('.[]', '[]');
    const last = at[at.length - 1];
    const inner = nonNull(prop);
    const digits = where === 'path' && inner.pattern === '^\\d+$';
    if (!ID_NAME.test(last) && !digits) return;
    found.push({ in: where, name, at, ...kindOf(route, name), isList: inner.type === 'array', required, nullable: isNullable(prop) });
  };
  const walk = (where: IdField['in'], json: Json, at: string[]) => {
    const obj = nonNull(json);
    for (const [k, v] of Object.entries(obj.properties ?? {})) {
      add(where, [...at, k], v, !!obj.required?.includes(k));
      const inner = nonNull(v);
      if (where === 'body' && inner.properties) walk(where, inner, [...at, k]);
      if (where === 'body' && inner.type === 'array' && nonNull(inner.items ?? {}).properties) walk(where, nonNull(inner.items!), [...at, k, '[]']);
    }
  };
  if (s.params) walk('path', jsonOf(s.params) as Json, []);
  if (s.querystring) walk('query', jsonOf(s.querystring) as Json, []);
  if (s.body) walk('body', jsonOf(s.body) as Json, []);
  return found;
}
