import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { demoSimulatorPort, startDemoSimulator } from './demo-simulator';

describe('demo simulator', () => {
  it('listens beside the product unless switched off', () => {
    expect(demoSimulatorPort({}, 3000)).toBe(3001);
    expect(demoSimulatorPort({ PROVIDER_SIMULATOR_PORT: '4555' }, 3000)).toBe(4555);
    expect(demoSimulatorPort({ PROVIDER_SIMULATOR: 'off' }, 3000)).toBeNull();
    expect(demoSimulatorPort({ PROVIDER_SIMULATOR: 'OFF', PROVIDER_SIMULATOR_PORT: '4555' }, 3000)).toBeNull();
    expect(demoSimulatorPort({ PROVIDER_SIMULATOR_PORT: 'abc' }, 3000)).toBe(3001);
  });

  it('plays Corrigo, and takes a free port when its own is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as { port: number }).port;
    const notes: string[] = [];
    const sim = await startDemoSimulator(taken, (m) => notes.push(m));
    try {
      expect(new URL(sim.url).port).not.toBe(String(taken));
      expect(notes).toEqual([`Port ${taken} is taken; the provider simulator listens on a free port instead.`]);
      const state = (await (await fetch(`${sim.url}/__state`)).json()) as { corrigo: { workOrders: Record<string, { Status: string }> } };
      expect(state.corrigo.workOrders['8801503'].Status).toBe('Accepted');
    } finally {
      await sim.close();
      blocker.close();
    }
  });
});
