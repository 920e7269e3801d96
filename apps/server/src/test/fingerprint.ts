import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** The parts joined by '|' with the operator: a function such as concat_ws takes at most 100 arguments, and there are more tables. */
const joined = (parts: string[]) => parts.join(` || '|' || `);

/** A fingerprint of every row of every table: equal before and after means nothing was written. */
export async function dbFingerprint(db: Db): Promise<string> {
  const tables = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
  const parts = names.map((n) => `(select coalesce(sum(hashtext(t::text)::bigint), 0) || ':' || count(*) from "${n}" t)`);
  const res = await db.execute<{ f: string }>(sql.raw(`select ${joined(parts)} as f`));
  return (res as unknown as { rows: { f: string }[] }).rows[0].f;
}

/**
 * A fingerprint of one company's rows, table by table: the rows with its `subscriber_id`, and every row of the tables
 * that have no company column (shared lists, and child rows such as attachments). Compared with `toEqual`, a
 * difference names the tables that changed.
 */
export async function companyFingerprint(db: Db, subscriberId: number): Promise<Record<string, string>> {
  const columns = await db.execute<{ table_name: string; scoped: boolean }>(
    sql`select t.table_name, exists (select 1 from information_schema.columns c where c.table_schema = 'public' and c.table_name = t.table_name and c.column_name = 'subscriber_id') as scoped
        from information_schema.tables t where t.table_schema = 'public' and t.table_type = 'BASE TABLE' order by t.table_name`,
  );
  const tables = (columns as unknown as { rows: { table_name: string; scoped: boolean }[] }).rows;
  const where = (scoped: boolean) => (scoped ? ` where t.subscriber_id = ${Number(subscriberId)}` : '');
  const parts = tables.map((t) => `'${t.table_name}=' || (select coalesce(sum(hashtext(t::text)::bigint), 0) || ':' || count(*) from "${t.table_name}" t${where(t.scoped)})`);
  const res = await db.execute<{ f: string }>(sql.raw(`select ${joined(parts)} as f`));
  const text = (res as unknown as { rows: { f: string }[] }).rows[0].f;
  return Object.fromEntries(text.split('|').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
}
