import { z } from 'zod';
import { moneyOf } from '../helpers/money';
import { dateText, optionalText } from './common';

/**
 * A user's pay rate on the users pages (spec platform 2.1 `users/edit/{userId}`, pay rate for payroll only): the rate
 * in force today and each rate with the day it starts, newest first. Only callers with the Timesheet special
 * permission "Can Access Payroll" read or set it.
 */
export const payRateEntrySchema = z.object({
  effectiveFrom: z.string(),
  position: z.string(),
  hourlyRate: z.number(),
  /** Set through an approved pay raise rather than on the user's page. */
  isFromPayRaise: z.boolean(),
});
export type PayRateEntry = z.infer<typeof payRateEntrySchema>;

export const userPayRateAnswer = z
  .object({ current: payRateEntrySchema.nullable(), rates: z.array(payRateEntrySchema) })
  .meta({
    example: {
      current: { effectiveFrom: '2026-06-01', position: 'Service Technician', hourlyRate: 28.5, isFromPayRaise: false },
      rates: [{ effectiveFrom: '2026-06-01', position: 'Service Technician', hourlyRate: 28.5, isFromPayRaise: false }],
    },
  });
export type UserPayRate = z.infer<typeof userPayRateAnswer>;

/** `POST Users/{userId}/payRate`: a new hourly rate from a day on; the position stays as it is unless given. */
export const setPayRateBody = z
  .object({
    hourlyRate: moneyOf('Hourly Rate').refine((n) => n > 0, 'Hourly Rate must be more than 0.'),
    effectiveFrom: dateText('Effective From'),
    position: optionalText('Position', 100).optional(),
  })
  .meta({ example: { hourlyRate: 31.25, effectiveFrom: '2026-12-07', position: 'Senior Service Technician' } });
export type SetPayRateBody = z.input<typeof setPayRateBody>;
export type SetPayRateInput = z.output<typeof setPayRateBody>;
