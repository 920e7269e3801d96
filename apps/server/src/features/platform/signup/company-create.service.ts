import { sql } from 'drizzle-orm';
import { ROLE, type RegisterInput } from '@sm/shared';
import { addStartingEquipmentInfo } from '../../office/equipment/equipment-info-rows';
import { addStartingPmLists } from '../../office/pm-contracts/pm-starting-lists';
import { addStartingCollectionTasks, EVERY_BUCKET_TO_THE_FIRST_ADMIN } from '../../money/collections/collection-task-starting';
import { addListRows, STARTING_LIST_ROWS } from '../reference-lists/starting-rows';
import { billingSettings, perDiemTypes, purchaseOrderSettings, rolePermissions, subscribers, userRoles, users, workOrderFlags } from '../../../db/schema';
import type { DbOrTx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { defaultMatrixRows } from '../permissions/default-matrix';

/** The advisory lock every sign-up and the first-run setup take, so their checks and writes never interleave. */
const SIGNUP_LOCK = 0x5355; // "SU"

/** A new user's work status: off duty until they clock in. */
const OFF_DUTY = 10;

/** What a company starts with besides its people, so every page works from the first sign-in; each is editable later. */
const STARTING_SETTINGS = { hasWorkOrder: true, hasCustomer: true, hasRefrigerant: true, hasVoltage: true, hasPurchaseOrder: true, hasWarehouseSetup: true };
const STARTING_FLAGS = ['Callback', 'Warranty', 'Customer Complaint', 'Needs Follow Up', 'Safety Concern'];
const STARTING_PER_DIEMS = ['Full Day', 'Half Day'];

export const USER_NAME_TAKEN = (userName: string) => `The user name ${userName} is taken. Choose another one.`;
export const EMAIL_TAKEN = 'An account with this e-mail address already exists. Sign in, or use another address.';

/** Takes the sign-up lock for the rest of the transaction (PGlite and PostgreSQL both have it). */
export async function lockSignups(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SIGNUP_LOCK}::int)`);
}

/** Whether the database has no company yet: the first run. */
export async function hasNoCompany(db: DbOrTx): Promise<boolean> {
  const [any] = await db.select({ id: subscribers.id }).from(subscribers).limit(1);
  return !any;
}

/**
 * A new company and its first Super Admin, inside the caller's transaction, which holds the sign-up lock: the user name
 * (case-insensitively, among every company's users) and the address must be free, else 409 with a sentence. The
 * company gets its permission matrix, its address and time zone, and the short lists a company works with (work-order
 * flags, per-diem types, its invoice counter, equipment categories, refrigerants and voltages, the preventive-maintenance
 * frequencies, tasks and category templates).
 */
export async function insertCompany(tx: Tx, input: RegisterInput, user: { passwordHash: string; isEmailConfirmed: boolean }) {
  const same = (column: typeof users.userName | typeof users.email, value: string) =>
    tx.select({ id: users.id }).from(users).where(sql`lower(${column}) = lower(${value})`).limit(1);
  const found = { userName: (await same(users.userName, input.userName)).length > 0, email: (await same(users.email, input.email)).length > 0 };
  if (found.userName) throw new AppError(409, USER_NAME_TAKEN(input.userName));
  if (found.email) throw new AppError(409, EMAIL_TAKEN);
  const [company] = await tx
    .insert(subscribers)
    .values({ name: input.companyName, timeZone: input.timeZone, settings: STARTING_SETTINGS, ...input.address })
    .returning({ id: subscribers.id, name: subscribers.name });
  const [admin] = await tx
    .insert(users)
    .values({
      subscriberId: company.id, userName: input.userName, name: input.name, email: input.email, passwordHash: user.passwordHash,
      userStatusId: OFF_DUTY, isEmailConfirmed: user.isEmailConfirmed,
    })
    .returning({ id: users.id });
  await tx.insert(userRoles).values({ subscriberId: company.id, userId: admin.id, roleId: ROLE['Super Admin'] });
  await tx.insert(rolePermissions).values(defaultMatrixRows(company.id));
  await tx.insert(workOrderFlags).values(STARTING_FLAGS.map((name) => ({ subscriberId: company.id, name })));
  await tx.insert(perDiemTypes).values(STARTING_PER_DIEMS.map((name) => ({ subscriberId: company.id, name })));
  await tx.insert(billingSettings).values({ subscriberId: company.id });
  await tx.insert(purchaseOrderSettings).values({ subscriberId: company.id });
  await addListRows(tx, company.id, STARTING_LIST_ROWS);
  await addStartingEquipmentInfo(tx, company.id);
  await addStartingPmLists(tx, company.id);
  await addStartingCollectionTasks(tx, company.id, admin.id, [...EVERY_BUCKET_TO_THE_FIRST_ADMIN]);
  return { subscriberId: company.id, companyName: company.name, userId: admin.id };
}
