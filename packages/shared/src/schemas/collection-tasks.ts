import { z } from 'zod';
import { COLLECTION_ACTIONS } from '../collection-task-lists';
import { moneyOf } from '../helpers/money';
import { dateText, idParam, optionalText, pagingQuery } from './common';
import { PAST_DUE_BUCKETS } from '../collection-rules';

/** What came of a task: the sentence a person picks when recording it. */
export const COLLECTION_OUTCOMES = [
  { value: 'promiseToPay', label: 'Promised to pay' },
  { value: 'paid', label: 'Says it has paid' },
  { value: 'reached', label: 'Reached, no promise' },
  { value: 'leftMessage', label: 'Left a message' },
  { value: 'noAnswer', label: 'No answer' },
  { value: 'sent', label: 'E-mail or letter sent' },
  { value: 'disputed', label: 'Disputes the invoice' },
] as const;
export type CollectionOutcome = (typeof COLLECTION_OUTCOMES)[number]['value'];
const OUTCOME_VALUES = COLLECTION_OUTCOMES.map((o) => o.value) as [CollectionOutcome, ...CollectionOutcome[]];

export const COLLECTION_TASK_STATES = ['open', 'done', 'all'] as const;

export const collectionTaskQuery = z.object({
  state: z.enum(COLLECTION_TASK_STATES, { error: `State must be one of ${COLLECTION_TASK_STATES.join(', ')}.` }).default('open'),
  mine: z
    .enum(['true', 'false'], { error: 'Mine must be true or false.' })
    .transform((v) => v === 'true')
    .optional()
    .meta({ description: 'true: only the tasks assigned to the signed-in user' }),
  customerId: idParam('Customer').optional().meta({ description: "Only this billing customer's tasks" }),
  ...pagingQuery(100, 50),
});
export type CollectionTaskQuery = z.input<typeof collectionTaskQuery>;
export type CollectionTaskQueryParsed = z.output<typeof collectionTaskQuery>;

export const collectionTaskSchema = z.object({
  taskId: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  name: z.string().meta({ description: "The template's name when the task was made" }),
  action: z.enum(COLLECTION_ACTIONS.map((a) => a.value) as ['call', 'email', 'letter']),
  bucket: z.enum(PAST_DUE_BUCKETS),
  instructions: z.string().nullable(),
  invoiceNumber: z.number().meta({ description: 'The oldest invoice past due when the task was made' }),
  balance: z.number().meta({ description: 'What the customer owed when the task was made' }),
  dueDate: z.string(),
  assignedUserId: z.number().nullable(),
  assignedUserName: z.string().nullable(),
  isDone: z.boolean(),
  outcome: z.enum(OUTCOME_VALUES).nullable(),
  note: z.string().nullable(),
  promiseDate: z.string().nullable(),
  promiseAmount: z.number().nullable(),
  doneAt: z.string().nullable(),
  doneByName: z.string().nullable(),
  createdAt: z.string(),
});
export type CollectionTask = z.infer<typeof collectionTaskSchema>;

export const collectionTaskListSchema = z.object({
  data: z.array(collectionTaskSchema),
  total: z.number(),
  asOf: z.string().meta({ description: "The company's today, YYYY-MM-DD: an open task due before it is overdue" }),
});
export type CollectionTaskList = z.infer<typeof collectionTaskListSchema>;

export const collectionTaskParams = z.object({ collectionTaskId: idParam('Collection task') });

/** Recording what came of a task: it is then done. A promise to pay names its day and amount. */
export const collectionTaskResultBody = z
  .object({
    outcome: z.enum(OUTCOME_VALUES, { error: 'Choose what came of the task.' }),
    note: optionalText('Note', 1000).nullable().optional(),
    promiseDate: dateText('Promise date').nullable().optional(),
    promiseAmount: moneyOf('Promised amount').nullable().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.outcome !== 'promiseToPay') return;
    if (!b.promiseDate) ctx.addIssue({ code: 'custom', path: ['promiseDate'], message: 'Promise date field is required!' });
    if (b.promiseAmount == null) ctx.addIssue({ code: 'custom', path: ['promiseAmount'], message: 'Promised amount field is required!' });
  });
export type CollectionTaskResultBody = z.infer<typeof collectionTaskResultBody>;

export const collectionTaskRunAnswer = z.object({ tasksCreated: z.number().meta({ description: 'Tasks made by this run; 0 when every task due was already made' }) });
