import { sql, type SQL } from 'drizzle-orm';
import type { contacts, customers, standardItems, users } from '../../../db/schema';
import type { Tx } from '../../../lib/context';

type WithExternalId = typeof customers | typeof contacts | typeof users | typeof standardItems;

/**
 * The company's rows of a table among external ids (id and external id, and the `columns` given, as `, <column> as
 * "<key>"`), each found by its own probe of the table's unique index of (company, external id), the list bound as one
 * parameter. Not `external_id = any(list)` beside other conditions: the planner, whose statistics lag behind a table
 * an import is filling, may then read every row of the company and compare it with the whole list, a cost that grows
 * with the table and the batch together.
 */
export async function rowsByExternalId<T extends { id: number; externalId: string }>(
  tx: Tx,
  table: WithExternalId,
  subscriberId: number,
  externalIds: string[],
  columns: SQL = sql``,
): Promise<T[]> {
  if (externalIds.length === 0) return [];
  const result = await tx.execute(sql`
    select found.* from json_array_elements_text(${JSON.stringify([...new Set(externalIds)])}::json) as wanted(external_id)
      cross join lateral (
        select ${table.id} as id, ${table.externalId} as "externalId"${columns} from ${table}
         where ${table.subscriberId} = ${subscriberId} and ${table.externalId} = wanted.external_id
         limit 1) as found`);
  return (result as unknown as { rows: T[] }).rows;
}
