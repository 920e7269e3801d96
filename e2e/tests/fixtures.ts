import { test as base } from '@playwright/test';
import { GroupServer, type ServerOptions } from '../server/group-server';

export * from '@playwright/test';

/** `E2E_CPU_SLOWDOWN=8` runs each page's scripts that many times slower, as on a busy machine or an old phone. */
const CPU_SLOWDOWN = Number(process.env.E2E_CPU_SLOWDOWN ?? 1);

/**
 * Playwright's `test`, with the group's server: started before the group's first test and stopped when the group's
 * tests are done, so that at most two servers (one per group running) idle beside the tests; the 13 servers started at
 * once for the whole run spent more processor time waiting than serving. A group's tests run in one worker, one after
 * another; after a failed test Playwright starts a new worker, which starts the server again on the same data. A test
 * may stop and start it (offline-clock.spec.ts).
 */
export const test = base.extend<object, { serverOptions: ServerOptions | null; groupServer: GroupServer }>({
  page: async ({ page }, use) => {
    if (CPU_SLOWDOWN > 1) await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await use(page);
  },
  serverOptions: [null, { scope: 'worker', option: true }],
  groupServer: [
    async ({ serverOptions }, use) => {
      if (!serverOptions) throw new Error('The project names no server (serverOptions in e2e/playwright.config.ts).');
      const server = new GroupServer(serverOptions);
      server.prepareOnce();
      await server.start();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
});
