import { IconBuildingWarehouse, IconTruck, IconBolt, IconBox, IconPackages, IconCalendarRepeat, IconClipboardCheck, IconListNumbers, IconTemplate, IconBuildingFactory2, IconCategory, IconShoppingCart, IconTag, IconSnowflake, IconBeach, IconBrandFacebook, IconBriefcase, IconBuilding, IconBuildingCommunity, IconCalendarDue, IconCar, IconCash, IconChecklist, IconCoins, IconCreditCard, IconDiscount, IconFileDollar, IconFileInvoice, IconFileText, IconFlag, IconGift, IconHelpCircle, IconHierarchy, IconId, IconListCheck, IconListDetails, IconMail, IconMailCog, IconMap2, IconMapPin, IconPercentage, IconReceipt2, IconReceiptRefund, IconRepeat, IconSend, IconTags, IconToolsKitchen2, IconUserCog, type TablerIcon, IconDroplet, IconRuler2, IconUsersGroup, IconLicense, IconShovel, IconTool, IconRoad } from '@tabler/icons-react';
import { REFERENCE_LISTS, referenceListAccess, satisfies, SETTINGS_FORMS, settingsFormAccess, type Access, type ReferenceListKey, type SettingsFormKey } from '@sm/shared';
import type { AreaDefinition } from '../../../areas/area-types';
import { lazyArea } from '../../../components/lazy-area';
import { DOCUMENT_TEMPLATE_PATHS, DOCUMENT_TEMPLATE_REQUIREMENT } from '../../money/documents/documents-paths';
import { EMAIL_OUTBOX_PATH, EMAIL_OUTBOX_REQUIREMENT } from '../email-outbox/email-outbox-paths';
import { EMAIL_TEMPLATE_GRID_AREA } from '../email-templates/email-templates-areas';
import { INTACCT_SETTINGS, QUICKBOOKS_SETTINGS } from '../../money/accounting/accounting-areas';
import { COLLECTION_TEMPLATE_AREA } from '../../money/collections/collections-areas';
import { INVOICE_SETTINGS } from '../../money/invoices/invoices-areas';
import { PURCHASING_SETTINGS } from '../../office/purchasing/purchasing-areas';
import { RATE_SHEET_AREA } from '../../office/rate-sheets/rate-sheets-areas';
import { SOP_SETTINGS } from '../../people/sop/sop-areas';
import { FINANCIAL_PERIODS_AREA, PAYROLL_REPORT_AREA } from '../../people/payroll/payroll-areas';
import { MASKED_ROLES_AREA, USERS_AREA } from '../users-admin/users-admin-areas';
import { IMPORT_HISTORY_AREA } from '../imports/imports-areas';
import { FLEET_ADMIN_AREA } from '../../field/fleet/fleet-areas';
import { COMMISSION_STRUCTURE_AREA } from '../../money/commissions/commissions-areas';

/*
 * What the administration index shows: the reference lists and the settings pages, and which of them a user may open.
 * The index page reads this module; the area declarations (administration-areas.ts) read it too and add the index
 * itself, so the page and its declaration never import each other.
 */

/** Each list's icon on the administration index. */
export const REFERENCE_LIST_ICONS: Record<ReferenceListKey, TablerIcon> = {
  workOrderClasses: IconTags,
  jobTitles: IconId,
  regions: IconMap2,
  districts: IconHierarchy,
  baseCities: IconBuildingCommunity,
  customerFlags: IconFlag,
  workOrderFlags: IconFlag,
  standardItems: IconReceipt2,
  workOrderStatuses: IconListDetails,
  materialStatuses: IconListDetails,
  userStatuses: IconListDetails,
  markupGroups: IconPercentage,
  laborDiscountReasons: IconDiscount,
  itemDiscountReasons: IconDiscount,
  freightDiscountReasons: IconDiscount,
  sopTypes: IconChecklist,
  sopStatuses: IconListDetails,
  payRaiseTypes: IconCash,
  bonusSpiffTypes: IconGift,
  ptoTypes: IconBeach,
  loanTypes: IconCoins,
  reimbursementTypes: IconReceiptRefund,
  frequencyTypes: IconRepeat,
  allowanceTypes: IconCar,
  perDiemTypes: IconToolsKitchen2,
  workOrderRelatedPerDiem: IconBriefcase,
  quoteInclusionExclusion: IconListCheck,
  msaCostSheet: IconFileInvoice,
  socialMediaDiscount: IconBrandFacebook,
  woFlagEvents: IconFlag,
  locations: IconMapPin,
  paymentMethods: IconCreditCard,
  billingMethods: IconSend,
  terms: IconCalendarDue,
  customerQuestions: IconHelpCircle,
  equipmentCategories: IconCategory,
  equipmentMakes: IconBuildingFactory2,
  equipmentModels: IconBox,
  refrigerants: IconSnowflake,
  voltages: IconBolt,
  pmFrequencies: IconCalendarRepeat,
  pmTasks: IconClipboardCheck,
  pmCategoryTemplates: IconListNumbers,
  pmCompanyTemplates: IconTemplate,
  wareHouseTypes: IconCategory,
  truckStockTypes: IconTruck,
  warehouses: IconBuildingWarehouse,
  vendors: IconBuilding,
  shipToAddresses: IconMapPin,
  collectionTaskTemplates: IconChecklist,
  collectionTaskAssignments: IconUserCog,
  fleetDescriptions: IconCar,
  fleetStatuses: IconListDetails,
  fleetFlags: IconFlag,
  salesClasses: IconCategory,
  salesItems: IconShoppingCart,
  salesFlags: IconTag,
  dischargeGroup: IconDroplet,
  surveyClassTypes: IconRuler2,
  pipelineStatuses: IconListDetails,
  workOrderJobArea: IconMapPin,
  jobStatuses: IconListDetails,
  crewMembers: IconUsersGroup,
  permitTypes: IconLicense,
  pitTypes: IconShovel,
  wellTypes: IconDroplet,
  installTypes: IconTool,
  projectTypes: IconCategory,
  subContractors: IconBuilding,
  permitStatuses: IconListDetails,
  rowApprovalTypes: IconRoad,
};

/** Each settings form's icon on the administration index. */
const SETTINGS_FORM_ICONS: Record<SettingsFormKey, TablerIcon> = {
  emailSettings: IconMailCog,
  customerDefaultSetting: IconUserCog,
  subscriberSettings: IconBuilding,
  inventorySettings: IconPackages,
  corrigoSettings: IconClipboardCheck,
  creditHoldSettings: IconCoins,
};

const settingsFormPage = lazyArea(() => import('./settings-form-page'));

/** One page per settings form, from the shared descriptions. */
const SETTINGS_FORM_AREAS: AreaDefinition[] = SETTINGS_FORMS.map((d) => ({
  path: d.path,
  domain: 'administration',
  label: d.title,
  description: d.description,
  icon: SETTINGS_FORM_ICONS[d.key],
  requirement: settingsFormAccess(d, 'read'),
  component: settingsFormPage,
  isLinkTargetOnly: true,
}));

/** The lists this user may open. */
export function readableLists(access: Access | null) {
  return REFERENCE_LISTS.filter((d) => satisfies(access, referenceListAccess(d, 'read')));
}

const templatePage = lazyArea(() => import('../../money/documents/document-template-page'));

/** The company's settings pages the administration index links to beside its lists. */
export const ADMINISTRATION_SETTINGS = [
  USERS_AREA,
  MASKED_ROLES_AREA,
  {
    path: EMAIL_OUTBOX_PATH,
    domain: 'administration',
    label: 'E-mail Outbox',
    description: 'Every e-mail the company sends, whether it went out, and why not. Send a test e-mail.',
    icon: IconMail,
    requirement: EMAIL_OUTBOX_REQUIREMENT,
    component: lazyArea(() => import('../email-outbox/email-outbox-page')),
    isLinkTargetOnly: true,
  },
  {
    path: DOCUMENT_TEMPLATE_PATHS.invoice,
    domain: 'administration',
    label: 'Invoice Template',
    description: 'How your invoices look as PDFs: logo, colours, terms and columns.',
    icon: IconFileDollar,
    requirement: DOCUMENT_TEMPLATE_REQUIREMENT,
    component: templatePage,
    isLinkTargetOnly: true,
  },
  {
    path: DOCUMENT_TEMPLATE_PATHS.quote,
    domain: 'administration',
    label: 'Quote Template',
    description: 'How your quotes look as PDFs: logo, colours, terms and columns.',
    icon: IconFileText,
    requirement: DOCUMENT_TEMPLATE_REQUIREMENT,
    component: templatePage,
    isLinkTargetOnly: true,
  },
  EMAIL_TEMPLATE_GRID_AREA,
  ...INVOICE_SETTINGS,
  COLLECTION_TEMPLATE_AREA,
  ...INTACCT_SETTINGS,
  ...QUICKBOOKS_SETTINGS,
  ...PURCHASING_SETTINGS,
  FLEET_ADMIN_AREA,
  COMMISSION_STRUCTURE_AREA,
  RATE_SHEET_AREA,
  ...SOP_SETTINGS,
  PAYROLL_REPORT_AREA,
  FINANCIAL_PERIODS_AREA,
  ...SETTINGS_FORM_AREAS,
  IMPORT_HISTORY_AREA,
] satisfies AreaDefinition[];

/** The settings pages this user may open. */
export function readableSettings(access: Access | null) {
  return ADMINISTRATION_SETTINGS.filter((a) => satisfies(access, a.requirement));
}
