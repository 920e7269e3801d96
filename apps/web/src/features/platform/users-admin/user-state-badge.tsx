import { Badge } from '@mantine/core';
import type { UserState } from '@sm/shared';

const COLORS: Record<UserState, string> = { Active: 'teal', Invited: 'blue', Inactive: 'gray' };

/** Where a user stands: Active, Invited (no password chosen yet) or Inactive. */
export function UserStateBadge({ state }: { state: UserState }) {
  return (
    <Badge variant="light" color={COLORS[state]} tt="none">
      {state}
    </Badge>
  );
}
