import { and, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { settingsFormOf, type SettingsFormDefinition, type SettingsFormKey, type SettingsValues } from '@sm/shared';
import { companySettings, subscribers } from '../../../db/schema';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { recordAudit } from '../audit/audit.service';
import { ensureListRow } from '../reference-lists/reference-lists.service';

/**
 * Fields a form shows that the company's own row keeps (its name, address and time zone): read from and written to
 * that row, so there is one company name, never two. Every other field is kept in the form's values.
 */
const COMPANY_COLUMNS: Partial<Record<SettingsFormKey, Record<string, PgColumn>>> = {
  subscriberSettings: {
    companyName: subscribers.name,
    street: subscribers.street,
    city: subscribers.city,
    state: subscribers.state,
    zip: subscribers.zip,
    timeZone: subscribers.timeZone,
  },
};

/** The property of the subscribers table a column is, for the update. */
const SUBSCRIBER_PROPERTIES = new Map<PgColumn, string>(Object.entries(subscribers).filter(([, c]) => typeof c === 'object' && c !== null && 'columnType' in c).map(([k, c]) => [c as PgColumn, k]));

async function storedValues(db: DbOrTx, ctx: Ctx, key: SettingsFormKey): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ values: companySettings.values })
    .from(companySettings)
    .where(and(eq(companySettings.subscriberId, ctx.actor.subscriberId), eq(companySettings.formKey, key)));
  return row?.values ?? {};
}

async function companyValues(db: DbOrTx, ctx: Ctx, key: SettingsFormKey): Promise<Record<string, unknown>> {
  const columns = COMPANY_COLUMNS[key];
  if (!columns) return {};
  const [row] = await db.select(columns).from(subscribers).where(eq(subscribers.id, ctx.actor.subscriberId));
  return row ?? {};
}

/** The form as it reads: each field's saved value, the company's own where it keeps it, or the default. */
async function readForm(db: DbOrTx, ctx: Ctx, def: SettingsFormDefinition): Promise<SettingsValues> {
  const saved = { ...(await storedValues(db, ctx, def.key)), ...(await companyValues(db, ctx, def.key)) };
  return Object.fromEntries(def.fields.map((f) => [f.field, (saved[f.field] as string | number | boolean | null | undefined) ?? f.defaultValue]));
}

/**
 * `GET Settings/{formKey}`: the caller's company's values of a settings form, its defaults where never saved. Other
 * features read the settings they apply through it, in their own transaction when they pass one.
 */
export async function getSettingsForm(ctx: Ctx, key: SettingsFormKey, db: DbOrTx = ctx.db): Promise<SettingsValues> {
  return readForm(db, ctx, settingsFormOf(key));
}

/**
 * `PUT Settings/{formKey}`: saves the whole form (fields left out take their defaults) in one transaction with its
 * audit entry. Rows of lists it names must be the company's (404 otherwise).
 */
export async function saveSettingsForm(ctx: Ctx, key: SettingsFormKey, body: Record<string, unknown>): Promise<SettingsValues> {
  const def = settingsFormOf(key);
  const columns = COMPANY_COLUMNS[key] ?? {};
  return ctx.db.transaction(async (tx) => {
    const before = await readForm(tx, ctx, def);
    const kept: Record<string, unknown> = {};
    const company: Record<string, unknown> = {};
    for (const f of def.fields) {
      if (f.isReadOnly) continue;
      const value = body[f.field] ?? f.defaultValue;
      if (f.type === 'reference' && value != null) await ensureListRow(tx, ctx, f.list!, value as number, f.label);
      if (columns[f.field]) company[SUBSCRIBER_PROPERTIES.get(columns[f.field])!] = value;
      else kept[f.field] = value;
    }
    if (Object.keys(company).length > 0) await tx.update(subscribers).set(company).where(eq(subscribers.id, ctx.actor.subscriberId));
    await tx
      .insert(companySettings)
      .values({ subscriberId: ctx.actor.subscriberId, formKey: key, values: kept, updatedBy: ctx.actor.userId, updatedAt: ctx.now })
      .onConflictDoUpdate({ target: [companySettings.subscriberId, companySettings.formKey], set: { values: kept, updatedBy: ctx.actor.userId, updatedAt: ctx.now } });
    const after = await readForm(tx, ctx, def);
    await recordAudit(tx, ctx, { entity: key, entityId: ctx.actor.subscriberId, action: 'updated', before, after });
    return after;
  });
}
