import { verify } from '@node-rs/argon2';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Env } from '../../lib/env';
import type { Db } from '../client';
import { users } from '../schema';
import { COASTAL_USERS, DEMO_PASSWORD, POLAR_USERS } from './demo-data';

const DEMO_USER_NAMES: string[] = [...POLAR_USERS, ...COASTAL_USERS].map((u) => u.userName);

/**
 * What `npm start` adds to the environment: the demo companies on the embedded database (SEED_DEMO=1), as the
 * README's first command promises, unless SEED_DEMO is chosen, the database is PostgreSQL (DATABASE_URL) or NODE_ENV
 * is production. A server started any other way loads the demo only when SEED_DEMO=1 is set.
 */
export function npmStartDefaults(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const isDemo = source.SEED_DEMO === undefined && !source.DATABASE_URL && source.NODE_ENV !== 'production';
  return isDemo ? { SEED_DEMO: '1' } : {};
}

/**
 * Why a production server (NODE_ENV=production) must not start, or null when it may: the demo companies asked for
 * (SEED_DEMO=1), or demo accounts in the database that can still sign in with the published password, by the demo's
 * user names (a handful of password checks). ALLOW_DEMO_ACCOUNTS=1 lets it start all the same.
 */
export async function demoAccountsRefusal(db: Db, env: Pick<Env, 'isProduction' | 'seedDemo' | 'allowDemoAccounts'>): Promise<string | null> {
  if (!env.isProduction || env.allowDemoAccounts) return null;
  if (env.seedDemo) {
    return `SEED_DEMO=1 loads the demo companies, whose users sign in with the published password ${DEMO_PASSWORD}, and NODE_ENV is production: unset SEED_DEMO, or set ALLOW_DEMO_ACCOUNTS=1 to run with demo accounts anyway.`;
  }
  const rows = await db
    .select({ userName: users.userName, passwordHash: users.passwordHash })
    .from(users)
    .where(and(inArray(sql<string>`lower(${users.userName})`, DEMO_USER_NAMES), eq(users.isActive, true)));
  const open = await Promise.all(rows.map(async (u) => ((await verify(u.passwordHash, DEMO_PASSWORD).catch(() => false)) ? u.userName.toLowerCase() : null)));
  const names = DEMO_USER_NAMES.filter((name) => open.includes(name));
  if (names.length === 0) return null;
  return `The database holds demo accounts that still sign in with the published password ${DEMO_PASSWORD} (${names.join(', ')}), and NODE_ENV is production: change their passwords or disable them, or set ALLOW_DEMO_ACCOUNTS=1 to run with them anyway.`;
}
