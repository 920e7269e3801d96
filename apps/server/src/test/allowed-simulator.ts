import type { RunningSimulator } from '../features/field/providers/simulator/simulator-server';
import { allowOutboundHosts } from '../lib/outbound-http';

/**
 * A simulator the outbound client may call until it closes. It listens on loopback, which the client refuses: its host
 * is allowed the way an operator allows one (OUTBOUND_ALLOWED_HOSTS), and withdrawn when it closes, since the next test
 * file in the process may be given its port for a server that must stay refused (test/file-setup.ts checks).
 */
export function allowedSimulator(sim: RunningSimulator): RunningSimulator {
  const withdraw = allowOutboundHosts([new URL(sim.url).host]);
  return {
    ...sim,
    close: async () => {
      withdraw();
      await sim.close();
    },
  };
}
