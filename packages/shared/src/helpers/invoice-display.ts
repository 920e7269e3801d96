import Decimal from 'decimal.js';
import { LABOR_KINDS, LABOR_LABELS, type InvoiceTotals } from './invoice-totals';

/** The four ways an invoice shows its totals (spec platform 3.15). */
export const INVOICE_DISPLAY_MODES = ['summary', 'details', 'laborMaterialSeparated', 'laborMaterialCombined'] as const;
export type InvoiceDisplayMode = (typeof INVOICE_DISPLAY_MODES)[number];

export const INVOICE_DISPLAY_MODE_LABELS: Record<InvoiceDisplayMode, string> = {
  summary: 'Summary',
  details: 'Details',
  laborMaterialSeparated: 'Labor/Material Separated Subtotal',
  laborMaterialCombined: 'Labor/Material Combined Subtotal',
};

/** One labelled line of an invoice as shown: amounts are exact decimal strings with two decimals. */
export interface InvoiceDisplayLine {
  /** 'line' for a charge, 'subtotal' for a partial sum, 'total' for the footer. */
  kind: 'line' | 'subtotal' | 'total';
  label: string;
  technician?: string;
  hours?: string;
  quantity?: string;
  rate?: string;
  charge?: string;
  discount?: string;
  amount: string;
}

const add = (...values: string[]) => values.reduce((a, v) => a.plus(v), new Decimal(0)).toFixed(2);
const nonZero = (amount: string) => !new Decimal(amount).isZero();

function laborSummary(t: InvoiceTotals): InvoiceDisplayLine[] {
  return LABOR_KINDS.filter((k) => nonZero(t.laborByKind[k].charge)).map((k) => ({
    kind: 'line' as const,
    label: LABOR_LABELS[k],
    hours: t.laborByKind[k].hours,
    charge: t.laborByKind[k].charge,
    discount: t.laborByKind[k].discount,
    amount: t.laborByKind[k].net,
  }));
}

function laborDetails(t: InvoiceTotals): InvoiceDisplayLine[] {
  return t.laborLines.map((l) => ({
    kind: 'line' as const,
    label: LABOR_LABELS[l.kind],
    technician: l.technician,
    hours: l.hours,
    rate: l.rate,
    charge: l.charge,
    discount: l.discount,
    amount: l.net,
  }));
}

const line = (label: string, amount: string): InvoiceDisplayLine => ({ kind: 'line', label, amount });

/**
 * Materials, standard items, rate-sheet items, quoted values: one line each when summarised, every item in details.
 * Additional line items are each shown by their description in every mode, as the office wrote them.
 */
function otherLines(t: InvoiceTotals, isDetailed: boolean, withMaterials: boolean): InvoiceDisplayLine[] {
  const out: InvoiceDisplayLine[] = [];
  if (withMaterials) {
    if (isDetailed) out.push(...t.materialLines.map((m) => ({ kind: 'line' as const, label: m.description, quantity: m.quantity, rate: m.unitPrice, amount: m.amount })));
    else if (nonZero(t.materials)) out.push(line('Materials', t.materials));
  }
  if (isDetailed) {
    out.push(...t.standardItemLines.map((s) => ({ kind: 'line' as const, label: s.description, quantity: s.quantity, rate: s.unitPrice, amount: s.amount })));
    out.push(...t.rateSheetItemLines.map((s) => ({ kind: 'line' as const, label: s.description, quantity: s.quantity, rate: s.unitPrice, amount: s.amount })));
    out.push(...t.quotedLines.map((q) => line(q.description, q.amount)));
  } else {
    if (nonZero(t.standardItems)) out.push(line('Standard Items', t.standardItems));
    if (nonZero(t.rateSheetItems)) out.push(line('Rate Sheet Items', t.rateSheetItems));
    if (nonZero(t.quotedValues)) out.push(line('Quoted Values', t.quotedValues));
  }
  if (nonZero(t.freight)) out.push(line('Freight', t.freight));
  if (nonZero(t.tripCharges)) out.push(line('Trip Charges', t.tripCharges));
  out.push(...t.additionalLines.map((a) => line(a.description, a.amount)));
  return out;
}

function footer(t: InvoiceTotals): InvoiceDisplayLine[] {
  return [
    { kind: 'subtotal', label: 'Subtotal', amount: t.subtotal },
    { kind: 'line', label: 'Tax %', rate: t.taxRate, amount: t.tax },
    { kind: 'total', label: 'Invoice Total', amount: t.total },
    { kind: 'line', label: 'Credits Applied', amount: t.invoiceCredits },
    { kind: 'line', label: 'Payments', amount: t.payments },
    { kind: 'line', label: 'Convenience Fee', amount: t.convenienceFeeForCcTotal },
    { kind: 'total', label: 'Amount Due', amount: t.totalDue },
  ];
}

/**
 * The labelled lines of an invoice in one display mode, with the spec's labels (Regular, Overtime, StandBy,
 * Apprentice, Freight, Trip Charges, Subtotal, Credits Applied, Tax %, Payments, Convenience Fee, Invoice Total):
 * - summary: one line per labor kind and per kind of charge;
 * - details: every labor entry and every item;
 * - laborMaterialSeparated: the labor lines with a Labor Subtotal, then materials with a Material Subtotal;
 * - laborMaterialCombined: labor and materials as one Labor & Material line.
 * Every mode ends with the same footer, so the amounts a customer owes never depend on the mode.
 */
export function invoiceDisplayLines(t: InvoiceTotals, mode: InvoiceDisplayMode): InvoiceDisplayLine[] {
  switch (mode) {
    case 'summary':
      return [...laborSummary(t), ...otherLines(t, false, true), ...footer(t)];
    case 'details':
      return [...laborDetails(t), ...otherLines(t, true, true), ...footer(t)];
    case 'laborMaterialSeparated':
      return [
        ...laborSummary(t),
        { kind: 'subtotal', label: 'Labor Subtotal', amount: t.laborTotal },
        ...(nonZero(t.materials) ? [line('Materials', t.materials)] : []),
        { kind: 'subtotal', label: 'Material Subtotal', amount: t.materials },
        ...otherLines(t, false, false),
        ...footer(t),
      ];
    case 'laborMaterialCombined':
      return [line('Labor & Material', add(t.laborTotal, t.materials)), ...otherLines(t, false, false), ...footer(t)];
  }
}
