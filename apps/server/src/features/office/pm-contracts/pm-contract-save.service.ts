import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { CreatePmContractParsed, PmContract, SavePmContractParsed } from '@sm/shared';
import { companyListRows, customers, equipment, pmContractApprovals, pmContractEquipment, pmContracts, users } from '../../../db/schema';
import type { Ctx, Tx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { categoryTasks, pmContractRow, readPmContract, templateRows } from './pm-contract-read.service';

const snapshot = (c: PmContract) => {
  const { approvals: _a, contacts: _c, nextDueOn: _n, updatedAt: _u, ...rest } = c;
  return rest;
};

/** The frequency's name and rule: a row of the company's frequency list (copied), or the rule written. */
async function frequencyOf(tx: Tx, ctx: Ctx, body: SavePmContractParsed): Promise<{ frequencyName: string | null; recurrenceRule: string }> {
  if (body.frequencyId == null) return { frequencyName: null, recurrenceRule: body.recurrenceRule! };
  const [row] = await tx
    .select({ name: companyListRows.name, rule: companyListRows.description })
    .from(companyListRows)
    .where(ofTenant(companyListRows, ctx, eq(companyListRows.listKey, 'pmFrequencies'), eq(companyListRows.id, body.frequencyId)));
  if (!row?.rule) throw notFound('Frequency');
  return { frequencyName: row.name, recurrenceRule: row.rule };
}

/**
 * The pieces covered and their tasks. Every piece is of the company (404 otherwise), at the contract's location and in
 * service (400 with its name otherwise; a piece already covered may stay after it is retired). A piece without tasks
 * takes the chosen template's, else its category's; one that gets none is refused with its name.
 */
async function coveredRows(tx: Tx, ctx: Ctx, contract: { customerId: number; locationName: string; id: number }, body: SavePmContractParsed, alreadyCovered: Set<number>) {
  const ids = body.equipment.map((e) => e.equipmentId);
  const pieces = await tx.select().from(equipment).where(ofTenant(equipment, ctx, inArray(equipment.id, ids)));
  const byId = new Map(pieces.map((p) => [p.id, p]));
  const [template] = body.templateId == null ? [] : await templateRows(tx, ctx, 'pmCompanyTemplates', [body.templateId]);
  if (body.templateId != null && !template) throw notFound('Task Template');
  const byCategory = await categoryTasks(tx, ctx);
  return body.equipment.map((e) => {
    const piece = byId.get(e.equipmentId);
    if (!piece) throw notFound('Equipment');
    if (piece.customerId !== contract.customerId) throw new AppError(400, `${piece.name} is not at ${contract.locationName}: a contract covers only equipment at its location.`);
    if (!piece.isActive && !alreadyCovered.has(piece.id)) throw new AppError(400, `${piece.name} is retired: a contract covers only equipment in service.`);
    const tasks = e.tasks ?? template?.tasks ?? byCategory.get(piece.categoryId) ?? [];
    if (tasks.length === 0) throw new AppError(400, `Write the tasks of ${piece.name}: its category has no PM template.`);
    return { subscriberId: ctx.actor.subscriberId, contractId: contract.id, equipmentId: piece.id, tasks };
  });
}

async function ensureTechnician(tx: Tx, ctx: Ctx, userId: number | null | undefined) {
  if (userId == null) return;
  const [found] = await tx.select({ id: users.id }).from(users).where(and(eq(users.subscriberId, ctx.actor.subscriberId), eq(users.id, userId), eq(users.isActive, true)));
  if (!found) throw notFound('Technician');
}

async function locationOf(tx: Tx, ctx: Ctx, customerId: number) {
  const [site] = await tx.select({ id: customers.id, name: customers.name }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, customerId)));
  if (!site) throw notFound('Location');
  return site;
}

const termsOf = (body: SavePmContractParsed) => ({
  name: body.name,
  price: body.price.toFixed(2),
  priceBasis: body.priceBasis,
  startsOn: body.startsOn,
  endsOn: body.endsOn,
  renewsAutomatically: body.renewsAutomatically,
  technicianUserId: body.technicianUserId ?? null,
  visitTime: body.visitTime ?? null,
  visitMinutes: body.visitMinutes,
  leadDays: body.leadDays,
  notes: body.notes?.trim() ? body.notes.trim() : null,
});

/** Links still waiting for the customer's answer stop working: the contract they showed has changed or ended. */
export async function expireOpenLinks(tx: Tx, ctx: Ctx, contractId: number) {
  await tx
    .update(pmContractApprovals)
    .set({ expiresAt: ctx.now })
    .where(ofTenant(pmContractApprovals, ctx, eq(pmContractApprovals.contractId, contractId), isNull(pmContractApprovals.decision), gt(pmContractApprovals.expiresAt, sql`${ctx.now.toISOString()}::timestamptz`)));
}

/** `POST PmContract`: a draft contract at a location of the company, with its equipment and tasks, audited. */
export async function createPmContract(ctx: Ctx, body: CreatePmContractParsed): Promise<PmContract> {
  return ctx.db.transaction(async (tx) => {
    const site = await locationOf(tx, ctx, body.customerId);
    await ensureTechnician(tx, ctx, body.technicianUserId);
    const frequency = await frequencyOf(tx, ctx, body);
    const [{ id }] = await tx
      .insert(pmContracts)
      .values({ subscriberId: ctx.actor.subscriberId, customerId: site.id, ...termsOf(body), ...frequency, status: 'draft', createdBy: ctx.actor.userId, createdAt: ctx.now, updatedAt: ctx.now })
      .returning({ id: pmContracts.id });
    await tx.insert(pmContractEquipment).values(await coveredRows(tx, ctx, { customerId: site.id, locationName: site.name, id }, body, new Set()));
    const after = await readPmContract(tx, ctx, id);
    await recordAudit(tx, ctx, { entity: 'pmContract', entityId: id, action: 'create', after: snapshot(after) });
    return after;
  });
}

/**
 * `PUT PmContract/{pmContractId}`: changes a contract's terms, equipment and tasks, audited. A contract sent or
 * declined goes back to draft (the link sent stops working: send it again); an approved one stays approved, and the
 * visits already generated stay as they are; a cancelled one is not changed.
 */
export async function updatePmContract(ctx: Ctx, id: number, body: SavePmContractParsed): Promise<PmContract> {
  return ctx.db.transaction(async (tx) => {
    const row = await pmContractRow(tx, ctx, id, { lock: true });
    if (row.status === 'cancelled') throw new AppError(409, `The contract "${row.name}" is cancelled and can no longer be changed.`);
    const before = await readPmContract(tx, ctx, id);
    const site = await locationOf(tx, ctx, row.customerId);
    await ensureTechnician(tx, ctx, body.technicianUserId);
    const frequency = await frequencyOf(tx, ctx, body);
    const covered = await coveredRows(tx, ctx, { customerId: row.customerId, locationName: site.name, id }, body, new Set(before.equipment.map((e) => e.equipmentId)));
    const status = row.status === 'approved' ? 'approved' : 'draft';
    if (row.status === 'sent') await expireOpenLinks(tx, ctx, id);
    await tx.update(pmContracts).set({ ...termsOf(body), ...frequency, status, updatedAt: ctx.now }).where(ofTenant(pmContracts, ctx, eq(pmContracts.id, id)));
    await tx.delete(pmContractEquipment).where(ofTenant(pmContractEquipment, ctx, eq(pmContractEquipment.contractId, id)));
    await tx.insert(pmContractEquipment).values(covered);
    const after = await readPmContract(tx, ctx, id);
    await recordAudit(tx, ctx, { entity: 'pmContract', entityId: id, action: 'update', before: snapshot(before), after: snapshot(after) });
    return after;
  });
}

/** `POST PmContract/{pmContractId}/cancel`: the contract ends (no more visits are generated) and its waiting links stop working. */
export async function cancelPmContract(ctx: Ctx, id: number): Promise<PmContract> {
  return ctx.db.transaction(async (tx) => {
    const row = await pmContractRow(tx, ctx, id, { lock: true });
    if (row.status === 'cancelled') return readPmContract(tx, ctx, id);
    await expireOpenLinks(tx, ctx, id);
    await tx.update(pmContracts).set({ status: 'cancelled', updatedAt: ctx.now }).where(ofTenant(pmContracts, ctx, eq(pmContracts.id, id)));
    await recordAudit(tx, ctx, { entity: 'pmContract', entityId: id, action: 'cancel', before: { status: row.status }, after: { status: 'cancelled' } });
    return readPmContract(tx, ctx, id);
  });
}
