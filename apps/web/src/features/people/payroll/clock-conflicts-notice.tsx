import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CONFLICT_STATES, RequestConflict } from '@sm/shared';
import { Link } from 'react-router';
import { apiGet } from '../../../lib/api';
import { PAYROLL_KEY } from './payroll-api';

export type ConflictState = (typeof CONFLICT_STATES)[number];
export const CLOCK_CONFLICTS_PATH = '/payroll/clockConflicts';
/** Timesheets, the page the conflicts hang under. */
export const TIMESHEETS_PATH = '/payroll';

/** Clock actions sent late from a phone that the server refused, by state. */
export const conflictsQuery = (state: ConflictState) =>
  queryOptions({
    queryKey: [...PAYROLL_KEY, 'clockConflicts', state],
    queryFn: ({ signal }) => apiGet<RequestConflict[]>('WOStartStop/conflicts', { signal, query: { state } }),
    staleTime: 0,
  });

/** On the timesheets page, when any clock action sent late waits for the office: how many, and where to resolve them. */
export function ClockConflictsNotice() {
  const open = useQuery(conflictsQuery('open'));
  const count = open.data?.length ?? 0;
  if (count === 0) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle />} title={`${count} clock ${count === 1 ? 'action' : 'actions'} sent late could not be recorded`}>
      <Text size="sm">
        A technician did them without signal, and they met a conflict when they arrived.{' '}
        <Anchor component={Link} to={CLOCK_CONFLICTS_PATH}>
          Review clock conflicts
        </Anchor>
      </Text>
    </Alert>
  );
}
