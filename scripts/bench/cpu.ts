/**
 * How much of the machine other work took while a phase ran. The bench shares its cores with whatever else runs
 * here (tests, browsers); a phase during which others took a large share measured a busy machine, and says so.
 * Linux only (/proc); elsewhere the share is reported as null.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

const TICKS_PER_SEC = 100;

/** Busy CPU ticks of the whole machine (everything but idle and iowait). */
function machineBusy(): number {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = f;
  return user + nice + system + irq + softirq + (steal ?? 0);
}

/** User + system ticks of one process, or 0 when it is gone. */
function processTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

/** PostgreSQL's processes serving the bench database (and its WAL writer and checkpointer, which the writes keep busy). */
function postgresPids(database: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (cmd.startsWith('postgres: ') && (cmd.includes(` ${database} `) || /walwriter|checkpointer|background writer/.test(cmd))) pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

export interface CpuUse {
  /** Share (0..1) of all cores that processes other than the bench's used during the phase. */
  othersShare: number;
  /** CPU seconds used by the API server, by PostgreSQL for the bench database, and by the load generator. */
  serverSec: number;
  postgresSec: number;
  loadSec: number;
}

/** Starts counting; `stop()` answers the phase's CPU use (null off Linux). */
export function startCpuProbe(serverPid: number | undefined, database: string): { stop(): CpuUse | null } {
  if (process.platform !== 'linux') return { stop: () => null };
  const pg0 = new Map(postgresPids(database).map((p) => [p, processTicks(p)]));
  const server0 = serverPid ? processTicks(serverPid) : 0;
  const self0 = processTicks(process.pid);
  const busy0 = machineBusy();
  const t0 = Date.now();
  return {
    stop() {
      // Backends opened during the phase count from 0.
      let postgres = 0;
      for (const p of postgresPids(database)) postgres += Math.max(0, processTicks(p) - (pg0.get(p) ?? 0));
      const serverT = serverPid ? Math.max(0, processTicks(serverPid) - server0) : 0;
      const selfT = Math.max(0, processTicks(process.pid) - self0);
      const capacity = ((Date.now() - t0) / 1000) * TICKS_PER_SEC * cpus().length;
      const others = machineBusy() - busy0 - postgres - serverT - selfT;
      return {
        othersShare: capacity <= 0 ? 0 : Math.max(0, Math.min(1, others / capacity)),
        serverSec: serverT / TICKS_PER_SEC,
        postgresSec: postgres / TICKS_PER_SEC,
        loadSec: selfT / TICKS_PER_SEC,
      };
    },
  };
}

/**
 * Waits (at most `maxSec`) for a second during which other processes take less than `threshold` of the machine,
 * so that a phase starts on a machine as quiet as it gets. Answers the last share seen.
 */
export async function waitForQuietMachine(serverPid: number | undefined, database: string, maxSec: number, threshold = 0.2): Promise<number | null> {
  if (process.platform !== 'linux' || maxSec <= 0) return null;
  const deadline = Date.now() + maxSec * 1000;
  let share: number | null = null;
  do {
    const probe = startCpuProbe(serverPid, database);
    await new Promise((r) => setTimeout(r, 1000));
    share = probe.stop()?.othersShare ?? null;
  } while (share !== null && share >= threshold && Date.now() < deadline);
  return share;
}
