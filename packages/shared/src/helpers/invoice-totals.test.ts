import { describe, expect, it } from 'vitest';
import { INVOICE_DISPLAY_MODES, invoiceDisplayLines } from './invoice-display';
import { computeInvoiceTotals, convenienceFeeOf, hoursOf, isTaxExemptOn, LABOR_KINDS, type InvoiceTotalsInput } from './invoice-totals';

const base: InvoiceTotalsInput = {
  labor: [],
  quotedValues: [],
  freight: 0,
  materials: [],
  standardItems: [],
  rateSheetItems: [],
  tripCharges: [],
  additionalLines: [],
  taxRate: 0,
  isServiceTaxable: false,
  isTaxExempt: false,
  taxExemptExpiresOn: null,
  invoiceDate: '2026-03-10',
  isUseTax: false,
  credits: [],
  payments: [],
  convenienceFeePercent: 0,
};

describe('invoice totals', () => {
  it('totals a known invoice to the cent, rounding each line and the tax half-up', () => {
    const t = computeInvoiceTotals({
      ...base,
      labor: [
        { kind: 'regular', technician: 'Tom', hours: '2.50', rate: 110, discount: 25 },
        { kind: 'overtime', technician: 'Tom', hours: '1.25', rate: 165 },
        { kind: 'standby', technician: 'Tom', hours: '0.33', rate: '55.55' },
        { kind: 'apprentice', technician: 'Priya', hours: 3, rate: 65 },
      ],
      materials: [{ description: 'Fan motor', quantity: 1, unitPrice: '192.38' }, { description: 'Refrigerant', quantity: '2.5', unitPrice: '12.35' }],
      standardItems: [{ description: 'Diagnostic Fee', quantity: 1, unitPrice: 95 }],
      rateSheetItems: [{ description: 'Filter Change', quantity: 3, unitPrice: 18 }],
      quotedValues: [{ description: 'Quoted coil cleaning', amount: 300 }],
      tripCharges: [{ description: 'Service Van', amount: 85 }],
      freight: '12.40',
      taxRate: '8.25',
      credits: [50],
      payments: [{ amount: 100, isCard: true }, { amount: 200, isCard: false }],
      convenienceFeePercent: 3,
    });
    // 275 − 25 = 250; 206.25; 0.33 × 55.55 = 18.3315 → 18.33; 195
    expect(t.laborByKind.regular).toEqual({ hours: '2.50', charge: '275.00', discount: '25.00', net: '250.00' });
    expect(t.laborByKind.standby.net).toBe('18.33');
    expect(t.laborTotal).toBe('669.58');
    // 2.5 × 12.35 = 30.875 → 30.88
    expect(t.materials).toBe('223.26');
    expect(t.subtotal).toBe('1439.24'); // 669.58 + 223.26 + 95 + 54 + 300 + 85 + 12.40
    expect(t.totalTaxable).toBe('223.26');
    expect(t.tax).toBe('18.42'); // 223.26 × 8.25% = 18.41895
    expect(t.total).toBe('1457.66');
    expect(t.convenienceFeeForCcTotal).toBe('3.00');
    expect(t.totalDue).toBe('1107.66');
  });

  it('taxes services where the state does, nothing when exempt, and only records use tax', () => {
    const input = { ...base, labor: [{ kind: 'regular' as const, technician: 'T', hours: 1, rate: 100 }], materials: [{ description: 'm', quantity: 1, unitPrice: 100 }], taxRate: '6.25' };
    expect(computeInvoiceTotals(input).tax).toBe('6.25');
    expect(computeInvoiceTotals({ ...input, isServiceTaxable: true }).tax).toBe('12.50');
    expect(computeInvoiceTotals({ ...input, isTaxExempt: true })).toMatchObject({ tax: '0.00', totalTaxable: '0.00', total: '200.00' });
    expect(computeInvoiceTotals({ ...input, isUseTax: true })).toMatchObject({ tax: '0.00', useTax: '6.25', total: '200.00' });
  });

  it('bills additional line items as services, taxed only where the state taxes services, each shown by its description', () => {
    const input = { ...base, materials: [{ description: 'm', quantity: 1, unitPrice: 100 }], additionalLines: [{ additionalLineItemId: 7, description: 'Disposal fee', amount: '35.10' }], taxRate: '10' };
    expect(computeInvoiceTotals(input)).toMatchObject({ additionalLineItems: '35.10', subtotal: '135.10', totalTaxable: '100.00', tax: '10.00', total: '145.10' });
    const taxed = computeInvoiceTotals({ ...input, isServiceTaxable: true });
    expect(taxed).toMatchObject({ totalTaxable: '135.10', tax: '13.51', total: '148.61', additionalLines: [{ additionalLineItemId: 7, description: 'Disposal fee', amount: '35.10' }] });
    for (const mode of INVOICE_DISPLAY_MODES) expect(invoiceDisplayLines(taxed, mode)).toContainEqual({ kind: 'line', label: 'Disposal fee', amount: '35.10' });
  });

  it("charges the tax when the exemption's certificate ended before the invoice's date", () => {
    const input = { ...base, materials: [{ description: 'm', quantity: 1, unitPrice: 100 }], taxRate: '6.25', isTaxExempt: true, invoiceDate: '2026-03-10' };
    expect(computeInvoiceTotals({ ...input, taxExemptExpiresOn: '2026-03-09' })).toMatchObject({ isTaxExempt: false, tax: '6.25', totalTaxable: '100.00', total: '106.25' });
    // The certificate's last day still covers an invoice of that day; no end date covers every day.
    expect(computeInvoiceTotals({ ...input, taxExemptExpiresOn: '2026-03-10' })).toMatchObject({ isTaxExempt: true, tax: '0.00', total: '100.00' });
    expect(computeInvoiceTotals({ ...input, taxExemptExpiresOn: null })).toMatchObject({ isTaxExempt: true, tax: '0.00' });
    // An ended exemption leaves use tax to the company as for any customer.
    expect(computeInvoiceTotals({ ...input, taxExemptExpiresOn: '2025-12-31', isUseTax: true })).toMatchObject({ isTaxExempt: false, tax: '0.00', useTax: '6.25' });
    expect(isTaxExemptOn({ isTaxExempt: false, expiresOn: null }, '2026-03-10')).toBe(false);
    expect(isTaxExemptOn({ isTaxExempt: true, expiresOn: '2027-01-01' }, '2026-12-31')).toBe(true);
  });

  it('rounds hours and fees half-up', () => {
    expect(hoursOf(3600 * 1.5)).toBe('1.50');
    expect(hoursOf(18)).toBe('0.01'); // 0.005 h
    expect(hoursOf(17)).toBe('0.00');
    expect(convenienceFeeOf('10.50', 3)).toBe('0.32'); // 0.315
  });

  it('shows every mode with the spec labels and the same footer', () => {
    const t = computeInvoiceTotals({
      ...base,
      labor: LABOR_KINDS.map((kind) => ({ kind, technician: 'T', hours: 1, rate: 10 })),
      materials: [{ description: 'm', quantity: 1, unitPrice: 5 }],
      freight: 1,
      tripCharges: [{ description: 'Van', amount: 2 }],
      credits: [1],
      payments: [{ amount: 1, isCard: true }],
      convenienceFeePercent: 3,
    });
    const labels = invoiceDisplayLines(t, 'summary').map((l) => l.label);
    expect(labels).toEqual(['Regular', 'Overtime', 'StandBy', 'Apprentice', 'Materials', 'Freight', 'Trip Charges', 'Subtotal', 'Tax %', 'Invoice Total', 'Credits Applied', 'Payments', 'Convenience Fee', 'Amount Due']);
    expect(invoiceDisplayLines(t, 'laborMaterialCombined')[0]).toMatchObject({ label: 'Labor & Material', amount: '45.00' });
    expect(invoiceDisplayLines(t, 'laborMaterialSeparated').filter((l) => l.kind === 'subtotal').map((l) => l.label)).toEqual(['Labor Subtotal', 'Material Subtotal', 'Subtotal']);
    expect(invoiceDisplayLines(t, 'details').find((l) => l.label === 'm')).toMatchObject({ quantity: '1', amount: '5.00' });
    for (const mode of INVOICE_DISPLAY_MODES) expect(invoiceDisplayLines(t, mode).at(-1)).toMatchObject({ label: 'Amount Due', amount: '46.00' });
  });
});

// ------------------------------------------------------------------ the independent computation

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** An amount with `places` decimals as text, and as a BigInt of that many decimal places. */
const fixed = (units: bigint, places: number) => {
  const neg = units < 0n;
  const a = (neg ? -units : units).toString().padStart(places + 1, '0');
  return (neg ? '-' : '') + (places ? `${a.slice(0, -places)}.${a.slice(-places)}` : a);
};
/** n / 10^k rounded half-up, for n ≥ 0. */
const roundDown = (n: bigint, k: number) => (n + 5n * 10n ** BigInt(k - 1)) / 10n ** BigInt(k);

describe('invoice totals against integer cents', () => {
  it('agree to the cent on 10,000 random invoices', () => {
    const next = random(20261125);
    const int = (max: number) => BigInt(Math.floor(next() * (max + 1)));
    for (let run = 0; run < 10_000; run++) {
      const n = (max: number) => Math.floor(next() * (max + 1));
      const labor = Array.from({ length: n(5) }, () => {
        const hours = int(2400); // hundredths of an hour
        const rate = int(30000); // cents
        const charge = roundDown(hours * rate, 2);
        const discount = charge === 0n ? 0n : BigInt(Math.floor(next() * Number(charge)));
        return { hours, rate, charge, discount, kind: LABOR_KINDS[n(3)] };
      });
      const items = () =>
        Array.from({ length: n(4) }, () => {
          const quantity = int(50000); // thousandths
          const price = int(200000); // cents
          return { quantity: quantity === 0n ? 1n : quantity, price };
        });
      const materials = items();
      const standard = items();
      const rateSheet = items();
      const quoted = Array.from({ length: n(2) }, () => int(500000));
      const trips = Array.from({ length: n(2) }, () => int(20000));
      const freight = int(10000);
      const taxRate = int(12000); // thousandths of a percent
      const isServiceTaxable = next() < 0.5;
      const isMarkedExempt = next() < 0.15;
      // The invoice is dated 2026-03-10: a certificate ending the day before no longer counts.
      const expiresOn = [null, '2026-03-09', '2026-03-10', '2027-01-01'][n(3)];
      const isTaxExempt = isMarkedExempt && expiresOn !== '2026-03-09';
      const isUseTax = next() < 0.15;
      const feePercent = int(500); // hundredths of a percent
      const credits = Array.from({ length: n(2) }, () => int(20000));
      const payments = Array.from({ length: n(3) }, () => ({ amount: int(50000), isCard: next() < 0.5 }));

      const line = (i: { quantity: bigint; price: bigint }) => roundDown(i.quantity * i.price, 3);
      const total = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
      const laborNet = total(labor.map((l) => l.charge - l.discount));
      const mat = total(materials.map(line));
      const services = laborNet + total(standard.map(line)) + total(rateSheet.map(line)) + total(quoted) + total(trips) + freight;
      const subtotal = services + mat;
      const taxable = isTaxExempt ? 0n : mat + (isServiceTaxable ? services : 0n);
      const computedTax = roundDown(taxable * taxRate, 5); // cents × thousandths of a percent
      const tax = isTaxExempt || isUseTax ? 0n : computedTax;
      const fees = total(payments.filter((p) => p.isCard).map((p) => roundDown(p.amount * feePercent, 4)));
      const due = subtotal + tax - total(credits) - total(payments.map((p) => p.amount));

      const t = computeInvoiceTotals({
        labor: labor.map((l) => ({ kind: l.kind, technician: 'T', hours: fixed(l.hours, 2), rate: fixed(l.rate, 2), discount: fixed(l.discount, 2) })),
        materials: materials.map((i) => ({ description: 'm', quantity: fixed(i.quantity, 3), unitPrice: fixed(i.price, 2) })),
        standardItems: standard.map((i) => ({ description: 's', quantity: fixed(i.quantity, 3), unitPrice: fixed(i.price, 2) })),
        rateSheetItems: rateSheet.map((i) => ({ description: 'r', quantity: fixed(i.quantity, 3), unitPrice: fixed(i.price, 2) })),
        quotedValues: quoted.map((q) => ({ description: 'q', amount: fixed(q, 2) })),
        tripCharges: trips.map((q) => ({ description: 't', amount: fixed(q, 2) })),
        additionalLines: [],
        freight: fixed(freight, 2),
        taxRate: fixed(taxRate, 3),
        isServiceTaxable,
        isTaxExempt: isMarkedExempt,
        taxExemptExpiresOn: expiresOn,
        invoiceDate: '2026-03-10',
        isUseTax,
        credits: credits.map((c) => fixed(c, 2)),
        payments: payments.map((p) => ({ amount: fixed(p.amount, 2), isCard: p.isCard })),
        convenienceFeePercent: fixed(feePercent, 2),
      });
      const where = `invoice ${run}`;
      expect(t.isTaxExempt, where).toBe(isTaxExempt);
      expect(t.subtotal, where).toBe(fixed(subtotal, 2));
      expect(t.totalTaxable, where).toBe(fixed(taxable, 2));
      expect(t.tax, where).toBe(fixed(tax, 2));
      expect(t.useTax, where).toBe(fixed(isUseTax && !isTaxExempt ? computedTax : 0n, 2));
      expect(t.total, where).toBe(fixed(subtotal + tax, 2));
      expect(t.convenienceFeeForCcTotal, where).toBe(fixed(fees, 2));
      expect(t.totalDue, where).toBe(fixed(due, 2));
    }
  });
});
