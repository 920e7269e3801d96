import { asc, eq, type SQL } from 'drizzle-orm';
import { required, type EmailTemplate, type EmailTemplateBody, type EmailTemplatePurpose } from '@sm/shared';
import { users } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError, pgConstraintOf } from '../../../lib/errors';
import { sanitizeRichText } from '../../../lib/rich-text';
import { foundOrThrow, ofTenant } from '../../../lib/tenancy';
import { emailTemplates } from './email-templates.table';

const WHAT = 'Email template';
type Row = typeof emailTemplates.$inferSelect;

/** The columns a template is answered with, its last editor's name joined in. */
const columns = {
  emailTemplateId: emailTemplates.id,
  name: emailTemplates.name,
  purpose: emailTemplates.purpose,
  subject: emailTemplates.subject,
  bodyHtml: emailTemplates.bodyHtml,
  isActive: emailTemplates.isActive,
  createdAt: emailTemplates.createdAt,
  updatedAt: emailTemplates.updatedAt,
  updatedByName: users.name,
};

type Selected = Omit<EmailTemplate, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const answerOf = (row: Selected): EmailTemplate => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

function selectTemplates(db: DbOrTx, where: SQL) {
  return db.select(columns).from(emailTemplates).leftJoin(users, eq(users.id, emailTemplates.updatedBy)).where(where);
}

/** Whether rich text says anything: some text or a picture once its markup is set aside. */
export function hasContent(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() !== '' || /<img\s/i.test(html);
}

/** A message as kept: through the allowlist sanitiser, refused with the form's sentence when nothing is left. */
export function sanitizedMessage(html: string, label = 'Message'): string {
  const clean = sanitizeRichText(html.replace(/\u0000/g, '')).trim();
  if (!hasContent(clean)) throw new AppError(400, required(label));
  return clean;
}

/** `GET EmailTemplates`: the company's templates by name, narrowed to a purpose or to the active ones when asked. */
export async function listEmailTemplates(ctx: Ctx, filter: { purpose?: EmailTemplatePurpose; isActive?: boolean }): Promise<EmailTemplate[]> {
  const rows = await selectTemplates(
    ctx.db,
    ofTenant(
      emailTemplates,
      ctx,
      filter.purpose ? eq(emailTemplates.purpose, filter.purpose) : undefined,
      filter.isActive === undefined ? undefined : eq(emailTemplates.isActive, filter.isActive),
    ),
  ).orderBy(asc(emailTemplates.name), asc(emailTemplates.id));
  return rows.map(answerOf);
}

/** One template of the company; another company's is reported as one that does not exist. */
export async function getEmailTemplate(ctx: Pick<Ctx, 'db' | 'actor'>, id: number, db: DbOrTx = ctx.db): Promise<EmailTemplate> {
  const [row] = await selectTemplates(db, ofTenant(emailTemplates, ctx, eq(emailTemplates.id, id)));
  return answerOf(foundOrThrow(row, WHAT));
}

/**
 * Runs a write, turning the unique index's refusal into the sentence: the index (one name per company, whatever the
 * case) decides, so two people saving the same name at once cannot both succeed.
 */
async function withUniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    const { code, constraint } = pgConstraintOf(e);
    if (code === '23505' && (!constraint || constraint === 'email_templates_name_unique')) {
      throw new AppError(409, `An e-mail template named ${name} already exists.`);
    }
    throw e;
  }
}

const valuesOf = (body: EmailTemplateBody) => ({
  name: body.name,
  purpose: body.purpose,
  subject: body.subject.replace(/\s+/g, ' '),
  bodyHtml: sanitizedMessage(body.bodyHtml),
  isActive: body.isActive,
});

/** `POST EmailTemplates`: a new template; its message is sanitised before it is kept. */
export async function createEmailTemplate(ctx: Ctx, body: EmailTemplateBody): Promise<EmailTemplate> {
  const values = valuesOf(body);
  const [row] = await withUniqueName(values.name, () =>
    ctx.db
      .insert(emailTemplates)
      .values({ subscriberId: ctx.actor.subscriberId, ...values, createdBy: ctx.actor.userId, updatedBy: ctx.actor.userId, createdAt: ctx.now, updatedAt: ctx.now })
      .returning({ id: emailTemplates.id }),
  );
  return getEmailTemplate(ctx, row!.id);
}

/** `PUT EmailTemplates/{emailTemplateId}`: renames, rewrites or retires a template of the company. */
export async function updateEmailTemplate(ctx: Ctx, id: number, body: EmailTemplateBody): Promise<EmailTemplate> {
  const values = valuesOf(body);
  const changed: Pick<Row, 'id'>[] = await withUniqueName(values.name, () =>
    ctx.db
      .update(emailTemplates)
      .set({ ...values, updatedBy: ctx.actor.userId, updatedAt: ctx.now })
      .where(ofTenant(emailTemplates, ctx, eq(emailTemplates.id, id)))
      .returning({ id: emailTemplates.id }),
  );
  foundOrThrow(changed[0], WHAT);
  return getEmailTemplate(ctx, id);
}

/**
 * `DELETE EmailTemplates/{emailTemplateId}`: removes a template. Messages already sent from it keep their own copy of
 * the subject and text, so nothing refers to it.
 */
export async function deleteEmailTemplate(ctx: Ctx, id: number): Promise<{ emailTemplateId: number }> {
  const [row] = await ctx.db.delete(emailTemplates).where(ofTenant(emailTemplates, ctx, eq(emailTemplates.id, id))).returning({ id: emailTemplates.id });
  return { emailTemplateId: foundOrThrow(row, WHAT).id };
}
