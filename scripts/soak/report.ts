/** The soak's results: printed, and written to `soak.json` and `soak.md` beside the benchmarks' results. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Violations } from './check';

export interface SoakResult {
  when: string;
  technicians: number;
  processes: number;
  seconds: number;
  crash: { killedAt: number; restartedAt: number; sentBeforeKill: number };
  sent: number;
  answered: number;
  answered2xx: number;
  /** Requests without a 2xx answer: refused, failed, or never answered (the killed process). */
  failed: number;
  failedBy: Record<string, number>;
  ledger: { clockIns: number; startNews: number; clockOuts: number };
  violations: Violations;
  violationSamples: string[];
  /** The checker, run once more on a deliberately damaged copy (rolled back), found the damage. */
  checkerSeesTampering: boolean;
}

const n = (x: number) => x.toLocaleString('en-US');

/** Writes both files and prints the summary the README quotes. */
export function writeResults(dir: string, r: SoakResult) {
  const total = Object.values(r.violations).reduce((a, b) => a + b, 0);
  const lines = [
    `# Soak with a crash`,
    '',
    `${r.when}: ${r.technicians} technicians, ${r.processes} server processes on PostgreSQL, ${r.seconds.toFixed(1)} s;`,
    `one process killed with SIGKILL at ${r.crash.killedAt.toFixed(1)} s and answering again at ${r.crash.restartedAt.toFixed(1)} s.`,
    '',
    '| requests | count |',
    '|---|---|',
    `| sent | ${n(r.sent)} |`,
    `| answered | ${n(r.answered)} |`,
    `| answered 2xx | ${n(r.answered2xx)} (clock-ins ${n(r.ledger.clockIns)}, finish-and-start-new ${n(r.ledger.startNews)}, clock-outs ${n(r.ledger.clockOuts)}) |`,
    `| failed (no 2xx answer) | ${n(r.failed)} |`,
    ...Object.entries(r.failedBy).map(([why, count]) => `| &nbsp;&nbsp;${why} | ${n(count)} |`),
    '',
    '| invariant | violations |',
    '|---|---|',
    `| no user has more than one open labor entry | ${r.violations.usersWithTwoOpenEntries} |`,
    `| every request answered 2xx has its effect in the database | ${r.violations.answeredButMissing} |`,
    `| no labor entry ends before it starts | ${r.violations.entriesEndingBeforeStart} |`,
    `| no two labor entries of a user overlap | ${r.violations.overlappingEntries} |`,
    `| no work order is tied to another company's records | ${r.violations.crossCompanyRecords} |`,
    `| **total** | **${total}** |`,
    '',
    `Checker self-test (one answered clock-out undone and moved to the other company, then rolled back): ${r.checkerSeesTampering ? 'seen' : 'NOT SEEN'}.`,
    ...(r.violationSamples.length ? ['', 'Examples:', ...r.violationSamples.map((s) => `- ${s}`)] : []),
    '',
  ];
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'soak.json'), JSON.stringify(r, null, 2) + '\n');
  writeFileSync(join(dir, 'soak.md'), lines.join('\n'));
  console.log(lines.join('\n'));
  console.log(`[soak] sent ${r.sent}, answered ${r.answered}, answered 2xx ${r.answered2xx}, failed ${r.failed}, invariant violations ${total}`);
}
