import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { allowOutboundHosts, firstRefusedAddress, OutboundRefused, outboundRequest, parseAllowedHosts } from './outbound-http';

/** A real HTTP server on 127.0.0.1 that counts every request it receives. */
interface CountingServer {
  server: Server;
  port: number;
  hits: string[];
  close(): Promise<void>;
}

async function countingServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<CountingServer> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, port, hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const SECRET_PAGE = 'internal-metadata: role=admin token=sk-live-7f3a9c';
let target: CountingServer;
let other: CountingServer;
let forget: (() => void)[] = [];

beforeAll(async () => {
  target = await countingServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(SECRET_PAGE));
  other = await countingServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(SECRET_PAGE));
});
afterAll(async () => {
  await Promise.all([target.close(), other.close()]);
});
afterEach(() => {
  for (const f of forget) f();
  forget = [];
  target.hits.length = 0;
  other.hits.length = 0;
});

const get = (url: string, timeoutMs = 2_000) => outboundRequest(url, { method: 'GET', timeoutMs });
/** The refusal the call ends with, or undefined when it was made (any other error is thrown on). */
const refusal = (url: string): Promise<OutboundRefused | undefined> =>
  get(url).then(
    () => undefined,
    (err: unknown) => {
      if (err instanceof OutboundRefused) return err;
      throw err;
    },
  );

describe('outbound requests to an address a user typed', () => {
  it('refuses a loopback address before any request reaches it, in a sentence that names the host', async () => {
    const err = await refusal(`http://127.0.0.1:${target.port}/latest/meta-data`);
    expect(err?.reason).toBe('address');
    expect(err?.message).toBe(
      `127.0.0.1:${target.port} is a private, loopback or link-local address, which this server does not call. Use the service's public address, or ask the operator to allow the host in OUTBOUND_ALLOWED_HOSTS.`,
    );
    expect(err?.message).not.toContain(SECRET_PAGE);
    expect(target.hits).toEqual([]);
  });

  it('refuses a host name that resolves to a loopback address (localhost)', async () => {
    const err = await refusal(`http://localhost:${target.port}/`);
    expect(err?.message).toMatch(/^localhost:\d+ is a private, loopback or link-local address/);
    expect(target.hits).toEqual([]);
  });

  it('refuses IPv6 loopback, link-local metadata, private, unspecified, CGNAT, multicast and IPv4-mapped targets', async () => {
    const port = target.port;
    const urls = [
      `http://[::1]:${port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.7/',
      'http://172.16.3.4/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      `http://0.0.0.0:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:a9fe:a9fe]/`,
      `http://[::127.0.0.1]:${port}/`,
      `http://[::]:${port}/`,
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      // Other spellings of 127.0.0.1 that an address bar accepts.
      `http://2130706433:${port}/`,
      `http://0x7f.1:${port}/`,
      `http://127.1:${port}/`,
    ];
    for (const url of urls) {
      expect((await refusal(url))?.reason, url).toBe('address');
    }
    expect(target.hits).toEqual([]);
  });

  it('refuses a name when any one of the addresses it resolves to is not public', () => {
    expect(firstRefusedAddress(['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'])).toBeUndefined();
    expect(firstRefusedAddress(['93.184.215.14', '10.1.2.3'])).toBe('10.1.2.3');
    expect(firstRefusedAddress(['2606:2800:21f:cb07:6820:80da:af6b:8b2c', 'fd12::1'])).toBe('fd12::1');
    expect(firstRefusedAddress(['::ffff:192.168.0.1'])).toBe('::ffff:192.168.0.1');
    expect(firstRefusedAddress(['not-an-address'])).toBe('not-an-address');
    expect(firstRefusedAddress([])).toBe('(none)');
  });

  it('refuses other schemes than http and https', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://ftp.example.com/', 'gopher://127.0.0.1:70/']) {
      expect((await refusal(url))?.reason, url).toBe('scheme');
    }
  });

  it('calls a host:port the operator allowed, and only that port', async () => {
    forget.push(allowOutboundHosts([`127.0.0.1:${target.port}`]));
    const answer = await get(`http://127.0.0.1:${target.port}/status?x=1`);
    expect(answer).toMatchObject({ status: 200, text: SECRET_PAGE });
    expect(answer.contentType).toBe('text/plain');
    expect(target.hits).toEqual(['/status?x=1']);
    expect((await refusal(`http://127.0.0.1:${other.port}/`))?.reason).toBe('address');
    expect(other.hits).toEqual([]);
  });

  it('calls an allowed host name on any port, and stops once the allowance is withdrawn', async () => {
    const withdraw = allowOutboundHosts(['LOCALHOST']);
    expect((await get(`http://localhost:${other.port}/a`)).status).toBe(200);
    expect(other.hits).toEqual(['/a']);
    withdraw();
    expect((await refusal(`http://localhost:${other.port}/b`))?.reason).toBe('address');
    expect(other.hits).toEqual(['/a']);
  });

  it('does not follow a redirect to an internal address, nor to the allowed host itself', async () => {
    const redirecting = await countingServer((req, res) => {
      const to = req.url === '/to-self' ? `http://127.0.0.1:${redirecting.port}/secret` : `http://127.0.0.1:${target.port}/secret`;
      res.writeHead(302, { location: to, 'content-type': 'text/html' }).end(`<a href="${to}">${SECRET_PAGE}</a>`);
    });
    try {
      forget.push(allowOutboundHosts([`127.0.0.1:${redirecting.port}`]));
      for (const path of ['/to-target', '/to-self']) {
        const err = await refusal(`http://127.0.0.1:${redirecting.port}${path}`);
        expect(err?.reason, path).toBe('redirect');
        expect(err?.message).toBe(`127.0.0.1:${redirecting.port} answered with a redirect (HTTP 302), which this server does not follow. Use the address it redirects to directly.`);
        expect(err?.message).not.toContain('/secret');
      }
      expect(redirecting.hits).toEqual(['/to-target', '/to-self']);
      expect(target.hits).toEqual([]);
    } finally {
      await redirecting.close();
    }
  });

  it('gives up when an allowed host does not answer in time', async () => {
    const silent = await countingServer(() => undefined);
    try {
      forget.push(allowOutboundHosts([`127.0.0.1:${silent.port}`]));
      const started = Date.now();
      const err = await get(`http://127.0.0.1:${silent.port}/`, 300).catch((e: Error) => e);
      expect((err as Error).name).toBe('TimeoutError');
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      silent.server.closeAllConnections();
      await silent.close();
    }
  });
});

describe('OUTBOUND_ALLOWED_HOSTS', () => {
  it('reads host names, addresses and host:port entries, comma-separated', () => {
    expect(parseAllowedHosts(undefined)).toEqual([]);
    expect(parseAllowedHosts(' ')).toEqual([]);
    expect(parseAllowedHosts('gateway.corp.example, 10.0.0.5:8443,[fd00::1]:443 ,Provider-Sim.local:3001')).toEqual([
      'gateway.corp.example',
      '10.0.0.5:8443',
      '[fd00::1]:443',
      'provider-sim.local:3001',
    ]);
  });

  it('refuses an entry that is not a host or host:port, in a sentence', () => {
    expect(() => parseAllowedHosts('http://gateway.corp.example')).toThrow(
      'OUTBOUND_ALLOWED_HOSTS must list host names or host:port, comma-separated (e.g. gateway.corp.example,10.0.0.5:8443); "http://gateway.corp.example" is not one.',
    );
    expect(() => parseAllowedHosts('gateway:99999')).toThrow(/"gateway:99999" is not one/);
    expect(() => parseAllowedHosts('a b')).toThrow(/"a b" is not one/);
  });
});
