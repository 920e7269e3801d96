import type { Tx } from '../../lib/context';
import { addMakes, addStartingEquipmentInfo } from '../../features/office/equipment/equipment-info-rows';
import { addStartingPmLists } from '../../features/office/pm-contracts/pm-starting-lists';
import { addListRows, STARTING_LIST_ROWS, type StartingRow } from '../../features/platform/reference-lists/starting-rows';

/** The demo's payroll, quote, customer and stock lists: a believable set for each, beside the starting ones. */
const DEMO_ROWS: StartingRow[] = [
  { listKey: 'bonusSpiffTypes', name: 'Referral Bonus' },
  { listKey: 'bonusSpiffTypes', name: 'Maintenance Agreement Spiff' },
  { listKey: 'bonusSpiffTypes', name: 'Safety Bonus' },
  { listKey: 'ptoTypes', name: 'Vacation' },
  { listKey: 'ptoTypes', name: 'Sick' },
  { listKey: 'ptoTypes', name: 'Holiday' },
  { listKey: 'loanTypes', name: 'Tool Loan' },
  { listKey: 'loanTypes', name: 'Payroll Advance' },
  { listKey: 'reimbursementTypes', name: 'Mileage' },
  { listKey: 'reimbursementTypes', name: 'Parts Bought in the Field' },
  { listKey: 'reimbursementTypes', name: 'Meals' },
  { listKey: 'frequencyTypes', name: 'Weekly' },
  { listKey: 'frequencyTypes', name: 'Every Pay Period' },
  { listKey: 'frequencyTypes', name: 'Monthly' },
  { listKey: 'allowanceTypes', name: 'Car Allowance', amount: '400.00' },
  { listKey: 'allowanceTypes', name: 'Phone Allowance', amount: '50.00' },
  { listKey: 'allowanceTypes', name: 'Tool Allowance' },
  { listKey: 'workOrderRelatedPerDiem', name: 'Out of Town', amount: '65.00' },
  { listKey: 'workOrderRelatedPerDiem', name: 'Remote Site', amount: '40.00' },
  { listKey: 'quoteInclusionExclusion', name: 'Removal and disposal of the old equipment', kind: 'inclusion' },
  { listKey: 'quoteInclusionExclusion', name: 'One year parts and labor warranty', kind: 'inclusion' },
  { listKey: 'quoteInclusionExclusion', name: 'Electrical work beyond the disconnect', kind: 'exclusion' },
  { listKey: 'quoteInclusionExclusion', name: 'Permits and inspection fees', kind: 'exclusion' },
  { listKey: 'msaCostSheet', name: 'Preventive Maintenance Visit', amount: '185.00' },
  { listKey: 'msaCostSheet', name: 'Emergency Call Out', amount: '250.00' },
  { listKey: 'socialMediaDiscount', name: 'Facebook Review', percent: '5.00' },
  { listKey: 'socialMediaDiscount', name: 'Instagram Follow', percent: '3.00' },
  { listKey: 'woFlagEvents', name: 'Callback' },
  { listKey: 'woFlagEvents', name: 'Damage Reported' },
  { listKey: 'woFlagEvents', name: 'Customer Complaint' },
  { listKey: 'locations', name: 'Main Shop', description: 'Shelves A to F and the cage' },
  { listKey: 'locations', name: 'North Storage Unit', description: 'Unit 14, gate code with the office' },
  { listKey: 'billingMethods', name: 'Customer Portal' },
  { listKey: 'terms', name: 'Net 45', wholeNumber: 45 },
  { listKey: 'customerQuestions', name: 'How did you hear about us?', kind: 'text' },
  { listKey: 'customerQuestions', name: 'Is there a gate code or an escort needed?', kind: 'yesNo' },
  { listKey: 'customerQuestions', name: 'How many units are on site?', kind: 'number' },
  { listKey: 'pmCompanyTemplates', name: 'Quick visual check', lines: ['Look and listen for unusual noise', 'Check for leaks and ice build-up', 'Record temperatures'] },
  { listKey: 'pmCompanyTemplates', name: 'Kitchen line quarterly', lines: ['Clean and degrease hood filters', 'Check gas connections for leaks', 'Test thermostats and calibrate'] },
];

/** The makes of the equipment the demo companies service, with a few models each. */
const DEMO_MAKES: Record<string, string[]> = {
  Hussmann: ['Protocol PRT-8', 'Excel RL-12'],
  Copeland: ['ZB38KCE', 'ZS21KAE'],
  Carrier: ['48TC Weathermaker', '24ACC6'],
  True: ['T-49', 'TSSU-60-16'],
};

/** Every simple list of a demo company, and its equipment information. */
export async function seedSettingsLists(tx: Tx, subscriberId: number) {
  await addListRows(tx, subscriberId, [...STARTING_LIST_ROWS, ...DEMO_ROWS]);
  await addStartingEquipmentInfo(tx, subscriberId);
  await addStartingPmLists(tx, subscriberId);
  await addMakes(tx, subscriberId, DEMO_MAKES);
}
