import type { ChangeEvent } from 'react';

/**
 * Change handlers that clear a field's sentence as the field changes (it was about what was there before): `edit` for
 * a control handing its value, `text` for a text box handing its event.
 */
export function fieldEdits(clear: (field: string) => void) {
  const edit =
    <T,>(field: string, set: (value: T) => void) =>
    (value: T) => {
      clear(field);
      set(value);
    };
  const text = (field: string, set: (value: string) => void) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => edit(field, set)(e.currentTarget.value);
  return { edit, text };
}
