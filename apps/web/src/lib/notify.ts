import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** How long a toast stays unless it is persistent. */
export const TOAST_AUTO_CLOSE_MS = 5000;

export interface NotifyOptions {
  title?: string;
  /** Keep the toast until the user closes it (spec platform 8: start/stop errors). */
  persistent?: boolean;
}

type Kind = 'success' | 'error' | 'warning' | 'info';

const COLORS: Record<Kind, string> = { success: 'teal', error: 'red', warning: 'orange', info: 'brand' };
const TITLES: Record<Kind, string> = { success: 'Success', error: 'Error', warning: 'Warning', info: 'Information' };

function show(kind: Kind, message: ReactNode, options: NotifyOptions = {}): string {
  return notifications.show({
    color: COLORS[kind],
    title: options.title ?? TITLES[kind],
    message,
    autoClose: options.persistent ? false : TOAST_AUTO_CLOSE_MS,
    withBorder: true,
    // The message under a title is dimmed by default (3.3:1 on white); a darker grey keeps it above 4.5:1 (WCAG AA).
    styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    closeButtonProps: { 'aria-label': 'Close notification' },
    'data-kind': kind,
  });
}

/** Shows a green toast: something the user asked for was done. */
export function notifySuccess(message: ReactNode, options?: NotifyOptions): string {
  return show('success', message, options);
}

/** Shows a red toast with the sentence of a failure. */
export function notifyError(message: ReactNode, options?: NotifyOptions): string {
  return show('error', message, options);
}

/** Shows an orange toast: the user should pay attention. */
export function notifyWarning(message: ReactNode, options?: NotifyOptions): string {
  return show('warning', message, options);
}

/** Shows a neutral toast. */
export function notifyInfo(message: ReactNode, options?: NotifyOptions): string {
  return show('info', message, options);
}
