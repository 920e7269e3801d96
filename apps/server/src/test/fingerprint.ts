import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** A fingerprint of every row of every table: equal before and after means nothing was written. */
export async function dbFingerprint(db: Db): Promise<string> {
  const tables = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
  const parts = names.map((n) => `(select coalesce(sum(hashtext(t::text)::bigint), 0) || ':' || count(*) from "${n}" t)`);
  const res = await db.execute<{ f: string }>(sql.raw(`select concat_ws('|', ${parts.join(', ')}) as f`));
  return (res as unknown as { rows: { f: string }[] }).rows[0].f;
}
