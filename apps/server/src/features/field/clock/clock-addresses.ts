import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Geocoder } from '../../platform/geocoding/geocoder-client';
import { workOrderLabor } from './labor.table';

type End = 'start' | 'stop';

const COLUMNS = {
  start: { lat: workOrderLabor.startLatitude, lng: workOrderLabor.startLongitude, address: workOrderLabor.startAddress, key: 'startAddress' },
  stop: { lat: workOrderLabor.stopLatitude, lng: workOrderLabor.stopLongitude, address: workOrderLabor.stopAddress, key: 'stopAddress' },
} as const;

/**
 * Names the clock positions of labor entries for the office: each start or stop position that has no address yet is
 * reverse-geocoded, then written, unless another run wrote it meanwhile. Runs after the clock action has answered,
 * outside any transaction, on the owner's handle and the entry's company; a position the geocoder cannot name keeps
 * its coordinates only.
 */
export async function nameClockPositions(db: Db, geocoder: Geocoder, subscriberId: number, laborIds: readonly number[]): Promise<void> {
  for (const laborId of new Set(laborIds)) {
    for (const end of ['start', 'stop'] as End[]) {
      const c = COLUMNS[end];
      const ofEntry = and(eq(workOrderLabor.id, laborId), eq(workOrderLabor.subscriberId, subscriberId), isNull(c.address));
      const [row] = await db.select({ lat: c.lat, lng: c.lng }).from(workOrderLabor).where(and(ofEntry, isNotNull(c.lat), isNotNull(c.lng)));
      if (!row || row.lat === null || row.lng === null) continue;
      const address = await geocoder.reverse({ lat: row.lat, lng: row.lng });
      if (address) await db.update(workOrderLabor).set({ [c.key]: address }).where(and(ofEntry, eq(c.lat, row.lat), eq(c.lng, row.lng)));
    }
  }
}

/**
 * Starts naming the positions of these entries without making the caller wait, and keeps the work in `pending` so
 * that closing the server waits for it. A failure is logged by the geocoder or here, never thrown.
 */
export function nameClockPositionsLater(
  pending: Set<Promise<void>>,
  deps: { db: Db; geocoder: Geocoder | null; log: { warn(fields: Record<string, unknown>, message: string): void } },
  subscriberId: number,
  laborIds: readonly number[],
): void {
  if (!deps.geocoder) return;
  const work = nameClockPositions(deps.db, deps.geocoder, subscriberId, laborIds).catch((err: unknown) =>
    deps.log.warn({ code: (err as { code?: string }).code ?? 'Error', laborIds }, 'The clock positions could not be named'),
  );
  pending.add(work);
  void work.finally(() => pending.delete(work));
}
