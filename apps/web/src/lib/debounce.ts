import { useDebouncedValue } from '@mantine/hooks';
import { AUTOCOMPLETE_DEBOUNCE_MS, FORM_DEBOUNCE_MS } from '@sm/shared';

/**
 * A form's values a moment after typing pauses (clock 9: 300 ms): what a form checks or previews as it is typed,
 * so the server is asked once per pause, not once per key.
 */
export function useFormDebounce<T>(value: T): T {
  return useDebouncedValue(value, FORM_DEBOUNCE_MS)[0];
}

/** What a search box or an asynchronous select asks the server for, once typing pauses (platform 9, clock 9: 400 ms). */
export function useSearchDebounce<T>(value: T): T {
  return useDebouncedValue(value, AUTOCOMPLETE_DEBOUNCE_MS)[0];
}
