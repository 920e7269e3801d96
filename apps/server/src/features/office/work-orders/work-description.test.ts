import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditCount, workOrdersOf } from '../work-order-items/item-fixtures';

let t: TestApp;
let mine: { id: number; number: string };
let coastalWo: number;
beforeAll(async () => {
  t = await createTestApp();
  [mine] = await workOrdersOf(t, 'tech');
  [{ id: coastalWo }] = await workOrdersOf(t, 'coastal.tech');
});
afterAll(() => t.close());

const write = (as: string, workDescription: unknown, id = mine.id) => t.call('PUT', `/api/v1/WorkOrder/${id}/workDescription`, as, { workDescription });
const read = async () => (await t.call('GET', `/api/v1/WorkOrder/${mine.number}`, 'dispatcher')).json().workDescription;

describe('the work description as rich text', () => {
  it('keeps the editor\'s markup, drops what could run, and audits each change', async () => {
    const before = await auditCount(t, 'workOrder', mine.id);
    const res = await write('tech', '<p>Cleaned the <strong>condenser</strong> coil.</p><img src="/api/v1/Files/content?token=abc.def" alt="Coil"><script>steal()</script><p onclick="x()">Fan <em>ok</em></p>');
    expect(res.statusCode, res.body).toBe(200);
    const stored = await read();
    expect(stored).toBe('<p>Cleaned the <strong>condenser</strong> coil.</p><img src="/api/v1/Files/content?token=abc.def" alt="Coil" /><p>Fan <em>ok</em></p>');
    expect(await auditCount(t, 'workOrder', mine.id)).toBe(before + 1);
    // The same text again changes nothing and writes no audit entry.
    await write('tech', stored);
    expect(await auditCount(t, 'workOrder', mine.id)).toBe(before + 1);
    // An editor left empty, or only markup that is dropped, clears it.
    expect((await write('dispatcher', '<p></p><script>x</script>')).json().workDescription).toBeNull();
    expect(await read()).toBeNull();
  });

  it('answers another company\'s work order as missing and refuses bad input, changing nothing', async () => {
    expect((await write('admin', '<p>x</p>', coastalWo)).statusCode).toBe(404);
    expect((await write('tech', 42)).json().title).toBe('Work description must be text.');
    expect((await write('tech', 'x'.repeat(100_001))).json().title).toBe('The work description is too long.');
    expect((await write('customer', '<p>x</p>')).statusCode).toBe(403);
    expect(await read()).toBeNull();
  });
});
