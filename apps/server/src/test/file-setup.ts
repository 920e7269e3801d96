import { afterAll, expect } from 'vitest';
import { allowedOutboundHosts, withdrawAllOutboundHosts } from '../lib/outbound-http';

/**
 * Runs around every test file. Files share their process (Vitest's isolate is off), so what one leaves behind reaches
 * the next: a host one file allowed and did not withdraw is allowed in the next, where a server of its own may have
 * been given the same port. The file that leaves one fails here, and the next starts from none.
 */
afterAll(() => {
  const left = allowedOutboundHosts();
  withdrawAllOutboundHosts();
  expect(left, 'hosts this file allowed for outbound calls and did not withdraw').toEqual([]);
});
