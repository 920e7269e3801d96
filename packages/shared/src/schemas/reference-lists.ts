import { z } from 'zod';
import { moneyOf } from '../helpers/money';
import { capitalized, type ReferenceColumn, type ReferenceListDefinition } from '../reference-list-definitions';
import { canonicalRecurrenceRule } from '../helpers/recurrence-rule';
import { idOf, idParam, optionalText, required, requiredText } from './common';
import { emailField, phoneField } from './customers';
import { markupPercentOf } from './work-order-items';

// The lists' descriptions hold no schema, so the web's route table can read them without loading zod.
export * from '../reference-list-definitions';

function fieldSchema(c: ReferenceColumn): z.ZodType {
  switch (c.type) {
    case 'text':
      return c.isRequired ? requiredText(c.label, c.maxLength) : optionalText(c.label, c.maxLength).nullish();
    case 'longText':
      return c.isRequired ? requiredText(c.label, c.maxLength ?? 2000) : optionalText(c.label, c.maxLength ?? 2000).nullish();
    case 'money':
      return c.isRequired ? moneyOf(c.label) : moneyOf(c.label).nullish();
    case 'percent':
      return c.isRequired ? markupPercentOf(c.label) : markupPercentOf(c.label).nullish();
    case 'wholeNumber': {
      const max = c.max ?? 1_000_000;
      const n = z
        .number({ error: (issue) => (issue.input == null ? required(c.label) : `${c.label} must be a number.`) })
        .int(`${c.label} must be a whole number.`)
        .min(0, `${c.label} must not be negative.`)
        .max(max, `${c.label} must be at most ${max}.`);
      return c.isRequired ? n : n.nullish();
    }
    case 'choice': {
      const values = (c.choices ?? []).map((o) => o.value);
      const choice = z.string({ error: (issue) => (issue.input == null ? required(c.label) : `${c.label} must be one of ${values.join(', ')}.`) }).refine((v) => values.includes(v), `${c.label} must be one of ${values.join(', ')}.`);
      return c.isRequired ? choice : choice.nullish();
    }
    case 'reference':
    case 'user':
    case 'itemGlGroup':
      return c.isRequired ? idOf(c.label) : idOf(c.label).nullish();
    case 'recurrenceRule':
      return c.isRequired ? repeatRuleOf(c.label, c.maxLength) : repeatRuleOf(c.label, c.maxLength).nullish();
    case 'lines':
      return linesOf(c.label, c.line ?? { label: 'Line', max: 100 }, c.maxLength ?? 200, c.isRequired);
    case 'email':
      return emailField(c.label);
    case 'phone':
      return phoneField(c.label);
    case 'flag':
      return z.boolean({ error: `${c.label} must be true or false.` }).default(false);
  }
}

/**
 * An RFC 5545 repeat rule without an end (a contract's term ends it), in the recurrence editor's own words: read by
 * the recurrence code, refused with its sentence, and kept in its canonical text.
 */
export function repeatRuleOf(label: string, max = 200) {
  return requiredText(label, max)
    .transform((text, ctx) => {
      const read = canonicalRecurrenceRule(text.replace(/^RRULE:/i, ''));
      if (read.error !== null) ctx.addIssue({ code: 'custom', message: read.error });
      else if (read.rule === null) ctx.addIssue({ code: 'custom', message: required(label) });
      else if (/(^|;)(COUNT|UNTIL)=/.test(read.rule)) ctx.addIssue({ code: 'custom', message: `${label} repeats for the whole term: leave COUNT and UNTIL out.` });
      return read.rule ?? '';
    });
}

/** An ordered list of short lines (a template's tasks): each line filled in and short, no line twice, within the most. */
export function linesOf(label: string, line: { label: string; max: number }, maxLength: number, isRequired: boolean) {
  return z
    .array(requiredText(line.label, maxLength), { error: (issue) => (issue.input == null ? required(label) : `${label} must be a list.`) })
    .max(line.max, `${label} may have at most ${line.max} lines.`)
    .refine((rows) => !isRequired || rows.length > 0, `Add at least one ${line.label.toLowerCase()}.`)
    .refine((rows) => new Set(rows.map((r) => r.trim().toLowerCase())).size === rows.length, `Each ${line.label.toLowerCase()} is listed once.`);
}

function answerSchema(c: ReferenceColumn): z.ZodType {
  switch (c.type) {
    case 'text':
    case 'longText':
      return c.isRequired ? z.string() : z.string().nullable();
    case 'money':
    case 'percent':
    case 'wholeNumber':
      return c.isRequired ? z.number() : z.number().nullable();
    case 'choice':
      return c.isRequired ? z.string() : z.string().nullable();
    case 'reference':
    case 'user':
    case 'itemGlGroup':
      return z.number().nullable();
    case 'recurrenceRule':
      return c.isRequired ? z.string() : z.string().nullable();
    case 'lines':
      return z.array(z.string());
    case 'email':
    case 'phone':
      return z.string().nullable();
    case 'flag':
      return z.boolean();
  }
}

const isActiveField = z.boolean({ error: (issue) => (issue.input === undefined ? required('Active') : 'Active must be true or false.') });

/**
 * The body of adding or changing a row: its columns, and isActive where rows can be retired (new rows are active). A
 * column that belongs to a flag (a truck's technician) is required while the flag is set and refused when it is not,
 * so an id sent for nothing is never passed over unchecked.
 */
export function referenceBodyOf(def: ReferenceListDefinition) {
  const shape: Record<string, z.ZodType> = Object.fromEntries(def.columns.map((c) => [c.field, fieldSchema(c)]));
  if (def.canRetire) shape.isActive = isActiveField.default(true);
  const dependent = def.columns.filter((c) => c.requiredWhen);
  const body = z.object(shape);
  if (dependent.length === 0) return body.meta({ example: def.example });
  return body
    .superRefine((values, ctx) => {
      for (const c of dependent) {
        const flag = def.columns.find((f) => f.field === c.requiredWhen)!;
        const isSet = values[flag.field] === true;
        if (isSet && values[c.field] == null) ctx.addIssue({ code: 'custom', path: [c.field], message: required(c.label) });
        if (!isSet && values[c.field] != null) ctx.addIssue({ code: 'custom', path: [c.field], message: `${c.label} is given only when ${flag.label} is set.` });
      }
    })
    .meta({ example: def.example });
}

/** A row as the list answers it: the id, the columns and isActive where rows can be retired. */
export function referenceRowOf(def: ReferenceListDefinition) {
  const shape: Record<string, z.ZodType> = { id: z.number(), ...Object.fromEntries(def.columns.map((c) => [c.field, answerSchema(c)])) };
  if (def.canRetire) shape.isActive = z.boolean();
  return z.object(shape);
}

/** The path of one row: its id, in digits. */
export function referenceRowParams(def: ReferenceListDefinition) {
  return z.object({ id: idParam(capitalized(def.singular)) });
}

/** What a row looks like to code that handles every list alike: the id, the name, and the other columns by field. */
export interface ReferenceRow {
  id: number;
  name: string;
  isActive?: boolean;
  [field: string]: unknown;
}

/**
 * The users a list's row may name (a truck's technician): inactive ones too, so a row naming one still reads. The item
 * GL groups a standard item may name are answered alike.
 */
export const referenceUserChoices = z.array(z.object({ id: z.number(), name: z.string(), isActive: z.boolean() }));
export type ReferenceUserChoice = z.infer<typeof referenceUserChoices>[number];

/** The answer of deleting a row. */
export const referenceDeletedAnswer = z.object({ id: z.number() }).meta({ example: { id: 12 } });
