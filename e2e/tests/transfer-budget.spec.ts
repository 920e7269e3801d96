import { expect, test, type Page } from './fixtures';
import { JS_BUDGET } from '../../apps/web/build-tools/size-budget';
import { signIn } from './session';

/** One script the page received: where from, how it was encoded, and the bytes that crossed the network. */
interface Transfer {
  url: string;
  encoding: string | undefined;
  /** Headers and body as received, compressed (Chromium's encodedDataLength). */
  bytes: number;
}

/**
 * Records every script the page receives through the DevTools protocol: `loadingFinished` carries the bytes that
 * crossed the network, compressed, headers included; nothing from the memory or disk cache is counted. `signInSentAt`
 * is how many scripts had arrived when the page sent the sign-in request: the form sends it only once its rules have
 * loaded, so what came before is the sign-in page's, however slowly a busy machine got to loading them.
 */
async function recordScripts(page: Page): Promise<{ scripts: Transfer[]; signInSentAt: () => number | undefined }> {
  const cdp = await page.context().newCDPSession(page);
  const pending = new Map<string, { url: string; encoding: string | undefined }>();
  const scripts: Transfer[] = [];
  let signInSentAt: number | undefined;
  cdp.on('Network.requestWillBeSent', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/v1/Account/login') signInSentAt ??= scripts.length;
  });
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type !== 'Script') return;
    const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    pending.set(requestId, { url: response.url, encoding: headers['content-encoding'] });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const script = pending.get(requestId);
    if (script) scripts.push({ ...script, bytes: encodedDataLength });
  });
  await cdp.send('Network.enable');
  return { scripts, signInSentAt: () => signInSentAt };
}

const total = (list: Transfer[]) => list.reduce((sum, s) => sum + s.bytes, 0);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

test.describe('what a technician downloads over a mobile network', () => {
  test('the sign-in page and the first page after it stay within the JavaScript budget', async ({ page }) => {
    const { scripts, signInSentAt } = await recordScripts(page);

    await page.goto('/login', { waitUntil: 'networkidle' });
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

    await signIn(page, 'tech');
    await expect(page).toHaveURL(/\/workOrder\/mine$/);
    await expect(page.getByRole('table', { name: 'My work orders' })).toHaveAttribute('aria-busy', 'false');
    await page.waitForLoadState('networkidle');
    const split = signInSentAt();
    expect(split, 'the page sent the sign-in request').toBeDefined();
    const atSignIn = scripts.slice(0, split);
    const added = scripts.slice(split);

    const names = (list: Transfer[]) => list.map((s) => `${new URL(s.url).pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')} ${kB(s.bytes)}`).join(', ');
    const report = `sign-in: ${atSignIn.length} scripts, ${kB(total(atSignIn))} (${names(atSignIn)}); My Work Orders adds ${added.length} scripts, ${kB(total(added))} (${names(added)})`;
    test.info().annotations.push({ type: 'JavaScript transferred', description: report });
    console.log(report);

    expect(atSignIn.length, 'the sign-in page loads its scripts').toBeGreaterThan(0);
    expect(added.length, 'the first page after sign-in loads its own scripts').toBeGreaterThan(0);
    for (const script of [...atSignIn, ...added]) expect(script.encoding, `${script.url} is sent compressed`).toBe('br');
    expect(total(atSignIn), `JavaScript of the sign-in page (${kB(total(atSignIn))})`).toBeLessThanOrEqual(JS_BUDGET.signInBytes);
    expect(total(added), `JavaScript My Work Orders adds (${kB(total(added))})`).toBeLessThanOrEqual(JS_BUDGET.firstPageAddedBytes);
  });

  test('built files are sent compressed and cached by their hashed names; pages are revalidated', async ({ request }) => {
    const page = await request.get('/login', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers()['content-type']).toContain('text/html');
    expect(page.headers()['cache-control']).toBe('no-cache');
    expect(page.headers()['content-encoding']).toBe('br');
    expect(page.headers()['vary']).toMatch(/accept-encoding/i);
    for (const path of ['/', '/index.html']) {
      expect((await request.get(path)).headers()['cache-control'], path).toBe('no-cache');
    }

    const script = (await page.text()).match(/src="(\/assets\/[^"]+-[\w-]{8}\.js)"/)?.[1];
    expect(script, 'index.html names a hashed script').toBeTruthy();
    for (const [accepted, expected] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['identity', undefined]] as const) {
      const asset = await request.get(script!, { headers: { 'accept-encoding': accepted } });
      expect(asset.status()).toBe(200);
      const headers = asset.headers();
      expect(headers['content-encoding'], `Content-Encoding for ${accepted}`).toBe(expected);
      expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(headers['vary']).toMatch(/accept-encoding/i);
      expect(headers['content-security-policy'], 'security headers stay').toContain("script-src 'self'");
    }
  });
});
