import type { ReferenceListDefinition } from './reference-list-types';
import { AGING_BUCKET_LABELS, PAST_DUE_BUCKETS } from './collection-rules';

/**
 * The collection settings (spec platform 2.1 administration collectionSettings: collectionTaskTemplate,
 * taskAssignment): the calls, e-mails and letters the office owes a customer whose oldest invoice is in an aging
 * bucket, and who is given each bucket's tasks. The nightly collections run makes the tasks from these rows. Part of
 * the reference lists (reference-list-definitions.ts), described the same way.
 */
const PATH = '/administration/collectionSettings';

/** What a collection task asks the office to do. */
export const COLLECTION_ACTIONS = [
  { value: 'call', label: 'Call' },
  { value: 'email', label: 'E-mail' },
  { value: 'letter', label: 'Letter' },
] as const;
export type CollectionAction = (typeof COLLECTION_ACTIONS)[number]['value'];

/** The buckets a task is made for: only those past due. */
export const PAST_DUE_BUCKET_CHOICES = PAST_DUE_BUCKETS.map((value) => ({ value, label: `${AGING_BUCKET_LABELS[value]} past due` }));

/** The longest a task may be given to be done, in days. */
export const COLLECTION_TASK_MAX_DAYS = 90;

export const COLLECTION_TASK_LISTS: readonly ReferenceListDefinition[] = [
  {
    key: 'collectionTaskTemplates',
    title: 'Collection Task Templates',
    singular: 'collection task template',
    description: 'The calls, e-mails and letters a customer is owed when its oldest invoice reaches an aging bucket.',
    path: `${PATH}/collectionTaskTemplate`,
    area: 'Collection',
    isReadOnly: false,
    canRetire: true,
    columns: [
      { field: 'name', label: 'Task', type: 'text', isRequired: true, maxLength: 100 },
      { field: 'bucket', label: 'Aging Bucket', type: 'choice', isRequired: true, choices: PAST_DUE_BUCKET_CHOICES },
      { field: 'action', label: 'Action', type: 'choice', isRequired: true, choices: COLLECTION_ACTIONS },
      { field: 'dueInDays', label: 'Days to Do It', type: 'wholeNumber', isRequired: true, max: COLLECTION_TASK_MAX_DAYS },
      { field: 'instructions', label: 'Instructions', type: 'longText', isRequired: false, maxLength: 1000, isFormOnly: true },
    ],
    example: { name: 'Second reminder call', bucket: 'days1to30', action: 'call', dueInDays: 7, instructions: 'Ask for the date of payment.', isActive: true },
  },
  {
    key: 'collectionTaskAssignments',
    title: 'Task Assignment',
    singular: 'task assignment',
    description: 'Who is given the collection tasks of each aging bucket; a bucket without one leaves its tasks to anyone in Collection.',
    path: `${PATH}/taskAssignment`,
    area: 'Collection',
    isReadOnly: false,
    canRetire: true,
    columns: [
      { field: 'name', label: 'Assignment', type: 'text', isRequired: true, maxLength: 100 },
      { field: 'bucket', label: 'Aging Bucket', type: 'choice', isRequired: true, choices: PAST_DUE_BUCKET_CHOICES, unique: { noun: 'assignment' } },
      { field: 'userId', label: 'Assigned To', type: 'user', isRequired: true },
    ],
    example: { name: 'Collections desk', bucket: 'days61to90', userId: 3, isActive: true },
  },
];
