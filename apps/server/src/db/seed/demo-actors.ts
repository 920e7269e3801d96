import { addDays, instantOf, wallClockOf, type Access } from '@sm/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { customers } from '../schema';
import type { Ctx } from '../../lib/context';
import { loadAccess } from '../../features/platform/permissions/access-load';

/** A demo company as the seed made it: its id, zone and users by user name. */
export interface DemoCompany {
  id: number;
  timeZone: string;
  users: Record<string, number>;
}

/** A demo user acting through the services: the context of a request made at a given instant, and the user's access. */
export interface DemoActor {
  userId: number;
  name: string;
  access: Access;
  at(now: Date): Ctx;
}

/** The company's calendar around the seed time: today's date and instants of wall-clock times of its days. */
export interface DemoClock {
  now: Date;
  today: string;
  /** `days` days after today (negative: before), YYYY-MM-DD. */
  day(days: number): string;
  /** An instant of a wall-clock time (HH:MM) of a date, in the company's zone. */
  at(date: string, time: string): Date;
  /** The company's date of an instant, YYYY-MM-DD. */
  dateOf(instant: Date): string;
}

export function demoClock(company: DemoCompany, now: Date): DemoClock {
  const dateOf = (instant: Date) => wallClockOf(instant, company.timeZone).toISOString().slice(0, 10);
  const today = dateOf(now);
  return {
    now,
    today,
    day: (days) => addDays(today, days),
    at: (date, time) => instantOf(new Date(`${date}T${time}:00Z`), company.timeZone),
    dateOf,
  };
}

/** The demo user of a company, acting as a signed-in request of theirs would: same access, same context. */
export async function demoActor(db: Db, company: DemoCompany, userName: string, name = userName): Promise<DemoActor> {
  const userId = company.users[userName];
  if (!userId) throw new Error(`The demo has no user ${userName}.`);
  const access = await loadAccess(db, company.id, userId);
  if (!access) throw new Error(`The demo user ${userName} has no access.`);
  return { userId, name, access, at: (now) => ({ db, actor: { userId, subscriberId: company.id, userName }, now }) };
}

/** The demo's people of a company by user name. */
export async function demoActors<const N extends string>(db: Db, company: DemoCompany, userNames: readonly N[]): Promise<Record<N, DemoActor>> {
  const entries = await Promise.all(userNames.map(async (u) => [u, await demoActor(db, company, u)] as const));
  return Object.fromEntries(entries) as Record<N, DemoActor>;
}

/** `minutes` minutes after an instant. */
export const later = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * 60_000);

/** The id of a demo customer by its name. */
export async function demoSiteId(db: Db, subscriberId: number, name: string): Promise<number> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(and(eq(customers.subscriberId, subscriberId), eq(customers.name, name)));
  if (!row) throw new Error(`The demo has no customer ${name}.`);
  return row.id;
}
