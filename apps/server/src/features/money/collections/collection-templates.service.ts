import { asc, desc, eq } from 'drizzle-orm';
import { AGING_BUCKET_LABELS, jsonNumberOf, type CollectionTemplate, type CollectionTemplateBody, type DunningBucket, type DunningEmail } from '@sm/shared';
import type { Ctx } from '../../../lib/context';
import { AppError, pgConstraintOf } from '../../../lib/errors';
import { foundOrThrow, ofTenant } from '../../../lib/tenancy';
import { customers } from '../../office/work-orders/customers.table';
import { collectionTemplates, dunningEmails } from './collections.table';
import { ensureDunningJobs } from './dunning.job';

const WHAT = 'Collection template';
type Row = typeof collectionTemplates.$inferSelect;

const answerOf = (row: Row): CollectionTemplate => ({
  collectionTemplateId: row.id,
  name: row.name,
  bucket: row.bucket as DunningBucket,
  subject: row.subject,
  body: row.body,
  isActive: row.isActive,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Runs a write, turning the unique indexes' refusals into sentences: they decide, so two people saving at once cannot
 * both take a name, or both make a template the active one of a bucket.
 */
async function uniquely<T>(body: CollectionTemplateBody, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    const { code, constraint } = pgConstraintOf(e);
    if (code !== '23505') throw e;
    if (constraint === 'collection_templates_name_unique') throw new AppError(409, `A collection template named ${body.name} already exists.`);
    if (constraint === 'collection_templates_one_active') {
      throw new AppError(409, `Another collection template is already active for ${AGING_BUCKET_LABELS[body.bucket]}: make it inactive first.`);
    }
    throw e;
  }
}

const valuesOf = (body: CollectionTemplateBody) => ({
  name: body.name,
  bucket: body.bucket,
  subject: body.subject.replace(/\s+/g, ' ').trim(),
  body: body.body.replace(/\r\n?/g, '\n').replace(/\u0000/g, '').trim(),
  isActive: body.isActive,
});

/** `GET CollectionTemplates`: the company's dunning e-mails, by bucket then name. */
export async function listCollectionTemplates(ctx: Ctx): Promise<CollectionTemplate[]> {
  const rows = await ctx.db.select().from(collectionTemplates).where(ofTenant(collectionTemplates, ctx)).orderBy(asc(collectionTemplates.bucket), asc(collectionTemplates.name));
  const order = ['days1to30', 'days31to60', 'days61to90', 'over90'];
  return rows.sort((a, b) => order.indexOf(a.bucket) - order.indexOf(b.bucket)).map(answerOf);
}

/** `GET CollectionTemplates/{collectionTemplateId}`: one template of the company; another company's is missing. */
export async function getCollectionTemplate(ctx: Ctx, id: number): Promise<CollectionTemplate> {
  const [row] = await ctx.db.select().from(collectionTemplates).where(ofTenant(collectionTemplates, ctx, eq(collectionTemplates.id, id)));
  return answerOf(foundOrThrow(row, WHAT));
}

/** `POST CollectionTemplates`: a new dunning e-mail for a bucket. */
export async function createCollectionTemplate(ctx: Ctx, body: CollectionTemplateBody): Promise<CollectionTemplate> {
  const [row] = await uniquely(body, () =>
    ctx.db
      .insert(collectionTemplates)
      .values({ subscriberId: ctx.actor.subscriberId, ...valuesOf(body), updatedBy: ctx.actor.userId, updatedAt: ctx.now })
      .returning(),
  );
  await ensureDunningJobs(ctx.db, ctx.now, ctx.actor.subscriberId);
  return answerOf(row!);
}

/** `PUT CollectionTemplates/{collectionTemplateId}`: changes a template; e-mails already sent keep their own text. */
export async function updateCollectionTemplate(ctx: Ctx, id: number, body: CollectionTemplateBody): Promise<CollectionTemplate> {
  const [row] = await uniquely(body, () =>
    ctx.db
      .update(collectionTemplates)
      .set({ ...valuesOf(body), updatedBy: ctx.actor.userId, updatedAt: ctx.now })
      .where(ofTenant(collectionTemplates, ctx, eq(collectionTemplates.id, id)))
      .returning(),
  );
  return answerOf(foundOrThrow(row, WHAT));
}

/**
 * `DELETE CollectionTemplates/{collectionTemplateId}`: removes a template. The customers' history of dunning e-mails
 * keeps the template's name.
 */
export async function deleteCollectionTemplate(ctx: Ctx, id: number): Promise<{ collectionTemplateId: number }> {
  const [row] = await ctx.db.delete(collectionTemplates).where(ofTenant(collectionTemplates, ctx, eq(collectionTemplates.id, id))).returning({ id: collectionTemplates.id });
  return { collectionTemplateId: foundOrThrow(row, WHAT).id };
}

/** `GET Collection/customers/{customerId}/dunning`: the dunning e-mails a customer was sent, newest first. */
export async function listDunningEmails(ctx: Ctx, customerId: number): Promise<DunningEmail[]> {
  const [customer] = await ctx.db.select({ id: customers.id }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, customerId)));
  foundOrThrow(customer, 'Customer');
  const rows = await ctx.db
    .select()
    .from(dunningEmails)
    .where(ofTenant(dunningEmails, ctx, eq(dunningEmails.customerId, customerId)))
    .orderBy(desc(dunningEmails.sentAt), desc(dunningEmails.id));
  return rows.map((r) => ({
    dunningEmailId: r.id,
    sentAt: r.sentAt.toISOString(),
    bucket: r.bucket as DunningBucket,
    templateName: r.templateName,
    to: r.to,
    balance: jsonNumberOf(r.balance),
  }));
}
