/** An instant as notices and request histories show it: "Nov 26, 2026, 11:13 AM", on the browser's clock. */
export const whenText = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
