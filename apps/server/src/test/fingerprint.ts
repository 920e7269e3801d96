import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * A fingerprint of every row of every table: equal before and after means nothing was written. The parts are an
 * array's elements, which have no limit, where a function takes at most 100 arguments.
 */
export async function dbFingerprint(db: Db): Promise<string> {
  const tables = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
  const parts = names.map((n) => `(select coalesce(sum(hashtext(t::text)::bigint), 0) || ':' || count(*) from "${n}" t)`);
  const res = await db.execute<{ f: string }>(sql.raw(`select array_to_string(array[${parts.join(', ')}]::text[], '|') as f`));
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
  const res = await db.execute<{ f: string }>(sql.raw(`select array_to_string(array[${parts.join(', ')}]::text[], '|') as f`));
  const text = (res as unknown as { rows: { f: string }[] }).rows[0].f;
  return Object.fromEntries(text.split('|').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
}

/**
 * The next transaction id the database will hand out. Every insert, update and delete runs in a transaction that
 * takes an id, and reading takes none: while this stays the same, no row of any table was written.
 */
async function nextTransactionId(db: Db): Promise<string> {
  const res = await db.execute<{ x: string }>(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`);
  return (res as unknown as { rows: { x: string }[] }).rows[0].x;
}

/**
 * Watches a database for writes between two looks: `dbFingerprint` of every row when a transaction id was taken since
 * the baseline, nothing more when none was (most looks, and the fingerprint of every row of every table is costly).
 * `unchanged` answers whether the rows are as at the baseline; `rebase` makes what is there now the baseline.
 */
export async function writeWatch(db: Db) {
  let mark = await nextTransactionId(db);
  let print = await dbFingerprint(db);
  return {
    get print() {
      return print;
    },
    async unchanged(): Promise<boolean> {
      return (await nextTransactionId(db)) === mark || (await dbFingerprint(db)) === print;
    },
    async rebase() {
      const now = await nextTransactionId(db);
      if (now === mark) return;
      // The mark is read first: a write after it makes the next look fingerprint again, never miss a change.
      mark = now;
      print = await dbFingerprint(db);
    },
  };
}
