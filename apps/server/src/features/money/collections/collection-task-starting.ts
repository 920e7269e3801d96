import { collectionTaskAssignments, collectionTaskTemplates } from '../../../db/schema';
import type { Tx } from '../../../lib/context';
import type { CollectionAction, PastDueBucket } from '@sm/shared';

interface StartingTemplate {
  name: string;
  bucket: PastDueBucket;
  action: CollectionAction;
  dueInDays: number;
  instructions: string;
}

/** The collection task templates every company starts with: a step for each bucket past due, which it may change. */
export const STARTING_COLLECTION_TEMPLATES: readonly StartingTemplate[] = [
  { name: 'Friendly reminder call', bucket: 'days1to30', action: 'call', dueInDays: 3, instructions: 'Confirm the invoice was received and ask when it will be paid.' },
  { name: 'Past-due statement', bucket: 'days31to60', action: 'email', dueInDays: 2, instructions: 'Send the statement of open invoices and ask for a date of payment.' },
  { name: 'Collection call', bucket: 'days61to90', action: 'call', dueInDays: 2, instructions: 'Call the accounts payable contact; record any promise to pay with its date and amount.' },
  { name: 'Final notice letter', bucket: 'over90', action: 'letter', dueInDays: 5, instructions: 'Mail the final notice before the account goes on credit hold.' },
];

/**
 * A new company's collection task templates, and who is given their tasks: the buckets named here go to `assigneeId`
 * (the person who set the company up), the others to anyone in Collection until the company assigns them.
 */
export async function addStartingCollectionTasks(tx: Tx, subscriberId: number, assigneeId: number, assigned: { name: string; bucket: PastDueBucket }[]) {
  await tx.insert(collectionTaskTemplates).values(STARTING_COLLECTION_TEMPLATES.map((t) => ({ subscriberId, ...t })));
  if (assigned.length > 0) await tx.insert(collectionTaskAssignments).values(assigned.map((a) => ({ subscriberId, userId: assigneeId, ...a })));
}

/** Who is given a signed-up company's tasks: its first administrator, every bucket. */
export const EVERY_BUCKET_TO_THE_FIRST_ADMIN = [
  { name: 'Early reminders', bucket: 'days1to30' },
  { name: 'Past-due accounts', bucket: 'days31to60' },
  { name: 'Seriously late accounts', bucket: 'days61to90' },
  { name: 'Final notices', bucket: 'over90' },
] as const satisfies { name: string; bucket: PastDueBucket }[];
