import { Group, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useReturnFocus } from '../../../components/use-return-focus';
import { PHONE_QUERY } from '../../../lib/media';

/** Whether the screen is phone-sized (dialogs then take the whole screen); read at once so a phone never paints a desktop dialog first. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
}

interface ClockModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Desktop width; the spec's dialogs are at least 450 wide. */
  size?: number | string;
}

/** A clock dialog: centred on a desktop, full screen on a phone. */
export function ClockModal({ opened, onClose, title, children, size = 520 }: ClockModalProps) {
  const isPhone = useIsPhone();
  useReturnFocus();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={isPhone}
      centered={!isPhone}
      radius={isPhone ? 0 : 'md'}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {children}
    </Modal>
  );
}

/**
 * The dialog's buttons, kept in view at the bottom while a long form scrolls. On a phone they stack at full width,
 * the main action (the last child) on top.
 */
export function ClockModalFooter({ children }: { children: ReactNode }) {
  const isPhone = useIsPhone();
  return (
    <Group
      justify="flex-end"
      gap="sm"
      pt="sm"
      pb="md"
      mb="calc(var(--mantine-spacing-md) * -1)"
      wrap="nowrap"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 1,
        background: 'var(--mantine-color-body)',
        borderTop: '1px solid var(--mantine-color-gray-3)',
        ...(isPhone ? { flexDirection: 'column-reverse', alignItems: 'stretch', gap: 'var(--mantine-spacing-xs)' } : {}),
      }}
    >
      {children}
    </Group>
  );
}
