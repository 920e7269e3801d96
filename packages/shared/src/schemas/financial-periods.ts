import { z } from 'zod';
import { dateText, requiredText } from './common';

/**
 * Financial periods (spec platform 2.1, account settings financialPeriods: payPeriods, billingPeriods): periods of
 * the company's own dates. A company whose pay frequency is "Financial" pays by its pay periods; periods of one kind
 * never overlap (the database refuses it).
 */
export const FINANCIAL_PERIOD_KINDS = ['Pay', 'Billing'] as const;
export type FinancialPeriodKind = (typeof FINANCIAL_PERIOD_KINDS)[number];

export const financialPeriodBody = z
  .object({
    kind: z.enum(FINANCIAL_PERIOD_KINDS, { error: 'Kind must be Pay or Billing.' }),
    name: requiredText('Name', 100),
    startsOn: dateText('Start'),
    endsOn: dateText('End'),
  })
  .refine((b) => b.endsOn >= b.startsOn, { message: 'End must be on or after Start.', path: ['endsOn'] })
  .refine((b) => Date.parse(b.endsOn) - Date.parse(b.startsOn) <= 366 * 86_400_000, { message: 'A financial period is at most a year long.', path: ['endsOn'] })
  .meta({ example: { kind: 'Pay', name: 'P11 2026', startsOn: '2026-10-25', endsOn: '2026-11-21' } });
export type FinancialPeriodBody = z.infer<typeof financialPeriodBody>;

export const financialPeriodSchema = z.object({
  financialPeriodId: z.number(),
  kind: z.enum(FINANCIAL_PERIOD_KINDS),
  name: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  /** A pay period that payroll locked: it can no longer change. */
  isLocked: z.boolean(),
});
export type FinancialPeriod = z.infer<typeof financialPeriodSchema>;

/** `?kind=`: Pay when left out. */
export const financialPeriodsQuery = z.object({ kind: z.enum(FINANCIAL_PERIOD_KINDS, { error: 'Kind must be Pay or Billing.' }).default('Pay') });
