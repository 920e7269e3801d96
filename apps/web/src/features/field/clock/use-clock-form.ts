import { useCallback, useState } from 'react';
import { notifyError } from '../../../lib/notify';
import { firstError, type FieldErrors } from './clock-form';

/**
 * The state of a clock dialog: values, field errors, a setter that clears the field's error, and `check`, which
 * shows every field's error and the first one as an error toast (spec clock 5) and answers whether all passed.
 */
export function useClockForm<V extends object>(initial: () => V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});

  const setField = useCallback(<K extends keyof V>(field: K, value: V[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }, []);

  const check = useCallback((found: FieldErrors<V>): boolean => {
    setErrors(found);
    const first = firstError(found);
    if (first) notifyError(first);
    return first === null;
  }, []);

  return { values, errors, setField, check };
}

export type ClockForm<V extends object> = ReturnType<typeof useClockForm<V>>;
