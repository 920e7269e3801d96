import { test as base } from '@playwright/test';
import { OwnServer, type ServerOptions } from '../server/own-server';

export * from '@playwright/test';

/**
 * Playwright's `test`, with the group's server: started before the group's first test and stopped when the group's
 * tests are done, so that at most two servers (one per group running) idle beside the tests; the 13 servers started at
 * once for the whole run spent more processor time waiting than serving. A group's tests run in one worker, one after
 * another; after a failed test Playwright starts a new worker, which starts the server again on the same data.
 */
export const test = base.extend<object, { groupServer: ServerOptions | null; groupServerRunning: OwnServer | null }>({
  groupServer: [null, { scope: 'worker', option: true }],
  groupServerRunning: [
    async ({ groupServer }, use) => {
      if (!groupServer) return use(null);
      const server = new OwnServer(groupServer);
      server.prepareOnce();
      await server.start();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
});
