import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { jsonNumberOf, type PmContractDecisionBody, type PortalEquipment, type PortalPmContract } from '@sm/shared';
import { customers, equipment, equipmentCategories, equipmentMakes, equipmentModels, pmContractApprovals, pmContractEquipment, pmContracts } from '../../../db/schema';
import { AppError, notFound } from '../../../lib/errors';
import { decideApprovalRequest } from '../pm-contracts/pm-contract-approval.service';
import type { PortalScope } from './portal-links.service';
import { locationColumns, locationsOf } from './portal-read.service';

/** The most pieces and contracts one answer lists. */
const LIST_LIMIT = 500;
const makes = alias(equipmentMakes, 'portal_makes');
const models = alias(equipmentModels, 'portal_models');

/** `GET CustomerPortal/{id}/equipment`: the active pieces at the billing customer's locations, by location and name. */
export async function listPortalEquipment(p: PortalScope): Promise<PortalEquipment[]> {
  const sid = p.subscriberId;
  return p.ctx.db
    .select({
      equipmentId: equipment.id, name: equipment.name, category: equipmentCategories.name, make: makes.name, model: models.name, serialNumber: equipment.serialNumber,
      installedOn: equipment.installedOn, warrantyEndsOn: equipment.warrantyEndsOn, location: locationColumns,
    })
    .from(equipment)
    .innerJoin(customers, and(eq(customers.subscriberId, equipment.subscriberId), eq(customers.id, equipment.customerId)))
    .innerJoin(equipmentCategories, and(eq(equipmentCategories.subscriberId, equipment.subscriberId), eq(equipmentCategories.id, equipment.categoryId)))
    .leftJoin(makes, and(eq(makes.subscriberId, equipment.subscriberId), eq(makes.id, equipment.makeId)))
    .leftJoin(models, and(eq(models.subscriberId, equipment.subscriberId), eq(models.id, equipment.modelId)))
    .where(and(eq(equipment.subscriberId, sid), eq(equipment.isActive, true), locationsOf(p)))
    .orderBy(asc(customers.name), asc(equipment.name), asc(equipment.id))
    .limit(LIST_LIMIT);
}

type ContractStatus = PortalPmContract['status'];
const STATUS_NAMES: Record<string, ContractStatus> = { approved: 'Approved', declined: 'Declined', cancelled: 'Cancelled' };
const statusOf = (status: string, isWaiting: boolean): ContractStatus => STATUS_NAMES[status] ?? (isWaiting ? 'Waiting for your answer' : 'Expired');

/** The open approval request of each contract (the newest, unanswered and unexpired), by contract id. */
async function openRequests(p: PortalScope, contractIds: number[]) {
  if (contractIds.length === 0) return new Map<number, typeof pmContractApprovals.$inferSelect>();
  const rows = await p.ctx.db
    .select()
    .from(pmContractApprovals)
    .where(and(
      eq(pmContractApprovals.subscriberId, p.subscriberId), inArray(pmContractApprovals.contractId, contractIds), isNull(pmContractApprovals.decision),
      gt(pmContractApprovals.expiresAt, sql`${p.ctx.now.toISOString()}::timestamptz`),
    ))
    .orderBy(desc(pmContractApprovals.id));
  const open = new Map<number, (typeof rows)[number]>();
  for (const r of rows) if (!open.has(r.contractId)) open.set(r.contractId, r);
  return open;
}

/** The last answer given to each contract's approval requests, for the contract's "approved/declined by" line. */
async function lastAnswers(p: PortalScope, contractIds: number[]) {
  if (contractIds.length === 0) return new Map<number, { approverName: string | null; decidedAt: Date | null }>();
  const rows = await p.ctx.db
    .select({ contractId: pmContractApprovals.contractId, approverName: pmContractApprovals.approverName, decidedAt: pmContractApprovals.decidedAt })
    .from(pmContractApprovals)
    .where(and(eq(pmContractApprovals.subscriberId, p.subscriberId), inArray(pmContractApprovals.contractId, contractIds), sql`${pmContractApprovals.decision} is not null`))
    .orderBy(desc(pmContractApprovals.decidedAt), desc(pmContractApprovals.id));
  const last = new Map<number, { approverName: string | null; decidedAt: Date | null }>();
  for (const r of rows) if (!last.has(r.contractId)) last.set(r.contractId, r);
  return last;
}

/** The contracts as the portal shows them, and the open approval request of each contract waiting for an answer. */
async function portalContracts(p: PortalScope, only?: number): Promise<{ contracts: PortalPmContract[]; open: Awaited<ReturnType<typeof openRequests>> }> {
  const db = p.ctx.db;
  const sid = p.subscriberId;
  const rows = await db
    .select({ c: pmContracts, location: locationColumns })
    .from(pmContracts)
    .innerJoin(customers, and(eq(customers.subscriberId, pmContracts.subscriberId), eq(customers.id, pmContracts.customerId)))
    // A contract still being written in the office is not the customer's to read.
    .where(and(eq(pmContracts.subscriberId, sid), locationsOf(p), sql`${pmContracts.status} <> 'draft'`, only === undefined ? undefined : eq(pmContracts.id, only)))
    .orderBy(desc(pmContracts.startsOn), desc(pmContracts.id))
    .limit(LIST_LIMIT);
  const ids = rows.map((r) => r.c.id);
  const [open, answered, pieces] = await Promise.all([
    openRequests(p, ids),
    lastAnswers(p, ids),
    ids.length === 0 ? [] : db
      .select({ contractId: pmContractEquipment.contractId, name: equipment.name, tasks: pmContractEquipment.tasks })
      .from(pmContractEquipment)
      .innerJoin(equipment, and(eq(equipment.subscriberId, pmContractEquipment.subscriberId), eq(equipment.id, pmContractEquipment.equipmentId)))
      .where(and(eq(pmContractEquipment.subscriberId, sid), inArray(pmContractEquipment.contractId, ids)))
      .orderBy(asc(equipment.name), asc(equipment.id)),
  ]);
  const contracts = rows.map(({ c, location }): PortalPmContract => {
    const isWaiting = c.status === 'sent' && open.has(c.id);
    const last = answered.get(c.id);
    return {
      pmContractId: c.id, name: c.name, location, frequencyName: c.frequencyName, price: jsonNumberOf(c.price), priceBasis: c.priceBasis, startsOn: c.startsOn, endsOn: c.endsOn,
      renewsAutomatically: c.renewsAutomatically, status: statusOf(c.status, isWaiting), isWaiting,
      approverName: c.status === 'approved' || c.status === 'declined' ? (c.approverName ?? last?.approverName ?? null) : null,
      decidedAt: c.status === 'approved' ? (c.approvedAt?.toISOString() ?? null) : c.status === 'declined' ? (last?.decidedAt?.toISOString() ?? null) : null,
      equipment: pieces.filter((e) => e.contractId === c.id).map((e) => ({ name: e.name, tasks: e.tasks })),
    };
  });
  // Those waiting for an answer first.
  return { contracts: contracts.sort((a, b) => Number(b.isWaiting) - Number(a.isWaiting)), open };
}

/** `GET CustomerPortal/{id}/pmContracts`: the preventive-maintenance contracts at the billing customer's locations. */
export const listPortalPmContracts = async (p: PortalScope) => (await portalContracts(p)).contracts;

/**
 * `POST CustomerPortal/{id}/pmContracts/{pmContractId}/decision`: the contact answers the contract's open approval
 * request, as the e-mailed approval link would (the office user who sent it is told). Another customer's contract is
 * a 404; one not waiting for an answer a 409.
 */
export async function decidePortalPmContract(p: PortalScope, pmContractId: number, body: PmContractDecisionBody, from: string, publicUrl: string): Promise<PortalPmContract> {
  const { contracts: [contract], open } = await portalContracts(p, pmContractId);
  if (!contract) throw notFound('PM contract');
  const request = open.get(pmContractId);
  if (!contract.isWaiting || !request) throw new AppError(409, `The contract "${contract.name}" is not waiting for your answer (it is ${contract.status.toLowerCase()}).`);
  await decideApprovalRequest(p.ctx.db, request, body, p.ctx.now, from, publicUrl);
  const { contracts: [after] } = await portalContracts(p, pmContractId);
  return after;
}
