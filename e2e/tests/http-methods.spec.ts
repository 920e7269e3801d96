import { expect, test } from './fixtures';

// Platform 8: an unsupported HTTP method is told "Method not supported". The server with the web app, as it runs: an
// API address asked with another method answers 405 naming its methods, an unknown API address 404, a page address
// the web app.
test('an API address asked with a method it does not serve answers 405 "Method not supported" with Allow; pages still open', async ({ request }) => {
  const wrong = await request.put('/api/v1/Account/login', { data: { userName: 'tech', password: 'demo1234' } });
  expect(wrong.status()).toBe(405);
  expect(wrong.headers().allow).toBe('POST');
  expect(await wrong.json()).toEqual({ status: 405, title: 'Method not supported', message: 'Method not supported' });

  const unknown = await request.post('/api/v1/NoSuchThing', { data: {} });
  expect(unknown.status()).toBe(404);
  expect(unknown.headers().allow).toBeUndefined();

  const page = await request.get('/workOrder/mine');
  expect(page.status()).toBe(200);
  expect(page.headers()['content-type']).toMatch(/^text\/html/);
});
