/**
 * The soak's checker: after the run, with every server stopped, it reads the database and counts the violations
 * of what the product promises. Each count must be 0.
 */
import pg from 'pg';
import type { LedgerEntry } from './technician';

export interface Violations {
  /** Users with more than one open labor entry. */
  usersWithTwoOpenEntries: number;
  /** 2xx answers whose effect is not in the database (a missing entry, an entry not closed, the wrong work order). */
  answeredButMissing: number;
  /** Labor entries that end before they start. */
  entriesEndingBeforeStart: number;
  /** Labor entries of one user that overlap in time. */
  overlappingEntries: number;
  /** Records that tie one company's work order to another company's user, labor, history or customer. */
  crossCompanyRecords: number;
}

const one = async (c: pg.Client, sql: string, params: unknown[] = []) => Number((await c.query(sql, params)).rows[0].n);

/** Reads the database and counts every violation; `samples` gets a few ledger entries that failed. */
export async function checkInvariants(c: pg.Client, ledger: LedgerEntry[], samples: string[]): Promise<Violations> {
  const usersWithTwoOpenEntries = await one(
    c,
    `SELECT count(*) AS n FROM (SELECT user_id FROM work_order_labor WHERE stopped_at IS NULL GROUP BY user_id HAVING count(*) > 1) x`,
  );
  const entriesEndingBeforeStart = await one(c, `SELECT count(*) AS n FROM work_order_labor WHERE stopped_at < started_at`);
  const overlappingEntries = await one(
    c,
    `SELECT count(*) AS n FROM (
       SELECT started_at, lag(coalesce(stopped_at, 'infinity')) OVER (PARTITION BY user_id ORDER BY started_at, id) AS previous_end
         FROM work_order_labor) x
      WHERE previous_end > started_at`,
  );
  const crossCompanyRecords = await one(
    c,
    `SELECT (SELECT count(*) FROM work_order_labor l JOIN work_orders w ON w.id = l.work_order_id JOIN users u ON u.id = l.user_id
              WHERE l.subscriber_id <> w.subscriber_id OR u.subscriber_id <> w.subscriber_id)
          + (SELECT count(*) FROM work_order_technicians t JOIN work_orders w ON w.id = t.work_order_id JOIN users u ON u.id = t.user_id
              WHERE t.subscriber_id <> w.subscriber_id OR u.subscriber_id <> w.subscriber_id)
          + (SELECT count(*) FROM work_order_status_history h JOIN work_orders w ON w.id = h.work_order_id
              WHERE h.subscriber_id <> w.subscriber_id)
          + (SELECT count(*) FROM work_orders w JOIN customers cu ON cu.id = w.customer_id
              WHERE cu.subscriber_id <> w.subscriber_id) AS n`,
  );
  const answeredButMissing = await missingEffects(c, ledger, samples);
  return { usersWithTwoOpenEntries, answeredButMissing, entriesEndingBeforeStart, overlappingEntries, crossCompanyRecords };
}

/**
 * Proves the checker is not blind: inside a transaction that is rolled back, one answered clock-out is undone
 * and its entry moved to the other company; the checker must then see a missing effect, an overlap and a
 * cross-company record.
 */
export async function checkerSeesTampering(c: pg.Client, ledger: LedgerEntry[]): Promise<boolean> {
  // Every entry an answered request closed: by a clock-out, or by a finish-and-start-new.
  const closed = ledger.flatMap((e) => (e.kind === 'out' ? [e.laborId] : e.kind === 'switch' ? [e.closedLaborId] : []));
  // One with a later entry of its user, which overlaps it once it is open again.
  const r = await c.query<{ id: number; user_id: number }>(
    `SELECT l.id, l.user_id FROM work_order_labor l WHERE l.id = ANY($1::int[]) AND l.stopped_at IS NOT NULL
        AND EXISTS (SELECT 1 FROM work_order_labor n WHERE n.user_id = l.user_id AND n.started_at > l.started_at)
      LIMIT 1`,
    [closed],
  );
  if (r.rowCount === 0) return false;
  await c.query('BEGIN');
  try {
    // A user has one open entry at most (a database constraint): whatever the user has open is closed first, so the
    // test does not depend on how many technicians a busy run left with nothing open.
    await c.query(`UPDATE work_order_labor SET stopped_at = greatest(started_at, now()) WHERE user_id = $1 AND stopped_at IS NULL`, [r.rows[0].user_id]);
    await c.query(`UPDATE work_order_labor SET stopped_at = NULL, subscriber_id = 3 - subscriber_id WHERE id = $1`, [r.rows[0].id]);
    const v = await checkInvariants(c, ledger, []);
    return v.answeredButMissing > 0 && v.overlappingEntries > 0 && v.crossCompanyRecords > 0;
  } finally {
    await c.query('ROLLBACK');
  }
}

/**
 * Every answered clock-in must have left its entry (this user, this work order, the start it sent); every
 * answered clock-out its entry closed; every answered start-new the old entry closed and the new one present.
 */
async function missingEffects(c: pg.Client, ledger: LedgerEntry[], samples: string[]): Promise<number> {
  const ids = [...new Set(ledger.flatMap((e) => (e.kind === 'switch' ? [e.closedLaborId, e.laborId] : [e.laborId])))];
  const rows = new Map<number, { user_id: number; work_order_id: number; started_at: Date; stopped_at: Date | null }>();
  for (let i = 0; i < ids.length; i += 5000) {
    const r = await c.query(`SELECT id, user_id, work_order_id, started_at, stopped_at FROM work_order_labor WHERE id = ANY($1::int[])`, [ids.slice(i, i + 5000)]);
    for (const row of r.rows) rows.set(row.id, row);
  }
  let missing = 0;
  const miss = (e: LedgerEntry, why: string) => {
    missing++;
    if (samples.length < 10) samples.push(`${JSON.stringify(e)}: ${why}`);
  };
  for (const e of ledger) {
    const entry = rows.get(e.laborId);
    if (!entry || entry.user_id !== e.userId) {
      miss(e, 'no such labor entry of this user');
      continue;
    }
    if (e.kind === 'in' && (entry.work_order_id !== e.workOrderId || entry.started_at.getTime() !== new Date(e.startTime).getTime())) {
      miss(e, 'entry on another work order or with another start');
    }
    if (e.kind === 'switch') {
      if (entry.work_order_id !== e.workOrderId) miss(e, 'new entry on another work order');
      const closed = rows.get(e.closedLaborId);
      if (!closed?.stopped_at) miss(e, 'the finished entry is not closed');
    }
    if (e.kind === 'out' && !entry.stopped_at) miss(e, 'entry not closed');
  }
  return missing;
}
