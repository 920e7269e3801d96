/**
 * One simulated technician of the soak: clock in on work order A, finish it and start B, clock out of B, again,
 * spreading its requests over the server processes. Every answer is counted; every 2xx answer goes into the
 * ledger the checker compares with the database afterwards. After a request whose outcome is unknown (no
 * answer, a crash, a refusal it did not expect) the technician asks the server where its labor is open, as the
 * app does when it opens the clock dialog, and carries on from there.
 */
export interface SoakUser {
  userId: number;
  subscriberId: number;
  token: string;
  /** Two of the user's open work orders, with the Employee Type (labor item) valid on each. */
  a: { workOrderId: number; itemId: number };
  b: { workOrderId: number; itemId: number };
}

/** A request answered 2xx, with what it promised: the checker proves each one is in the database. */
export type LedgerEntry =
  | { kind: 'in'; userId: number; workOrderId: number; laborId: number; startTime: string }
  | { kind: 'switch'; userId: number; closedLaborId: number; workOrderId: number; laborId: number }
  | { kind: 'out'; userId: number; laborId: number };

export interface Counters {
  sent: number;
  /** Requests that got an HTTP answer, whatever its status. */
  answered: number;
  answered2xx: number;
  /** Answers outside 2xx and requests without an answer, by reason. */
  failed: Map<string, number>;
  ledger: LedgerEntry[];
}

type Position = 'closed' | 'onA' | 'onB' | 'unknown';

/** User status At Shop after clock-out, work order status To Be Continued: neither closes the work order. */
const AT_SHOP = 3;
const TO_BE_CONTINUED = 26;
const POSITION = { latitude: 32.7767, longitude: -96.797 };

export interface RunOptions {
  ports: number[];
  deadline: number;
  thinkMs: number;
  counters: Counters;
}

/** Runs one technician until the deadline. */
export async function runTechnician(u: SoakUser, opts: RunOptions) {
  let position: Position = 'closed';
  let laborId = 0;
  let turn = u.userId;
  const { counters } = opts;

  const post = async (path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> } | null> => {
    const port = opts.ports[turn++ % opts.ports.length];
    counters.sent++;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      counters.answered++;
      if (res.ok) counters.answered2xx++;
      else fail(`${path.split('/').pop()} HTTP ${res.status}: ${String(json.title ?? json.message ?? '').slice(0, 120)}`);
      return { status: res.status, json };
    } catch (e) {
      fail(`${path.split('/').pop()} no answer (${(e as { cause?: { code?: string } }).cause?.code ?? (e as Error).name})`);
      return null;
    }
  };
  const fail = (reason: string) => counters.failed.set(reason, (counters.failed.get(reason) ?? 0) + 1);

  /** Where is this user's labor open? Asked through the view data of A (and of B when it is open elsewhere). */
  const resync = async () => {
    const onA = await post('WOStartStop/getStartWOViewData', { workOrderId: u.a.workOrderId });
    if (!onA || onA.status !== 200) return;
    if (onA.json.stopMode) {
      [position, laborId] = ['onA', onA.json.workOrderLaborId as number];
    } else if (!onA.json.hasOpenWorkOrderLabor) {
      position = 'closed';
    } else {
      const onB = await post('WOStartStop/getStartWOViewData', { workOrderId: u.b.workOrderId });
      if (onB?.status === 200 && onB.json.stopMode) [position, laborId] = ['onB', onB.json.workOrderLaborId as number];
    }
  };

  while (Date.now() < opts.deadline) {
    if (position === 'unknown') {
      await resync();
    } else if (position === 'closed') {
      const startTime = new Date().toISOString();
      const r = await post('WOStartStop/clockInWorkOrder', {
        workOrderId: u.a.workOrderId,
        startTime,
        isReachedAtSite: true,
        userStatusId: 1,
        serviceTechnicianId: u.a.itemId,
        currentLatLong: POSITION,
        comment: 'soak',
      });
      if (r?.status === 200) {
        laborId = r.json.workOrderLaborId as number;
        counters.ledger.push({ kind: 'in', userId: u.userId, workOrderId: u.a.workOrderId, laborId, startTime });
        position = 'onA';
      } else position = 'unknown';
    } else if (position === 'onA') {
      const r = await post('WOStartStop/clockOutAndStartWorkOrder', {
        workOrderId: u.a.workOrderId,
        workOrderLaborId: laborId,
        newWorkOrderId: u.b.workOrderId,
        description: 'Replaced the contactor; moving on to the next site.',
        workOrderStatusId: TO_BE_CONTINUED,
        serviceTechnicianId: u.a.itemId,
        currentLatLong: POSITION,
      });
      if (r?.status === 200) {
        const next = r.json.workOrderLaborId as number;
        counters.ledger.push({ kind: 'switch', userId: u.userId, closedLaborId: laborId, workOrderId: u.b.workOrderId, laborId: next });
        [position, laborId] = ['onB', next];
      } else position = 'unknown';
    } else {
      const r = await post('WOStartStop/clockOutWorkOrder', {
        workOrderId: u.b.workOrderId,
        workOrderLaborId: laborId,
        description: 'Checked the unit; coming back with parts.',
        userStatusId: AT_SHOP,
        workOrderStatusId: TO_BE_CONTINUED,
        serviceTechnicianId: u.b.itemId,
        currentLatLong: POSITION,
      });
      if (r?.status === 200) {
        counters.ledger.push({ kind: 'out', userId: u.userId, laborId });
        position = 'closed';
      } else position = 'unknown';
    }
    if (opts.thinkMs > 0) await new Promise((r) => setTimeout(r, Math.random() * 2 * opts.thinkMs));
  }
}
