import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rackOnTechWorkOrder } from './refrigerant-fixtures';

let t: TestApp;
let f: Awaited<ReturnType<typeof rackOnTechWorkOrder>>;
let wo: string;
let leakTestWo: string;
beforeAll(async () => {
  t = await createTestApp();
  f = await rackOnTechWorkOrder(t, 'Rack B');
  const add = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', `/api/v1/WorkOrder/${f.workOrderId}/refrigerant`, 'tech', { equipmentId: f.rackId, kind: 'added', certificationNumber: '608-UNIV-7', ...body });
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json();
  };
  // 2025-12-02: 1 lb, the first addition: 1/40 × 365/365 = 2.50 % (in 2025, so not in the 2026 report).
  await add({ pounds: 1, occurredAt: '2025-12-02T18:00:00Z' });
  // 2026-01-01: 3 lb 30 days later: 3/40 × 365/30 × 100 = 91.25 %, above 20 %: a repair due 2026-01-31.
  const first = await add({ pounds: 3, occurredAt: '2026-01-01T18:00:00Z' });
  wo = first.movement.workOrderNumber;
  leakTestWo = first.leakRepair.verificationWorkOrderNumber;
  // 2026-01-31: 2 lb 30 days later: 60.83 %; the repair is open already.
  await add({ pounds: 2, occurredAt: '2026-01-31T18:00:00Z' });
  await add({ kind: 'recovered', pounds: 2, ounces: 8, occurredAt: '2026-02-01T18:00:00Z' });
  await add({ kind: 'recycled', ounces: 12.5, occurredAt: '2026-03-01T18:00:00Z' });
  await add({ equipmentId: f.rooftopId, ounces: 12, occurredAt: '2026-02-01T18:00:00Z' });
  const res = await t.call('PUT', `/api/v1/Refrigerant/leakRepairs/${first.leakRepair.leakRepairId}`, 'admin', {
    repairedOn: '2026-01-20', initialTestOn: '2026-01-21', initialTestPassed: true, followUpTestOn: '2026-02-04', followUpTestPassed: true,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
});
afterAll(() => t.close());

const report = (as: string, query: string, customerId = f.customerId) => t.call('GET', `/api/v1/Refrigerant/report/${customerId}?${query}`, as);

describe("a customer's yearly refrigerant report", () => {
  it('lists the 2026 additions with their leak rates, the totals and the repair, as a hand computation gives them (CSV)', async () => {
    const res = await report('admin', 'year=2026&format=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="refrigerant-report-.*-2026\.csv"/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'Appliance,Serial,Category,Refrigerant,Full Charge (lb),Record,Date,Amount,Amount (lb),Leak Rate (%),Threshold (%),Exceeded,Work Order,Technician,Certification,Repair Due,Repaired On,Initial Test,Follow-up Test',
    );
    const rack = lines.filter((l) => l.startsWith('Rack B,'));
    const head = 'Rack B,,Refrigeration,R-404A,40.00';
    expect(rack).toEqual([
      `${head},Added,2026-01-01,3 lb,3,91.25,20.00,yes,${wo},Tom Alvarez,608-UNIV-7,,,,`,
      `${head},Added,2026-01-31,2 lb,2,60.83,20.00,yes,${wo},Tom Alvarez,608-UNIV-7,,,,`,
      `${head},Recovered,2026-02-01,2 lb 8 oz,2.5,,,,${wo},Tom Alvarez,608-UNIV-7,,,,`,
      `${head},Recycled,2026-03-01,12.5 oz,0.78125,,,,${wo},Tom Alvarez,608-UNIV-7,,,,`,
      `${head},Total added,2026,,5,,,,,,,,,,`,
      `${head},Total recovered,2026,,2.5,,,,,,,,,,`,
      `${head},Total recycled,2026,,0.78125,,,,,,,,,,`,
      `${head},Leak repair,2026-01-01,,,91.25,20.00,yes,${leakTestWo},,,2026-01-31,2026-01-20,2026-01-21 passed,2026-02-04 passed`,
    ]);
    // The rooftop unit is under the 15 lb threshold: its addition has no leak rate.
    expect(lines.filter((l) => l.startsWith('Rooftop Unit 1,') && l.includes(',Added,'))).toEqual([
      expect.stringMatching(/^Rooftop Unit 1,[^,]*,Air Conditioning,R-410A,11\.25,Added,2026-02-01,12 oz,0\.75,,,,/),
    ]);
    expect(lines.find((l) => l.startsWith('Rooftop Unit 1,') && l.includes('Total added'))).toContain(',Total added,2026,,0.75,');
    // 2025 holds only the first addition.
    const earlier = (await report('admin', 'year=2025&format=csv')).body.split('\r\n').filter((l) => l.startsWith('Rack B,'));
    expect(earlier[0]).toBe(`${head},Added,2025-12-02,1 lb,1,2.50,20.00,no,${wo},Tom Alvarez,608-UNIV-7,,,,`);
    expect(earlier).toContain(`${head},Total added,2025,,1,,,,,,,,,,`);
  });

  it('prints the same figures in the PDF', async () => {
    const res = await report('admin', 'year=2026');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: res.rawPayload }).toString('utf8');
    expect(text).toContain('Refrigerant Report 2026');
    expect(text).toContain('RACK B');
    expect(text).toContain('Refrigeration · Refrigerant: R-404A · Full charge: 40.00 lb');
    expect(text).toMatch(/2026-01-01\s+Added\s+3 lb\s+91\.25 %\s+20\.00 %\s+YES/);
    expect(text).toMatch(/2026-01-31\s+Added\s+2 lb\s+60\.83 %\s+20\.00 %\s+YES/);
    expect(text).toContain('Totals 2026: added 5 lb · recovered 2.5 lb · recycled 0.78125 lb');
    expect(text).toMatch(/2026-01-01\s+91\.25 %\s+2026-01-31\s+2026-01-20\s+2026-01-21 passed\s+2026-02-04 passed/);
  });

  it('refuses a bad year, another company, and whoever does not see every work order', async () => {
    expect((await report('admin', 'year=26')).json().title).toBe('Year must be written with four digits, like 2026.');
    expect((await report('admin', 'format=csv')).body.split('\r\n')[0]).toMatch(/^Appliance,/);
    expect((await report('admin', 'year=2026&format=xlsx')).json().title).toBe('Format must be pdf or csv.');
    expect((await report('coastal.admin', 'year=2026')).statusCode).toBe(404);
    expect((await report('tech', 'year=2026')).statusCode).toBe(403);
  });
});
