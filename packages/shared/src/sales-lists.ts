import { SALES_TAG_COLORS, simpleList, type ReferenceListDefinition } from './reference-list-types';

/**
 * The lists sales stand on (spec platform 2.1 administration salesItems, salesClasses, flags/sales): the classes of
 * what is sold (each may have its own commission rates), the sales items a work order names (with its class and
 * whether it earns commissions), and the sales tags sales people follow customers and work orders up with.
 */
export const SALES_LISTS: readonly ReferenceListDefinition[] = [
  simpleList('salesClasses', 'Sales Classes', 'sales class', 'The classes of what is sold: service, equipment, contracts... each may pay its own commission rates.', '/administration/salesClasses', 'Sales Items', 'Equipment Sales'),
  simpleList(
    'salesItems',
    'Sales Items',
    'sales item',
    'What the company sells, with its sales class and whether it earns commissions.',
    '/administration/salesItems',
    'Sales Items',
    'Walk-in Cooler Install',
    [
      { field: 'salesClassId', label: 'Sales Class', type: 'reference', isRequired: true, list: 'salesClasses' },
      { field: 'isCommissionable', label: 'Commissionable', type: 'flag', isRequired: false },
    ],
    { salesClassId: 1, isCommissionable: true },
  ),
  simpleList(
    'salesFlags',
    'Sales Tags',
    'sales tag',
    'The tags sales people put on customers and work orders to follow them up.',
    '/administration/flags/sales',
    'Tags',
    'Call Back in Spring',
    [{ field: 'color', label: 'Color', type: 'choice', isRequired: true, choices: SALES_TAG_COLORS.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) })) }],
    { color: 'orange' },
  ),
];
