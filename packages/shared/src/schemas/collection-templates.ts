import { z } from 'zod';
import { dateText, idParam, required, requiredText } from './common';
import { PAST_DUE_BUCKETS, type PastDueBucket } from '../collection-rules';
import { EMAIL_SUBJECT_MAX } from './email-templates';

/**
 * Collection templates (spec platform 2.1, administration `collectionSettings/collectionTemplate`): the dunning e-mails
 * a company sends to billing customers whose oldest open invoice has reached an aging bucket, with the statement PDF.
 */

/** The past-due buckets a dunning e-mail is for (a customer not yet past due is not dunned). */
export const DUNNING_BUCKETS = PAST_DUE_BUCKETS;
export type DunningBucket = PastDueBucket;

/** The first day past due of each bucket: a customer enters it on its oldest invoice's due date plus these days. */
export const DUNNING_BUCKET_FIRST_DAY: Record<DunningBucket, number> = { days1to30: 1, days31to60: 31, days61to90: 61, over90: 91 };

/**
 * The merge fields a template's subject and body may name, as `{{field}}`: each replaced by the customer's value when
 * the e-mail is written.
 */
export const COLLECTION_MERGE_FIELDS = {
  customerName: "The billing customer's name",
  balance: 'Everything it owes, in dollars',
  pastDue: 'What is past due, in dollars',
  oldestDaysPastDue: 'Days past due of its oldest open invoice',
  companyName: "Your company's name",
  statementDate: "The statement's date",
} as const;
export type CollectionMergeField = keyof typeof COLLECTION_MERGE_FIELDS;

/** The first `{{name}}` in a text that is not a merge field, if any. */
export function unknownMergeField(text: string): string | undefined {
  for (const m of text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)) if (!Object.hasOwn(COLLECTION_MERGE_FIELDS, m[1]!)) return m[1];
  return undefined;
}

export const COLLECTION_TEMPLATE_NAME_MAX = 100;
export const COLLECTION_TEMPLATE_BODY_MAX = 20_000;

const bucket = z.enum(DUNNING_BUCKETS, { error: 'Aging bucket must be one of days1to30, days31to60, days61to90, over90.' });

export const collectionTemplateParams = z.object({ collectionTemplateId: idParam('Collection template') });

/** `POST CollectionTemplates`, `PUT CollectionTemplates/{collectionTemplateId}`. */
export const collectionTemplateBody = z
  .object({
    name: requiredText('Name', COLLECTION_TEMPLATE_NAME_MAX),
    bucket,
    subject: requiredText('Subject', EMAIL_SUBJECT_MAX),
    body: z
      .string({ error: (issue) => (issue.input === undefined ? required('Body') : 'Body must be text.') })
      .max(COLLECTION_TEMPLATE_BODY_MAX, `Body must be at most ${COLLECTION_TEMPLATE_BODY_MAX} characters.`)
      .refine((s) => s.trim() !== '', required('Body'))
      .meta({ description: 'Plain text with merge fields such as {{customerName}} and {{balance}}; blank lines separate paragraphs' }),
    isActive: z.boolean({ error: 'Active must be true or false.' }).default(true),
  })
  .superRefine((t, c) => {
    for (const [field, text] of [['subject', t.subject], ['body', t.body]] as const) {
      const unknown = unknownMergeField(text);
      if (unknown) c.addIssue({ code: 'custom', path: [field], message: `{{${unknown}}} is not a merge field: use ${Object.keys(COLLECTION_MERGE_FIELDS).map((f) => `{{${f}}}`).join(', ')}.` });
    }
  })
  .meta({
    example: {
      name: 'First reminder',
      bucket: 'days1to30',
      subject: 'Your account with {{companyName}} is past due',
      body: 'Dear {{customerName}},\n\nOur records show {{pastDue}} past due of a balance of {{balance}}. The statement is attached.',
      isActive: true,
    },
  });
export type CollectionTemplateInput = z.input<typeof collectionTemplateBody>;
export type CollectionTemplateBody = z.output<typeof collectionTemplateBody>;

export const collectionTemplateSchema = z
  .object({
    collectionTemplateId: z.number(),
    name: z.string(),
    bucket,
    subject: z.string(),
    body: z.string(),
    isActive: z.boolean().meta({ description: 'The dunning job sends only the active template of a bucket; one per bucket' }),
    updatedAt: z.string(),
  })
  .meta({
    example: {
      collectionTemplateId: 3,
      name: 'First reminder',
      bucket: 'days1to30',
      subject: 'Your account with {{companyName}} is past due',
      body: 'Dear {{customerName}},\n\nOur records show {{pastDue}} past due.',
      isActive: true,
      updatedAt: '2026-03-04T09:12:00.000Z',
    },
  });
export type CollectionTemplate = z.infer<typeof collectionTemplateSchema>;

export const collectionTemplateListAnswer = z.array(collectionTemplateSchema);
export const collectionTemplateDeletedAnswer = z.object({ collectionTemplateId: z.number() });

/** One dunning e-mail a customer was sent: the collection view shows "Statement e-mailed on <date>". */
export const dunningEmailSchema = z.object({
  dunningEmailId: z.number(),
  sentAt: z.string().meta({ description: 'When the e-mail was written to the outbox, ISO 8601' }),
  bucket,
  templateName: z.string(),
  to: z.array(z.string()),
  balance: z.number().meta({ description: 'What the customer owed when it was e-mailed' }),
});
export type DunningEmail = z.infer<typeof dunningEmailSchema>;
export const dunningEmailListAnswer = z.array(dunningEmailSchema);

/** `GET Collection/customers/{customerId}/statement`: the period whose payments and credits are listed. */
export const statementQuery = z.object({
  from: dateText('From')
    .optional()
    .meta({ description: "The first day of the period, YYYY-MM-DD; 30 days before the company's today when left out" }),
});

/** Where a run of the company's dunning asked for now stands: waiting for the job runner, done, or failed. */
export const DUNNING_RUN_STATES = ['queued', 'done', 'failed'] as const;
export type DunningRunState = (typeof DUNNING_RUN_STATES)[number];

/** `POST Collection/dunning/run` and `GET Collection/dunning/runs/{runId}`: the company's dunning run asked for now. */
export const dunningRunSchema = z
  .object({
    runId: z.number(),
    status: z.enum(DUNNING_RUN_STATES).meta({ description: 'queued until the job runner has run it (in a few seconds), then done, or failed after its retries' }),
    statementsQueued: z.number().nullable().meta({ description: 'Statements the run wrote to the outbox once it is done; null before' }),
    finishedAt: z.string().nullable().meta({ description: 'When the run ended, ISO 8601' }),
  })
  .meta({ example: { runId: 812, status: 'done', statementsQueued: 3, finishedAt: '2026-11-30T14:02:11.000Z' } });
export type DunningRun = z.infer<typeof dunningRunSchema>;

export const dunningRunParams = z.object({ runId: idParam('Dunning run') });
