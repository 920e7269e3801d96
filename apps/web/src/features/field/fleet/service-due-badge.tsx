import { Badge } from '@mantine/core';
import type { ServiceDueState } from '@sm/shared';

const LOOK: Record<ServiceDueState, { color: string; label: string; short: string }> = {
  ok: { color: 'green', label: 'Service OK', short: 'OK' },
  dueSoon: { color: 'yellow', label: 'Service due soon', short: 'Due soon' },
  due: { color: 'red', label: 'Service due', short: 'Due' },
};

/**
 * Whether a vehicle is due for service, by date or mileage, as a coloured badge with words (never colour alone);
 * `isShort` under a "Service due" heading.
 */
export function ServiceDueBadge({ state, isShort = false }: { state: ServiceDueState; isShort?: boolean }) {
  const { color, label: long, short } = LOOK[state];
  const label = isShort ? short : long;
  return (
    <Badge color={color} variant={state === 'ok' ? 'light' : 'filled'} c={state === 'dueSoon' ? 'dark' : undefined}>
      {label}
    </Badge>
  );
}
