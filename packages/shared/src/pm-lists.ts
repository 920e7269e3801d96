import { NAME, simpleList, type ReferenceColumn, type ReferenceListDefinition } from './reference-list-types';

/**
 * The preventive-maintenance lists and templates (spec platform 2.1 administration, preventativeMaintenance and
 * manageTemplates): how often contracts are visited (a name and its RFC 5545 rule), the company's tasks, the ordered
 * tasks each equipment category gets on a contract, and the company's named templates of tasks. Part of the reference
 * lists (reference-list-definitions.ts), described the same way.
 */
const PM_PATH = '/administration/preventativeMaintenance';
const TEMPLATES_PATH = '/administration/manageTemplates';

/** The most tasks one template, or one piece of equipment on a contract, has. */
export const PM_MAX_TASKS = 50;
/** The longest task. */
export const PM_TASK_LENGTH = 200;

const TASKS: ReferenceColumn = { field: 'tasks', label: 'Tasks', type: 'lines', isRequired: true, line: { label: 'Task', max: PM_MAX_TASKS }, maxLength: PM_TASK_LENGTH };

/** The frequencies every company starts with: the visits of a contract a month, a quarter, half a year or a year apart. */
export const STARTING_PM_FREQUENCIES = [
  { name: 'Monthly', rule: 'FREQ=MONTHLY' },
  { name: 'Quarterly', rule: 'FREQ=MONTHLY;INTERVAL=3' },
  { name: 'Semi-annual', rule: 'FREQ=MONTHLY;INTERVAL=6' },
  { name: 'Annual', rule: 'FREQ=YEARLY' },
] as const;

export const PM_LISTS: readonly ReferenceListDefinition[] = [
  simpleList(
    'pmFrequencies',
    'Frequency List',
    'frequency',
    'How often a preventive-maintenance contract is visited, each an RFC 5545 repeat rule (FREQ=MONTHLY;INTERVAL=3 is every three months).',
    `${PM_PATH}/frequencyList`,
    'PM Lists',
    'Every two months',
    [{ field: 'rule', label: 'Repeat Rule', type: 'recurrenceRule', isRequired: true, maxLength: 200 }],
    { rule: 'FREQ=MONTHLY;INTERVAL=2' },
  ),
  {
    ...simpleList('pmTasks', 'Task List', 'task', 'The tasks done on preventive-maintenance visits, offered when a contract\'s tasks are written.', `${PM_PATH}/taskList`, 'PM Lists', 'Clean condenser coil'),
    columns: [NAME(PM_TASK_LENGTH, 'Task')],
  },
  simpleList(
    'pmCategoryTemplates',
    'PM Category Templates',
    'PM category template',
    'The ordered tasks each category of equipment gets when it is added to a preventive-maintenance contract.',
    `${TEMPLATES_PATH}/pmCategoryTemplate`,
    'Templates',
    'Ice machine PM',
    [{ field: 'categoryId', label: 'Equipment Category', type: 'reference', isRequired: true, list: 'equipmentCategories' }, TASKS],
    { categoryId: 1, tasks: ['Clean condenser coil', 'Check refrigerant pressures'] },
  ),
  simpleList(
    'pmCompanyTemplates',
    'PM Company Templates',
    'PM template',
    'Named lists of tasks the office can apply to any equipment of a preventive-maintenance contract.',
    `${TEMPLATES_PATH}/pmSubscriberTemplate`,
    'Templates',
    'Kitchen line quarterly',
    [TASKS],
    { tasks: ['Clean and degrease hood filters', 'Check gas connections for leaks'] },
  ),
];
