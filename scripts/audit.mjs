// Checks the production dependencies against the npm advisory service: prints every high or critical finding and
// exits 1 when there is one. When the service cannot be reached (some registry mirrors refuse the audit endpoint),
// it says so in one line, with the number of production packages that went unchecked, and exits 0. Any other
// failure of npm audit exits 1.
import { spawnSync } from 'node:child_process';

const npm = (args) => spawnSync('npm', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** The audit report, or why there is none: output that is not JSON, or an error object naming the endpoint. */
function readReport(stdout) {
  let parsed;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return { failure: null };
  }
  const isReport = parsed && typeof parsed.vulnerabilities === 'object' && !parsed.error && !parsed.statusCode;
  return isReport ? { report: parsed } : { failure: parsed };
}

function productionPackageCount() {
  const lines = npm(['ls', '--omit=dev', '--all', '--parseable']).stdout.split('\n').filter((l) => l.trim());
  return Math.max(lines.length - 1, 0); // the first line is the project itself
}

const audit = npm(['audit', '--omit=dev', '--audit-level=high', '--json']);
const { report, failure } = readReport(audit.stdout);

if (!report) {
  const reason = failure?.message ?? failure?.error?.summary ?? (audit.stderr.match(/npm error (.+)/)?.[1] || 'no audit report');
  // Any other error (no lockfile, a broken tree) is a failure of the check, not of the service.
  if (failure && !/\/-\/npm\/v1\/security\//.test(JSON.stringify(failure))) {
    console.log(`audit: npm audit failed: ${reason.trim()}`);
    process.exit(1);
  }
  console.log(
    `audit: the npm advisory service could not be reached (${reason.trim()}), so no findings could be checked; ` +
      `${productionPackageCount()} production packages unchecked.`,
  );
  process.exit(0);
}

const serious = Object.values(report.vulnerabilities).filter((v) => v.severity === 'high' || v.severity === 'critical');
for (const v of serious) {
  const titles = v.via.filter((x) => typeof x === 'object').map((x) => `${x.title} ${x.url ?? ''}`.trim());
  const how = titles.length ? titles.join('; ') : `through ${v.via.join(', ')}`;
  console.log(`${v.severity.toUpperCase()} ${v.name} ${v.range}: ${how}`);
}
const counts = report.metadata?.vulnerabilities ?? {};
console.log(
  `audit: ${serious.length} high or critical finding(s) in production dependencies ` +
    `(${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low).`,
);
process.exit(serious.length > 0 ? 1 : 0);
