import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

export interface ConfirmOptions {
  title?: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Paint the confirm button red for destructive actions. */
  danger?: boolean;
}

/**
 * The generic confirmation dialog of spec platform 2.6 ('Please Confirm' / 'Are You Sure?', Yes/No,
 * 500 wide). Resolves true on Yes, false on No, Escape or closing.
 */
export function confirm(options: ConfirmOptions = {}): Promise<boolean> {
  // A question asked from a menu item gives the focus back to the menu's button when answered: the item is gone by then.
  const menu = document.activeElement?.closest('[role="menu"]');
  const menuButtonId = menu?.getAttribute('aria-labelledby');
  if (menuButtonId) document.getElementById(menuButtonId)?.focus();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title: options.title ?? 'Please Confirm',
      size: 500,
      centered: true,
      styles: { content: { minHeight: 200, display: 'flex', flexDirection: 'column' }, body: { flex: 1 } },
      children: typeof options.message === 'string' || options.message === undefined
        ? <Text size="sm">{options.message ?? 'Are You Sure?'}</Text>
        : options.message,
      labels: { confirm: options.confirmLabel ?? 'Yes', cancel: options.cancelLabel ?? 'No' },
      confirmProps: options.danger ? { color: 'red' } : undefined,
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}
