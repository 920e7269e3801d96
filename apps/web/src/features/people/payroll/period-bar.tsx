import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { addDays, formatDateTime, type PayPeriod } from '@sm/shared';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../../components/table-states';

/** "Nov 1 – Nov 14, 2026", or with both years when the period runs into the next. */
export function periodText(p: { startsOn: string; endsOn: string }) {
  const [from, to] = [dayjs(p.startsOn), dayjs(p.endsOn)];
  return `${from.format(from.year() === to.year() ? 'MMM D' : 'MMM D, YYYY')} – ${to.format('MMM D, YYYY')}`;
}

/** The period shown, with the previous and next one a press away, and whether it is open, over or locked. */
export function PeriodBar({ period, onDate, children }: { period: PayPeriod; onDate: (date: string) => void; children?: ReactNode }) {
  return (
    <Group gap="sm" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <Tooltip label="Previous pay period">
          <ActionIcon variant="default" size="lg" aria-label="Previous pay period" onClick={() => onDate(addDays(period.startsOn, -1))}>
            <IconChevronLeft size={18} />
          </ActionIcon>
        </Tooltip>
        <div>
          <Text fw={600} data-testid="pay-period">
            {periodText(period)}
          </Text>
          <Text size="xs" c="dimmed">
            {period.payFrequency} pay period {period.index} of {period.year}
          </Text>
        </div>
        <Tooltip label="Next pay period">
          <ActionIcon variant="default" size="lg" aria-label="Next pay period" onClick={() => onDate(addDays(period.endsOn, 1))}>
            <IconChevronRight size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <PeriodBadge period={period} />
      {children && (
        <Group gap="xs" ml="auto">
          {children}
        </Group>
      )}
    </Group>
  );
}

export function PeriodBadge({ period }: { period: PayPeriod }) {
  if (period.lockedAt) {
    return (
      <Tooltip label={`Locked by ${period.lockedByName} on ${formatDateTime(period.lockedAt)}`}>
        <Badge color="gray" variant="filled">
          Locked
        </Badge>
      </Tooltip>
    );
  }
  return period.hasEnded ? (
    <Badge color="orange" variant="light">
      Over, not locked
    </Badge>
  ) : (
    <Badge color="teal" variant="light">
      Open
    </Badge>
  );
}

/**
 * A period that could not be read (a date no financial pay period holds, or a failed call), with the way back to
 * today's period when another was asked for.
 */
export function PeriodFailed({ title, error, date, onDate, onRetry }: { title: string; error: Error; date: string | null; onDate: (date: string | null) => void; onRetry: () => void }) {
  return (
    <Stack gap="sm">
      <LoadFailed title={title} error={error} onRetry={onRetry} />
      {date && (
        <Button variant="default" w="fit-content" onClick={() => onDate(null)}>
          Today&apos;s pay period
        </Button>
      )}
    </Stack>
  );
}
