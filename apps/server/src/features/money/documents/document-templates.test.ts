import sharp from 'sharp';
import { moneyText } from '@sm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { documentTemplates } from './documents.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = (kind: string, what = '') => `/api/v1/DocumentTemplates/${kind}${what}`;
const body = {
  headerColour: '#0B5394',
  accentColour: '#38761d',
  title: 'Tax Invoice',
  terms: 'Net 15. Late payments carry 1.5% a month.',
  footer: 'Polar Refrigeration · 555-0100',
  columns: { quantity: true, unitPrice: false, discount: false, technician: true },
};
const pngDataUrl = async (width: number) =>
  `data:image/png;base64,${(await sharp({ create: { width, height: 40, channels: 3, background: '#336699' } }).png().toBuffer()).toString('base64')}`;

describe('document templates', () => {
  it("answers the product's defaults until the company saves a template", async () => {
    const res = await t.call('GET', url('invoice'), 'admin');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'invoice', title: 'Invoice', isSaved: false, logo: null, columns: { quantity: true, technician: true } });
    expect((await t.call('GET', url('quote'), 'admin')).json()).toMatchObject({ title: 'Quote', columns: { technician: false } });
  });

  it('saves a template with a logo kept as a PNG at most 600 px wide, and keeps the logo when it is left out', async () => {
    const saved = await t.call('PUT', url('invoice'), 'admin', { ...body, logo: await pngDataUrl(1200) });
    expect(saved.statusCode, saved.body).toBe(200);
    const template = saved.json();
    expect(template).toMatchObject({ ...body, headerColour: '#0b5394', isSaved: true });
    const logo = Buffer.from(template.logo.split(',')[1], 'base64');
    expect((await sharp(logo).metadata()).width).toBe(600);

    const again = await t.call('PUT', url('invoice'), 'admin', { ...body, title: 'Invoice' });
    expect(again.json().logo).toBe(template.logo);
    const removed = await t.call('PUT', url('invoice'), 'admin', { ...body, logo: null });
    expect(removed.json().logo).toBeNull();
  });

  it('refuses bad input with a sentence and changes nothing', async () => {
    await t.call('PUT', url('quote'), 'admin', body);
    const before = await t.db.select().from(documentTemplates);
    const notPicture = `data:image/png;base64,${Buffer.from('not a picture at all').toString('base64')}`;
    for (const [input, message] of [
      [{ ...body, headerColour: 'blue' }, 'Header colour must be a colour like #337ab7.'],
      [{ ...body, logo: notPicture }, 'Logo must be a PNG or JPEG picture.'],
      [{ ...body, logo: 'data:image/gif;base64,R0lGOD' }, 'Logo must be a PNG or JPEG picture.'],
      [{ ...body, terms: 'x'.repeat(4001) }, 'Terms must be at most 4000 characters.'],
      [{ ...body, columns: { quantity: 'yes' } }, 'Qty must be shown or hidden (true or false).'],
    ] as const) {
      const res = await t.call('PUT', url('quote'), 'admin', input);
      expect(res.statusCode, JSON.stringify(input).slice(0, 80)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await t.call('PUT', url('receipt'), 'admin', body)).statusCode).toBe(400);
    expect(await t.db.select().from(documentTemplates)).toEqual(before);
  });

  it('keeps each company to its own template, and lets only those with Templates write change it', async () => {
    await t.call('PUT', url('quote'), 'admin', { ...body, title: 'Polar Quote' });
    const other = await t.call('GET', url('quote'), 'coastal.admin');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ title: 'Quote', isSaved: false });
    expect((await t.call('PUT', url('quote'), 'tech', body)).statusCode).toBe(403);
    expect((await t.call('GET', url('quote'), 'tech')).statusCode).toBe(403);
  });

  it("renders the preview as a PDF in the company's words, with only the chosen columns", async () => {
    await t.call('PUT', url('invoice'), 'admin', { ...body, logo: await pngDataUrl(300) });
    const res = await t.call('GET', url('invoice', '/preview'), 'admin');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const shown of ['Tax Invoice', 'Qty', 'Technician', 'Amount', 'Net 15. Late payments carry 1.5% a month.', 'Invoice Total', '$487.59']) {
      expect(text.some((s) => s.includes(shown)), shown).toBe(true);
    }
    expect(text.some((s) => s === 'Unit Price')).toBe(false);
    expect(text.some((s) => s.includes('Page 1 of 1'))).toBe(true);
  });
});

describe('money in documents', () => {
  it('is written from the decimal text: separators, cents and sign', () => {
    expect(moneyText('1234567.5')).toBe('$1,234,567.50');
    expect(moneyText('0')).toBe('$0.00');
    expect(moneyText('-3')).toBe('-$3.00');
    expect(moneyText('-0.00')).toBe('$0.00');
    expect(moneyText('0012.345')).toBe('$12.35');
    expect(moneyText(-0.004)).toBe('$0.00');
    expect(moneyText('9007199254740993.01')).toBe('$9,007,199,254,740,993.01');
  });
});
