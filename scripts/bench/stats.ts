/** Latency recording shared by the HTTP and the bare-SQL runners, so both are summarised the same way. */

export interface Summary {
  /** Successful operations (2xx answers, committed transactions, complete cycles). */
  ok: number;
  errors: number;
  /** Failures by kind, e.g. "HTTP 409" or a driver message. */
  errorKinds: Record<string, number>;
  seconds: number;
  /** Successful operations per second. */
  perSec: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
}

export class Recorder {
  private values = new Float64Array(1 << 16);
  private n = 0;
  errors = 0;
  readonly errorKinds: Record<string, number> = {};

  /** Records a successful operation that took `ms` milliseconds. */
  add(ms: number) {
    if (this.n === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.n++] = ms;
  }

  fail(kind: string, count = 1) {
    this.errors += count;
    const key = kind.length > 120 ? `${kind.slice(0, 117)}...` : kind;
    this.errorKinds[key] = (this.errorKinds[key] ?? 0) + count;
  }

  summary(seconds: number): Summary {
    const sorted = this.values.slice(0, this.n).sort();
    const at = (q: number) => (this.n === 0 ? 0 : sorted[Math.min(this.n - 1, Math.ceil(q * this.n) - 1)]);
    let sum = 0;
    for (const v of sorted) sum += v;
    return {
      ok: this.n,
      errors: this.errors,
      errorKinds: this.errorKinds,
      seconds,
      perSec: this.n / seconds,
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      meanMs: this.n === 0 ? 0 : sum / this.n,
      maxMs: this.n === 0 ? 0 : sorted[this.n - 1],
    };
  }
}

/** The message of anything thrown, for error tallies. */
export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
