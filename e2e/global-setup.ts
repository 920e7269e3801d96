import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { buildServerBundle } from '../apps/server/src/test/server-bundle';
import { SERVER_BUNDLE_NAME, type ServerOptions } from './server/group-server';

/** Once per run: the server the groups start, built; the data directories of the groups about to run, removed. */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  for (const project of config.projects) {
    const server = (project.use as { serverOptions?: ServerOptions | null }).serverOptions;
    if (server) rmSync(`${root}/.tmp/e2e-data-${server.port}`, { recursive: true, force: true });
  }
  await buildServerBundle(SERVER_BUNDLE_NAME);
}
