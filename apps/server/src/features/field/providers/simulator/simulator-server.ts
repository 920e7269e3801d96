import Fastify, { type FastifyInstance } from 'fastify';

/**
 * One provider's API as the simulator speaks it: its routes under `prefix` (e.g. '/corrigo'), and its state, which
 * anyone may read at `GET /__state` so a test or an operator can see exactly what the product sent.
 */
export interface SimulatorPlugin {
  /** Key of this provider's part of `/__state` and `/__reset`. */
  name: string;
  prefix: string;
  register(app: FastifyInstance): void | Promise<void>;
  state(): unknown;
  /** Back to the seeded data (tests call `POST /__reset`). */
  reset(): void;
}

/** A failure the simulator plays on purpose: the next `times` requests whose path contains `pathContains`. */
export interface SimulatorFault {
  pathContains: string;
  kind: 'timeout' | 'error500';
  times: number;
  /** How long a 'timeout' keeps the request waiting before answering (longer than the product's timeout). */
  delayMs?: number;
}

export interface RunningSimulator {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The local stand-in for the outside work-order networks: a real HTTP server that speaks their APIs (each
 * plugin one provider), so the product's adapters are exercised exactly as they would be against the real
 * services. Besides the providers' routes it answers `GET /__state` (every provider's state), `POST /__reset`
 * and `POST /__faults` (make the next calls time out or fail with 500).
 */
export async function startProviderSimulator(opts: { plugins: SimulatorPlugin[]; port?: number; host?: string }): Promise<RunningSimulator> {
  const app = Fastify({ logger: false });
  let faults: SimulatorFault[] = [];

  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/__')) return;
    const fault = faults.find((f) => f.times > 0 && req.url.includes(f.pathContains));
    if (!fault) return;
    fault.times -= 1;
    if (fault.kind === 'timeout') await new Promise((r) => setTimeout(r, fault.delayMs ?? 15_000));
    return reply.code(500).send({ Message: 'Internal server error' });
  });

  app.get('/__state', async () => Object.fromEntries(opts.plugins.map((p) => [p.name, p.state()])));
  app.post('/__reset', async () => {
    faults = [];
    for (const p of opts.plugins) p.reset();
    return { ok: true };
  });
  app.post<{ Body: SimulatorFault }>('/__faults', async (req) => {
    const f = req.body;
    faults.push({ pathContains: String(f.pathContains), kind: f.kind === 'timeout' ? 'timeout' : 'error500', times: Math.max(1, Number(f.times) || 1), delayMs: f.delayMs });
    return { ok: true };
  });

  for (const plugin of opts.plugins) await app.register(async (scope) => plugin.register(scope), { prefix: plugin.prefix });
  const address = await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  return { url: address.replace('[::1]', '127.0.0.1'), app, close: () => app.close() };
}
