import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowOutboundHosts } from '../../../lib/outbound-http';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { CORRIGO_DEMO_CLIENT } from '../providers/corrigo/corrigo-simulator-data';
import { providerAccounts } from '../providers/providers.table';

/** What an internal service would answer: none of it may reach the administrator's screen. */
const SECRET = 'ami-0abc123 iam-role=prod-admin AKIAIOSFODNN7EXAMPLE';

let t: TestApp;
let inside: { server: Server; port: number; hits: string[] };
/** A service the operator allowed (an on-premises gateway), answering each path prefix in its own way. */
let gateway: { server: Server; port: number; hits: string[] };

const GATEWAY_ANSWERS: Record<string, (res: ServerResponse) => void> = {
  html: (res) => res.writeHead(400, { 'content-type': 'text/html' }).end(`<html><body><h1>Admin console</h1><pre>${SECRET}</pre></body></html>`),
  text500: (res) => res.writeHead(500, { 'content-type': 'text/plain' }).end(SECRET),
  page200: (res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${SECRET}</p>`),
  longJson: (res) => res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ Message: `${SECRET} `.repeat(20) })),
  markupJson: (res) => res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `<b>${SECRET}</b>` })),
  jsonAsText: (res) => res.writeHead(400, { 'content-type': 'text/plain' }).end(JSON.stringify({ Message: SECRET })),
  plainJson: (res) => res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_client', error_description: 'The client secret is not valid.', debug: SECRET })),
};

/** A service on this machine's loopback, as an internal metadata or admin endpoint would be. */
async function internalServer(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, hits };
}

beforeAll(async () => {
  [t, inside] = await Promise.all([
    createTestApp(),
    internalServer((_req, res) => res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ Message: SECRET, body: SECRET }))),
  ]);
  gateway = await internalServer((req, res) => {
    const kind = (req.url ?? '').split('/')[1] ?? '';
    if (kind === 'redirect') res.writeHead(302, { location: `http://127.0.0.1:${inside.port}/latest/meta-data` }).end(SECRET);
    else (GATEWAY_ANSWERS[kind] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res);
  });
  await t.db.delete(providerAccounts);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => inside.server.close(resolve));
  await new Promise((resolve) => gateway.server.close(resolve));
});

const save = async (baseUrl: string) => {
  const res = await t.call('PUT', '/api/v1/ThirdParty/corrigo/account', 'admin', { baseUrl, ...CORRIGO_DEMO_CLIENT, isEnabled: true });
  expect(res.statusCode, res.body).toBe(200);
};
const testConnection = async () => {
  const res = await t.call('POST', '/api/v1/ThirdParty/corrigo/test', 'admin');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ok: boolean; message: string };
};

describe('testing a provider connection at an internal address', () => {
  it('answers with a sentence, sends nothing to the internal service and shows none of its answer', async () => {
    const address = `http://127.0.0.1:${inside.port}`;
    await save(address);
    const answer = await testConnection();
    expect(answer).toEqual({
      ok: false,
      message: `The Corrigo base URL ${address} is not allowed: 127.0.0.1:${inside.port} is a private, loopback or link-local address, which this server does not call. Use the service's public address, or ask the operator to allow the host in OUTBOUND_ALLOWED_HOSTS.`,
    });
    expect(inside.hits).toEqual([]);
    expect(answer.message).not.toContain('AKIA');
  });
});

describe('testing a provider connection at an allowed address that answers with something else', () => {
  let withdraw: () => void;
  beforeAll(() => {
    withdraw = allowOutboundHosts([`127.0.0.1:${gateway.port}`]);
  });
  afterAll(() => withdraw());

  const at = (kind: string) => `http://127.0.0.1:${gateway.port}/${kind}`;

  it('never shows the text of a page, plain text, or a JSON field that is not a short error sentence', async () => {
    for (const kind of ['html', 'text500', 'page200', 'longJson', 'markupJson', 'jsonAsText']) {
      await save(at(kind));
      const answer = await testConnection();
      expect(answer.ok, kind).toBe(false);
      expect(answer.message, kind).not.toContain('AKIA');
      expect(answer.message, kind).not.toContain('Admin console');
    }
    expect(gateway.hits.filter((h) => h.startsWith('POST /html/')).length).toBeGreaterThan(0);
    await save(at('html'));
    expect(await testConnection()).toEqual({ ok: false, message: `Corrigo answered at ${at('html')} but did not accept the sign-in. Check the base URL and the credentials.` });
    await save(at('page200'));
    expect(await testConnection()).toEqual({ ok: false, message: `Corrigo answered at ${at('page200')} with something other than JSON. Check the base URL: use the address of Corrigo's API itself.` });
  });

  it("keeps a provider's short JSON error sentence, and nothing else of its answer", async () => {
    await save(at('plainJson'));
    expect(await testConnection()).toEqual({
      ok: false,
      message: `Corrigo answered at ${at('plainJson')} but did not accept the sign-in. It said: "The client secret is not valid.". Check the base URL and the credentials.`,
    });
  });

  it('does not follow a redirect to an internal address, and says so', async () => {
    await save(at('redirect'));
    expect(await testConnection()).toEqual({
      ok: false,
      message: `Corrigo answered at ${at('redirect')} with a redirect, which this server does not follow. Check the base URL: use the address of Corrigo's API itself.`,
    });
    expect(gateway.hits).toContain('POST /redirect/oauth/token');
    expect(inside.hits).toEqual([]);
  });
});
