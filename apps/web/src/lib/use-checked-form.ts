import { useCallback, useState } from 'react';
import type { ZodType } from 'zod';
import { notifyError } from './notify';

/**
 * A form's values and each field's sentence, checked with the shared schema the server validates with, so a person
 * reads the same sentence either way. Changing a field clears its sentence; `check` answers the schema's data, or null
 * after showing each field's first sentence and toasting the first of all.
 */
export function useCheckedForm<V extends Record<string, unknown>>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = useCallback((field: string, value: unknown) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: '' } : e));
  }, []);
  const check = <T>(schema: ZodType<T>, body: unknown): T | null => {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) found[String(issue.path[0] ?? '')] ??= issue.message;
    setErrors(found);
    notifyError(parsed.error.issues[0].message);
    return null;
  };
  /** The sentence of a field, if it has one. */
  const errorOf = (field: string): string | undefined => errors[field] || undefined;
  return { values, setValues, set, check, errorOf };
}
