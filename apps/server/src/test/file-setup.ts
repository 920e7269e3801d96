import { afterAll, beforeAll, expect } from 'vitest';
import { allowedOutboundHosts, withdrawAllOutboundHosts } from '../lib/outbound-http';

/**
 * Runs around every test file. Files share their process (Vitest's isolate is off), so what one leaves behind reaches
 * the next: a host one file allowed and did not withdraw is allowed in the next, where a server of its own may have
 * been given the same port; an environment variable one file set changes how the next one's server behaves. The file
 * that leaves either fails here, and the next starts from none of it.
 */
let environment: Record<string, string | undefined> = {};
beforeAll(() => {
  environment = { ...process.env };
});

afterAll(() => {
  const hosts = allowedOutboundHosts();
  withdrawAllOutboundHosts();
  const changed = [...new Set([...Object.keys(environment), ...Object.keys(process.env)])].filter((name) => process.env[name] !== environment[name]);
  for (const name of changed) {
    if (environment[name] === undefined) delete process.env[name];
    else process.env[name] = environment[name];
  }
  expect(hosts, 'hosts this file allowed for outbound calls and did not withdraw').toEqual([]);
  expect(changed, 'environment variables this file changed and did not put back').toEqual([]);
});
