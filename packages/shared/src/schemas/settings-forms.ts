import { z } from 'zod';
import type { SettingsField, SettingsFormDefinition } from '../settings-form-definitions';
import { idOf, optionalText, required, requiredText } from './common';
import { emailField, phoneField } from './customers';

// The forms' descriptions hold no schema, so the web's route table can read them without loading zod.
export * from '../settings-form-definitions';

const blankToNull = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());

function fieldSchema(f: SettingsField): z.ZodType {
  switch (f.type) {
    case 'text':
    case 'longText':
      return f.isRequired ? requiredText(f.label, f.maxLength) : optionalText(f.label, f.maxLength).nullish().transform(blankToNull);
    case 'email':
      return emailField(f.label);
    case 'phone':
      return phoneField(f.label);
    case 'state':
      return optionalText(f.label, 20)
        .nullish()
        .refine((v) => blankToNull(v) === null || /^[A-Za-z]{2}$/.test(v!.trim()), `${f.label} must be two letters, like TX.`)
        .transform((v) => blankToNull(v)?.toUpperCase() ?? null);
    case 'zip':
      return optionalText(f.label, 20)
        .nullish()
        .refine((v) => blankToNull(v) === null || /^\d{5}(-\d{4})?$/.test(v!.trim()), `${f.label} must be 5 digits or 5+4 digits, like 75201 or 75201-1234.`)
        .transform(blankToNull);
    case 'choice': {
      const values = (f.choices ?? []).map((o) => o.value);
      const sentence = `${f.label} must be one of ${values.join(', ')}.`;
      const choice = z.string({ error: (issue) => (issue.input == null ? required(f.label) : sentence) }).refine((v) => values.includes(v), sentence);
      return f.isRequired ? choice : choice.nullish();
    }
    case 'reference':
      return f.isRequired ? idOf(f.label) : idOf(f.label).nullish().transform((v) => v ?? null);
    case 'boolean': {
      const sentence = `${f.label} must be true or false.`;
      const flag = z.boolean({ error: (issue) => (issue.input == null ? required(f.label) : sentence) });
      return f.isRequired ? flag : flag.nullish();
    }
  }
}

function answerSchema(f: SettingsField): z.ZodType {
  switch (f.type) {
    case 'reference':
      return f.isRequired ? z.number() : z.number().nullable();
    case 'boolean':
      return f.isRequired ? z.boolean() : z.boolean().nullable();
    default:
      return f.isRequired && !f.isReadOnly ? z.string() : z.string().nullable();
  }
}

/** The body of saving a form: every field but the read-only ones; unknown fields are refused. */
export function settingsFormBodyOf(def: SettingsFormDefinition) {
  const shape = Object.fromEntries(def.fields.filter((f) => !f.isReadOnly).map((f) => [f.field, fieldSchema(f)]));
  return z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? `${issue.keys.join(', ')} cannot be set on this form.` : 'The form must be a JSON object.') }).meta({ example: def.example });
}

/** The form as it reads: every field, read-only ones too, with the company's values or the defaults. */
export function settingsFormAnswerOf(def: SettingsFormDefinition) {
  return z.object(Object.fromEntries(def.fields.map((f) => [f.field, answerSchema(f)])));
}

export type SettingsValues = Record<string, string | number | boolean | null>;
