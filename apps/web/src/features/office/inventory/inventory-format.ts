import { formatDateTime } from '@sm/shared';

/** When a movement or a request happened, short, in the browser's own time zone. */
export const dateTimeText = (iso: string) => formatDateTime(iso);
