import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Access, InviteUserInput } from '@sm/shared';
import type { Db } from '../../../db/client';
import { contacts, customers, standardItems, users } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { errorText } from '../../../lib/error-log';
import { recordAudit } from '../audit/audit.service';
import { inviteUser, updateUser } from '../users-admin/users-admin.service';
import { rowsByExternalId } from './import-lookups';
import type { BatchResult, StagedRow } from './import-writer-types';

/**
 * Contacts, users and standard items are written a row at a time, each in a savepoint of the batch's transaction, with
 * the services the forms use where there is one: a row that fails is rolled back alone and reported with its sentence.
 */

const sentenceOf = (e: unknown) => (e instanceof AppError ? e.message : `The row could not be written: ${errorText(e)}`);

async function eachRow(tx: Tx, rows: StagedRow[], write: (sp: Tx, row: StagedRow) => Promise<'create' | 'update'>): Promise<BatchResult> {
  const result: BatchResult = { created: 0, updated: 0, rejected: [] };
  for (const row of rows) {
    try {
      const done = await tx.transaction((sp) => write(sp, row));
      if (done === 'create') result.created++;
      else result.updated++;
    } catch (e) {
      result.rejected.push({ line: row.line, message: sentenceOf(e) });
    }
  }
  return result;
}

export async function writeContacts(tx: Tx, ctx: Ctx, rows: StagedRow[]): Promise<BatchResult> {
  const subscriberId = ctx.actor.subscriberId;
  const refs = [...new Set(rows.map((r) => r.data.customerExternalId as string))];
  const customerIds = new Map((await rowsByExternalId(tx, customers, subscriberId, refs)).map((c) => [c.externalId, c.id]));
  return eachRow(tx, rows, async (sp, row) => {
    const d = row.data as { externalId: string; customerExternalId: string; name: string; title: string | null; phone: string | null; email: string | null; isPrimary: boolean };
    const customerId = customerIds.get(d.customerExternalId);
    if (customerId === undefined) throw new AppError(400, `Customer External ID ${d.customerExternalId} is not one of the company's customers: import the customers first.`);
    const [found] = await sp.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.subscriberId, subscriberId), eq(contacts.externalId, d.externalId))).for('update');
    if (d.isPrimary) {
      await sp
        .update(contacts)
        .set({ isPrimary: false })
        .where(and(eq(contacts.subscriberId, subscriberId), eq(contacts.customerId, customerId), eq(contacts.isPrimary, true), found ? ne(contacts.id, found.id) : undefined));
    }
    const values = { customerId, name: d.name, title: d.title, phone: d.phone, email: d.email, isPrimary: d.isPrimary };
    if (found) {
      await sp.update(contacts).set(values).where(eq(contacts.id, found.id));
      return 'update';
    }
    await sp.insert(contacts).values({ subscriberId, externalId: d.externalId, ...values });
    return 'create';
  });
}

export async function writeUsers(tx: Tx, ctx: Ctx, rows: StagedRow[], access: Access, publicUrl: string): Promise<BatchResult> {
  return eachRow(tx, rows, async (sp, row) => {
    const d = row.data as InviteUserInput & { externalId: string };
    const rowCtx: Ctx = { ...ctx, db: sp as unknown as Db };
    const input = { name: d.name, email: d.email, phone: d.phone, jobTitleId: d.jobTitleId ?? null, roleIds: d.roleIds };
    const [found] = await sp.select({ id: users.id }).from(users).where(and(eq(users.subscriberId, ctx.actor.subscriberId), eq(users.externalId, d.externalId)));
    if (found) {
      await updateUser(rowCtx, access, found.id, input);
      return 'update';
    }
    const user = await inviteUser(rowCtx, access, { ...input, userName: d.userName }, publicUrl);
    await sp.update(users).set({ externalId: d.externalId }).where(eq(users.id, user.userId));
    return 'create';
  });
}

export async function writeStandardItems(tx: Tx, ctx: Ctx, rows: StagedRow[]): Promise<BatchResult> {
  const subscriberId = ctx.actor.subscriberId;
  return eachRow(tx, rows, async (sp, row) => {
    const d = row.data as { externalId: string; name: string; description: string | null; price: number; isActive: boolean };
    const values = { name: d.name, description: d.description, price: d.price.toFixed(2), isActive: d.isActive, externalId: d.externalId };
    // Matched by external id; an item of the same name that no import has named yet is taken over.
    const [found] = await sp
      .select()
      .from(standardItems)
      .where(and(eq(standardItems.subscriberId, subscriberId), sql`(${standardItems.externalId} = ${d.externalId} or (${isNull(standardItems.externalId)} and lower(${standardItems.name}) = lower(${d.name})))`))
      .orderBy(sql`${standardItems.externalId} is null`)
      .limit(1)
      .for('update');
    if (found) {
      const [after] = await sp.update(standardItems).set(values).where(eq(standardItems.id, found.id)).returning();
      await recordAudit(sp, ctx, { entity: 'standardItems', entityId: found.id, action: 'update', before: found, after });
      return 'update';
    }
    const [created] = await sp.insert(standardItems).values({ subscriberId, ...values }).returning();
    await recordAudit(sp, ctx, { entity: 'standardItems', entityId: created.id, action: 'create', after: created });
    return 'create';
  });
}
