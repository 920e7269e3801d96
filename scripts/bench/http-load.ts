/**
 * The API side of the benchmark: autocannon keeps one keep-alive connection per virtual user busy for a fixed
 * time, on loopback. Latencies are recorded here from autocannon's per-response timings, so that the API
 * and the bare SQL are summarised by the same code. Any answer outside 2xx is an error.
 */
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { clockInBodyOf, clockOutBodyOf } from './cycle-bodies';
import type { BenchUser } from './setup';
import { Recorder, type Summary } from './stats';

export const LIST_PATH = '/api/v1/workOrder/technicianWorkOrders';
export const CLOCK_IN_PATH = '/api/v1/WOStartStop/clockInWorkOrder';
export const CLOCK_OUT_PATH = '/api/v1/WOStartStop/clockOutWorkOrder';
interface RunOptions {
  port: number;
  users: BenchUser[];
  durationSec: number;
  /** Builds one connection's requests; called once per connection, each connection being one user. */
  requestsFor: (user: BenchUser, client: autocannon.Client) => autocannon.Request[];
  /** Connection errors and timeouts, which autocannon counts without telling which request they hit. */
  onConnectionErrors: (kind: string, count: number) => void;
}

/** Runs autocannon for `durationSec` with one connection per user; resolves with the measured seconds. */
async function run(opts: RunOptions): Promise<number> {
  let next = 0;
  const started = performance.now();
  let guard: NodeJS.Timeout | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${opts.port}`,
        connections: opts.users.length,
        duration: opts.durationSec,
        timeout: 10,
        // A placeholder: every connection replaces it with its own user's requests in setupClient.
        requests: [{ method: 'GET', path: '/api/health' }],
        setupClient: (client) => {
          const user = opts.users[next++ % opts.users.length];
          client.setRequests(opts.requestsFor(user, client));
        },
      },
      (err, res) => {
        clearTimeout(guard);
        if (err) reject(err);
        else resolve(res);
      },
    );
    // A hard bound on top of autocannon's own duration.
    guard = setTimeout(() => instance.stop(), (opts.durationSec + 15) * 1000);
  });
  if (result.errors > 0) opts.onConnectionErrors(`connection errors (${result.timeouts} timeouts)`, result.errors);
  return (performance.now() - started) / 1000;
}

const headersOf = (user: BenchUser) => ({ authorization: `Bearer ${user.token}`, 'content-type': 'application/json' });
const is2xx = (status: number) => status >= 200 && status < 300;

/** Phase a: `technicianWorkOrders` with `{take: 3}` (default sort: work order number, descending). */
export async function httpList(port: number, users: BenchUser[], durationSec: number): Promise<Summary> {
  const rec = new Recorder();
  const seconds = await run({
    port,
    users,
    durationSec,
    onConnectionErrors: (k, n) => rec.fail(k, n),
    requestsFor: (user, client) => {
      client.on('response', (status: number, _bytes: number, ms: number) => (is2xx(status) ? rec.add(ms) : rec.fail(`HTTP ${status}`)));
      return [{ method: 'POST', path: LIST_PATH, headers: headersOf(user), body: JSON.stringify({ take: 3 }) }];
    },
  });
  return rec.summary(seconds);
}


/**
 * Phase c: each user clocks in on its work order (start = now), then clocks out with the stop form's required
 * answers, and again. A cycle is both requests; its latency runs from building the clock-in to the clock-out's
 * answer. A failed clock-in skips the clock-out and counts the cycle as failed.
 */
export async function httpCycle(port: number, users: BenchUser[], durationSec: number) {
  const clockIn = new Recorder();
  const clockOut = new Recorder();
  const cycle = new Recorder();
  const seconds = await run({
    port,
    users,
    durationSec,
    onConnectionErrors: (k, n) => cycle.fail(k, n),
    requestsFor: (user, client) => {
      const state = { laborId: null as number | null, cycleStart: 0, last: 'in' as 'in' | 'out' };
      client.on('response', (status: number, _bytes: number, ms: number) => {
        const rec = state.last === 'in' ? clockIn : clockOut;
        if (is2xx(status)) rec.add(ms);
        else rec.fail(`HTTP ${status}`);
      });
      const headers = headersOf(user);
      return [
        {
          method: 'POST',
          path: CLOCK_IN_PATH,
          headers,
          setupRequest: (req) => {
            state.cycleStart = performance.now();
            state.laborId = null;
            return { ...req, body: JSON.stringify(clockInBodyOf(user, new Date())) };
          },
          onResponse: (status, body) => {
            state.last = 'in';
            if (is2xx(status)) state.laborId = (JSON.parse(body) as { workOrderLaborId: number }).workOrderLaborId;
            else cycle.fail(`clock-in HTTP ${status}: ${body.slice(0, 80)}`);
          },
        },
        {
          method: 'POST',
          path: CLOCK_OUT_PATH,
          headers,
          // No labor to close: answering nothing makes autocannon start over with the clock-in.
          setupRequest: (req) => (state.laborId === null ? (undefined as unknown as autocannon.Request) : { ...req, body: JSON.stringify(clockOutBodyOf(user, state.laborId)) }),
          onResponse: (status, body) => {
            state.last = 'out';
            if (is2xx(status)) cycle.add(performance.now() - state.cycleStart);
            else cycle.fail(`clock-out HTTP ${status}: ${body.slice(0, 80)}`);
          },
        },
      ];
    },
  });
  return { clockIn: clockIn.summary(seconds), clockOut: clockOut.summary(seconds), cycle: cycle.summary(seconds) };
}
