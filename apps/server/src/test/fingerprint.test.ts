import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeWatch } from './fingerprint';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rename = (suffix: string) => sql`update subscribers set name = name || ${suffix} where id = (select min(id) from subscribers)`;

describe('the write watch of the bad-input sweep', () => {
  it('sees a committed write, and a write rolled back as nothing written', async () => {
    const watch = await writeWatch(t.db);
    await t.db.execute(sql`select count(*) from subscribers`);
    expect(await watch.unchanged()).toBe(true);

    await t.db
      .transaction(async (tx) => {
        await tx.execute(rename(' (rolled back)'));
        throw new Error('undo');
      })
      .catch(() => undefined);
    expect(await watch.unchanged(), 'a transaction id was taken, but its rows were rolled back').toBe(true);

    await t.db.execute(rename(' (kept)'));
    expect(await watch.unchanged()).toBe(false);
    await watch.rebase();
    expect(await watch.unchanged()).toBe(true);
  });
});
