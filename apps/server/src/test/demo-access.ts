import { eq } from 'drizzle-orm';
import { satisfies, type Access, type Requirement } from '@sm/shared';
import { users } from '../db/schema';
import { loadAccess } from '../features/platform/permissions/access-load';
import type { TestApp } from './test-app';

/** The demo company's users, one of each kind of role, whose access the access tests compare with what routes require. */
export const DEMO_USERS = ['admin', 'leader', 'dispatcher', 'tech', 'tech2', 'payroll', 'sales', 'customer'] as const;

/** What a requirement asks at a level: a list's or a form's read and write. */
type RequirementAt = (level: 'read' | 'write') => Requirement;

/** Each demo user's access as loaded from the database, the two demo companies' ids, and who may do what. */
export async function loadDemoAccess(t: TestApp) {
  const accessOf = new Map<string, Access>();
  for (const userName of DEMO_USERS) {
    const [u] = await t.db.select().from(users).where(eq(users.userName, userName));
    accessOf.set(userName, (await loadAccess(t.db, u.subscriberId, u.id))!);
  }
  const companyOf = async (userName: string) => (await t.db.select().from(users).where(eq(users.userName, userName)))[0].subscriberId;
  const may = (userName: string, requirement: Requirement) => satisfies(accessOf.get(userName)!, requirement);
  return {
    accessOf,
    polar: await companyOf('admin'),
    coastal: await companyOf('coastal.admin'),
    /** Who may write: a demo user other than Super Admin when there is one, so the permission itself is what is tested. */
    writerOf: (at: RequirementAt) => DEMO_USERS.filter((u) => u !== 'admin').find((u) => may(u, at('write'))) ?? 'admin',
    readerOnlyOf: (at: RequirementAt) => DEMO_USERS.find((u) => may(u, at('read')) && !may(u, at('write'))),
    outsiderOf: (at: RequirementAt) => DEMO_USERS.find((u) => !may(u, at('read')))!,
  };
}

export type DemoAccess = Awaited<ReturnType<typeof loadDemoAccess>>;
