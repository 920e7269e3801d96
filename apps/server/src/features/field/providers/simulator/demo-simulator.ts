import { intacctSimulator } from '../../../money/accounting/intacct-simulator';
import { quickBooksSimulator } from '../../../money/accounting/quickbooks-simulator';
import { geocoderSimulator } from '../../../platform/geocoding/geocoder-simulator';
import { corrigoSimulator } from '../corrigo/corrigo-simulator';
import { serviceChannelSimulator } from '../service-channel/service-channel-simulator';
import { startProviderSimulator, type RunningSimulator, type SimulatorPlugin } from './simulator-server';

/** The outside services the demo simulator plays, one plugin each (fresh state per simulator started). */
const plugins = (): SimulatorPlugin[] => [
  corrigoSimulator(),
  serviceChannelSimulator(),
  geocoderSimulator(),
  intacctSimulator(),
  quickBooksSimulator(),
];

/** Where the geocoder played by a running demo simulator answers (the GEOCODER_URL it stands in for). */
export const simulatorGeocoderUrl = (simulatorUrl: string) => `${simulatorUrl}/nominatim`;

/**
 * Where the demo simulator listens: null when PROVIDER_SIMULATOR=off, otherwise PROVIDER_SIMULATOR_PORT or the
 * product's port + 1.
 */
export function demoSimulatorPort(env: NodeJS.ProcessEnv, productPort: number): number | null {
  if ((env.PROVIDER_SIMULATOR ?? '').toLowerCase() === 'off') return null;
  const port = Number(env.PROVIDER_SIMULATOR_PORT || productPort + 1);
  return Number.isInteger(port) && port >= 0 && port < 65536 ? port : productPort + 1;
}

/**
 * Starts the outside work-order networks' stand-in beside the product, so the demo company's provider work orders
 * behave as they would against the real services. When the port is taken, it takes any free port instead: the
 * accounts are pointed at wherever it actually listens.
 */
export async function startDemoSimulator(port: number, onFallback: (message: string) => void = () => undefined): Promise<RunningSimulator> {
  try {
    return await startProviderSimulator({ plugins: plugins(), port });
  } catch (err) {
    if ((err as { code?: string }).code !== 'EADDRINUSE') throw err;
    onFallback(`Port ${port} is taken; the provider simulator listens on a free port instead.`);
    return startProviderSimulator({ plugins: plugins(), port: 0 });
  }
}
