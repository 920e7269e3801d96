import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { notifyError } from './notify';

/** One sentence per field that failed, keyed by field name. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * The add pages check what was typed with the same shared schema the server validates with, so a person reads the
 * same sentence either way. Answers the parsed body, or the errors with the first one toasted (spec platform 5.5:
 * the first error is shown).
 */
export function useSchemaForm<S extends z.ZodType>(schema: S) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const clear = useCallback((field: string) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e)), []);
  const check = useCallback(
    (values: unknown): z.output<S> | null => {
      const parsed = schema.safeParse(values);
      if (parsed.success) {
        setErrors({});
        return parsed.data;
      }
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        found[field] ??= issue.message;
      }
      setErrors(found);
      notifyError(parsed.error.issues[0].message);
      return null;
    },
    [schema],
  );
  /** A rule the schema cannot see alone (the Toll's amount): shows the sentence on the field and in a toast. */
  const fail = useCallback((field: string, message: string) => {
    setErrors({ [field]: message });
    notifyError(message);
  }, []);
  return { errors, clear, check, fail };
}

/** A Mantine number box's value as the number a body carries: empty is "not given". */
export function numberOrUndefined(value: number | string): number | undefined {
  if (value === '' || value === '-') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}
