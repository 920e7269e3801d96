import { z } from 'zod';
import { moneyOf } from '../helpers/money';
import { capitalized, type ReferenceColumn, type ReferenceListDefinition } from '../reference-list-definitions';
import { idOf, idParam, optionalText, required, requiredText } from './common';
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
      return c.isRequired ? idOf(c.label) : idOf(c.label).nullable();
  }
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
      return z.number().nullable();
  }
}

const isActiveField = z.boolean({ error: (issue) => (issue.input === undefined ? required('Active') : 'Active must be true or false.') });

/** The body of adding or changing a row: its columns, and isActive where rows can be retired (new rows are active). */
export function referenceBodyOf(def: ReferenceListDefinition) {
  const shape: Record<string, z.ZodType> = Object.fromEntries(def.columns.map((c) => [c.field, fieldSchema(c)]));
  if (def.canRetire) shape.isActive = isActiveField.default(true);
  return z.object(shape).meta({ example: def.example });
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

/** The answer of deleting a row. */
export const referenceDeletedAnswer = z.object({ id: z.number() }).meta({ example: { id: 12 } });
