import { z } from 'zod';

/** "X field is required!" is how the product words a missing value. */
export const required = (label: string) => `${label} field is required!`;

const NO_NUL = /^[^\u0000]*$/;
const NUL_MESSAGE = (label: string) => `${label} contains characters that are not allowed.`;

/** A required, trimmed text field with the product's wording for missing and oversized values. */
export function requiredText(label: string, max = 200) {
  return z
    .string({ error: required(label) })
    .trim()
    .min(1, required(label))
    .max(max, `${label} must be at most ${max} characters.`)
    .regex(NO_NUL, NUL_MESSAGE(label));
}

/** An optional text field with a length limit. */
export function optionalText(label: string, max = 2000) {
  return z
    .string({ error: `${label} must be text.` })
    .max(max, `${label} must be at most ${max} characters.`)
    .regex(NO_NUL, NUL_MESSAGE(label));
}

const MAX_INT = 2_147_483_647;

/** A positive database id in a JSON body: a number there, never text or anything else turned into one. */
export function idOf(label: string) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? required(label) : `${label} must be a number.`) })
    .int(`${label} must be a whole number.`)
    .positive(`${label} must be a positive number.`)
    .max(MAX_INT, `${label} is out of range.`);
}

/** The number the next document of a kind takes (an invoice, a purchase order): a whole number from 1. */
export function nextNumberOf(label: string) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? required(label) : `${label} must be a number.`) })
    .int(`${label} must be a whole number.`)
    .min(1, `${label} must be at least 1.`)
    .max(2_000_000_000, `${label} is too large.`);
}

/** A whole number written in an address (path or query): digits only, no sign, spaces, exponent or base prefix. */
function wholeText(label: string, min: number, max: number, tooSmall = `${label} must be at least ${min}.`, tooBig = `${label} must be at most ${max}.`) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? required(label) : `${label} must be a whole number.`) })
    .regex(/^\d+$/, `${label} must be a whole number, written in digits only.`)
    .transform(Number)
    .pipe(z.number().min(min, tooSmall).max(max, tooBig));
}

/** A positive database id in a path or a query string. */
export const idParam = (label: string) =>
  wholeText(label, 1, MAX_INT, `${label} must be a positive number.`, `${label} is out of range.`).meta({ description: `${label} id, in digits` });

const queryCount = (label: string, min: number, max: number) => wholeText(label, min, max);

/** Paging in a query string: `take` rows at once (at most `maxTake`), `skip` to page on. */
export const pagingQuery = (maxTake: number, defaultTake = maxTake) => ({
  take: queryCount('Take', 1, maxTake).default(defaultTake),
  skip: queryCount('Skip', 0, 100_000).default(0),
});

/** Errors are RFC 9457 problem documents; `title` and `message` carry the sentence a person reads. */
export const problemSchema = z.object({
  status: z.number(),
  title: z.string(),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

/** A calendar date as JSON carries it, YYYY-MM-DD, and a real one (no 31 April). */
export const dateText = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required(label) : `${label} must be a date.`) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date written YYYY-MM-DD.`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${label} is not a real date.`)
    .meta({ description: `${label}, YYYY-MM-DD`, example: '2026-11-25' });

export const messageAnswer = z.object({ message: z.string() });
