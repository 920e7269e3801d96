import { z } from 'zod';
import { isoInstant } from './clock';
import { idParam } from './common';

/**
 * Requests a phone kept while it had no signal and sends later (issue: offline clock, part 4). Each carries an
 * `Idempotency-Key` that the server applies once, and the device's time in `X-Device-Time`: the rules apply as of
 * that time. Neither changes the body of a request.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const DEVICE_TIME_HEADER = 'x-device-time';

/** How far ahead of the server's clock a device's time may be (its clock drifts), and how old a kept request may be. */
export const DEVICE_TIME_MAX_AHEAD_MS = 2 * 60_000;
export const DEVICE_TIME_MAX_AGE_MS = 7 * 24 * 3600_000;

export const OTHER_CONTENT_MESSAGE = 'This request was already sent with other content. Send new content with a new Idempotency-Key.';
export const STILL_RUNNING_MESSAGE = 'This request is still being carried out. Send it again in a moment to read its answer.';

/** The headers a request that can be kept on the phone may carry (documented on each such route). */
export const offlineRequestHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Idempotency-Key must be 1 to 100 letters, digits, - or _.')
    .optional()
    .meta({
      description:
        'Applies the request once: the same key sent again (after a time-out, a crash, a lost answer) answers the first answer with its status and changes nothing. The same key with other content is refused (422). Keys are kept 7 days.',
      example: 'clk-7f3a9c21-0001',
    }),
  [DEVICE_TIME_HEADER]: isoInstant('Device time')
    .optional()
    .meta({
      description:
        "When the person did this on the device (ISO 8601 with offset). The rules apply as of this time: labor starts or stops then, a locked pay period is judged then. At most 2 minutes ahead of the server's clock and 7 days old.",
      example: '2026-03-02T15:30:00Z',
    }),
});

/** Why a kept request could not be applied as sent. */
export const CONFLICT_KINDS = ['workOrderChanged', 'laborOpen', 'lockedPayPeriod'] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

export const CONFLICT_STATES = ['open', 'applied', 'dismissed'] as const;

/** A kept request the server refused with a conflict, for the office to apply with corrections or dismiss. */
export const requestConflictSchema = z.object({
  conflictId: z.number().int(),
  kind: z.enum(CONFLICT_KINDS),
  state: z.enum(CONFLICT_STATES),
  message: z.string().meta({ description: 'The sentence the technician read.' }),
  userId: z.number().int(),
  userName: z.string(),
  workOrderNumber: z.string().nullable().meta({ description: 'The work order the request names, when it names one of the company.' }),
  method: z.string(),
  path: z.string(),
  body: z.unknown().meta({ description: 'The request as the device sent it.' }),
  deviceTime: z.string().nullable(),
  receivedAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  resolution: z.string().nullable(),
});
export type RequestConflict = z.infer<typeof requestConflictSchema>;

export const requestConflictsQuery = z.object({
  state: z.enum(CONFLICT_STATES, { error: 'State must be open, applied or dismissed.' }).optional(),
});

export const conflictIdParams = z.object({ conflictId: idParam('Conflict') });

/** Apply a conflict's request as its technician, with a corrected time if given; or dismiss it, with a note. */
export const resolveConflictBody = z.strictObject({
  action: z.enum(['apply', 'dismiss'], { error: 'Action must be apply or dismiss.' }),
  deviceTime: isoInstant('Time').optional().meta({ description: 'apply: the time the request applies as of, instead of the device time.' }),
  note: z.string().trim().max(500, 'Note must be at most 500 characters.').optional(),
});
