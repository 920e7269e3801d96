import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type AuditEntry, formatDateTime, ROLES } from '@sm/shared';
import { LoadFailed } from '../../../components/table-states';
import { userHistoryQuery } from './users-admin-api';

const ACTIONS: Record<string, string> = {
  invite: 'Invited',
  update: 'Details changed',
  resendInvitation: 'Invitation sent again',
  acceptInvitation: 'Invitation accepted, password chosen',
  resetPassword: 'Password reset',
  deactivate: 'Deactivated',
  reactivate: 'Reactivated',
};

const FIELDS: Record<string, string> = { name: 'Name', email: 'Email', phone: 'Phone', jobTitleId: 'Job title', roleIds: 'Roles' };
const ROLE_NAMES = new Map<number, string>(ROLES.map((r) => [r.roleId, r.roleName]));

/** "Roles: Technician → Technician, Team Leader" for each field an edit changed (a job title by its change only). */
function changesOf(entry: AuditEntry): string[] {
  if (entry.action !== 'update') return [];
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  return Object.keys(FIELDS)
    .filter((field) => field in after && JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map((field) => {
      if (field === 'jobTitleId') return `${FIELDS[field]} changed`;
      const shown = (v: unknown) =>
        v === null || v === undefined || v === '' ? 'none' : Array.isArray(v) ? v.map((id) => ROLE_NAMES.get(Number(id)) ?? String(id)).join(', ') : String(v as string);
      return `${FIELDS[field]}: ${shown(before[field])} → ${shown(after[field])}`;
    });
}

/** A user's history, newest first: invitation, edits, deactivations and passwords set, with who and when. */
export function UserHistory({ userId }: { userId: number }) {
  const history = useQuery(userHistoryQuery(userId));
  const entries = [...(history.data ?? [])].reverse();
  return (
    <Stack gap="xs" component="section" aria-labelledby="user-history-title">
      <Title order={3} size="h4" id="user-history-title">
        History
      </Title>
      {history.isError ? (
        <LoadFailed title="The history could not be loaded" error={history.error} onRetry={() => void history.refetch()} />
      ) : history.isPending ? (
        <Skeleton height={60} radius="md" />
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No changes recorded.
        </Text>
      ) : (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="User history">
          {entries.map((entry) => (
            <Paper key={entry.auditId} component="li" withBorder radius="md" p="sm" data-action={entry.action}>
              <Text size="sm" fw={600}>
                {ACTIONS[entry.action] ?? entry.action}
              </Text>
              <Text size="xs" c="dimmed">
                {entry.changedBy ?? 'Unknown'} · {formatDateTime(entry.changedAt)}
              </Text>
              {changesOf(entry).map((line) => (
                <Text key={line} size="xs" mt={2} style={{ overflowWrap: 'anywhere' }}>
                  {line}
                </Text>
              ))}
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
