/** When a movement or a request happened, short, in the browser's own time zone. */
export const dateTimeText = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });
