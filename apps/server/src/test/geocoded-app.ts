import { simulatorGeocoderUrl } from '../features/field/providers/simulator/demo-simulator';
import { startProviderSimulator, type RunningSimulator } from '../features/field/providers/simulator/simulator-server';
import { GEOCODING_FAILED } from '../features/platform/geocoding/geocoder-client';
import { geocoderSimulator, type GeocoderCall } from '../features/platform/geocoding/geocoder-simulator';
import { allowedSimulator } from './allowed-simulator';
import { createTestApp, type TestApp } from './test-app';

/** A logged geocoder failure, as pino wrote it. */
export interface LoggedFailure {
  msg: string;
  level: number;
  status?: number;
  code?: string;
  operation?: string;
}

export interface GeocodedTestApp {
  t: TestApp;
  sim: RunningSimulator;
  /** Every log line of the server since the last `reset`. */
  lines: string[];
  /** Forgets the log lines and the simulator's calls, faults and delay. */
  reset(): Promise<void>;
  calls(): Promise<GeocoderCall[]>;
  /** The "Geocoding API request failed" lines logged since the last `reset`. */
  failures(): LoggedFailure[];
  close(): Promise<void>;
}

/**
 * A test server whose geocoder is the simulator on a real HTTP port (allowed like the one beside the product), with its
 * log lines kept, so that a test sees what was asked over HTTP and what was logged.
 */
export async function createGeocodedTestApp(opts: { geocoderTimeoutMs?: number } = {}): Promise<GeocodedTestApp> {
  const sim = await startProviderSimulator({ plugins: [geocoderSimulator()] }).then(allowedSimulator);
  const lines: string[] = [];
  const t = await createTestApp({
    geocoder: { url: simulatorGeocoderUrl(sim.url), timeoutMs: opts.geocoderTimeoutMs },
    logger: { level: 'info', stream: { write: (line) => void lines.push(line) } },
  });
  return {
    t,
    sim,
    lines,
    async reset() {
      lines.length = 0;
      await fetch(`${sim.url}/__reset`, { method: 'POST' });
    },
    async calls() {
      return ((await (await fetch(`${sim.url}/__state`)).json()) as { geocoder: { calls: GeocoderCall[] } }).geocoder.calls;
    },
    failures: () => lines.map((l) => JSON.parse(l) as LoggedFailure).filter((l) => l.msg === GEOCODING_FAILED),
    async close() {
      await t.close();
      await sim.close();
    },
  };
}
