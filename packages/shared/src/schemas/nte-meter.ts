import { z } from 'zod';
import { NTE_LEVELS } from '../helpers/nte-meter';

/**
 * The live NTE meter of a work order (spec clock 8 and 9, platform 4.9): what the work so far costs, counted as its
 * invoice would before tax, against the not-to-exceed amount. Amounts travel as decimal strings, exact to the cent.
 */

/** The title of the quote a "Request NTE raise" drafts: how a second press finds the draft it made. */
export const NTE_RAISE_QUOTE_TITLE = 'NTE raise: work so far';

const decimal = (description: string) => z.string().regex(/^-?\d+\.\d{2}$/).meta({ description });

const quoteRef = z.object({ quoteId: z.number(), quoteNumber: z.number(), quoteVersion: z.number() });

export const nteMeterAnswer = z
  .object({
    workOrderId: z.number(),
    nte: decimal('The not-to-exceed amount; null when the work order has none').nullable(),
    labor: decimal('Labor at its rate sheet rates, running labor up to now'),
    materials: decimal('Billable materials'),
    items: decimal('Standard and rate sheet items'),
    tripCharges: decimal('Trip charges of the trucks used'),
    total: decimal('Everything above: what the invoice would charge before tax'),
    percent: z.string().regex(/^\d+\.\d$/).nullable().meta({ description: 'The total as a percentage of the NTE, one decimal, rounded down; null without an NTE above 0' }),
    level: z.enum(NTE_LEVELS),
    asOf: z.string().meta({ description: 'The instant the amounts are counted at' }),
    runningLaborCount: z.number(),
    perMinute: decimal("The running labor's cost per minute at its rates, to the cent"),
    nextChangeAt: z.string().nullable().meta({ description: 'When the running labor next adds to the total (its hours step by 0.01); null when none runs' }),
    nteRaiseQuote: quoteRef.nullable().meta({ description: 'The open quote a "Request NTE raise" drafted, while it is open' }),
  })
  .meta({
    example: {
      workOrderId: 240001, nte: '500.00', labor: '361.25', materials: '48.00', items: '0.00', tripCharges: '0.00', total: '409.25', percent: '81.8', level: 'amber',
      asOf: '2026-11-02T15:04:05.000Z', runningLaborCount: 1, perMinute: '1.42', nextChangeAt: '2026-11-02T15:04:23.000Z', nteRaiseQuote: null,
    },
  });
export type NteMeter = z.output<typeof nteMeterAnswer>;

export const nteRaiseAnswer = quoteRef
  .extend({
    workOrderId: z.number(),
    workOrderStatusId: z.number(),
    isNew: z.boolean().meta({ description: 'false when the open draft of an earlier request is answered instead' }),
  })
  .meta({ example: { workOrderId: 240001, workOrderStatusId: 46, quoteId: 7, quoteNumber: 1001, quoteVersion: 1, isNew: true } });
export type NteRaise = z.output<typeof nteRaiseAnswer>;
