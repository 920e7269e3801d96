import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useChangeStatus } from './use-change-status';
import { currentUserStatusQuery, userStatusesQuery } from './user-status-api';

/** The header's work-status picker (spec platform 4.2) with a refresh of the list and the current status. */
export function WorkStatusPicker() {
  const queryClient = useQueryClient();
  const statuses = useQuery(userStatusesQuery);
  const current = useQuery(currentUserStatusQuery);
  const change = useChangeStatus();

  const options = useMemo(
    () =>
      (statuses.data ?? []).map((s) => ({
        value: String(s.userStatusId),
        label: s.userStatus,
        disabled: s.isDisabled,
      })),
    [statuses.data],
  );

  const onChange = (value: string | null) => {
    const chosen = statuses.data?.find((s) => String(s.userStatusId) === value);
    if (chosen && chosen.userStatusId !== current.data?.userStatusId) change.mutate(chosen);
  };

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: userStatusesQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: currentUserStatusQuery.queryKey });
  };

  const currentId = current.data?.userStatusId;
  const description = current.data?.description;
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={description} disabled={!description} withinPortal>
        <Select
          aria-label="Work status"
          placeholder={current.isPending ? 'Loading…' : 'Set status'}
          data={options}
          value={currentId != null ? String(currentId) : null}
          onChange={onChange}
          allowDeselect={false}
          disabled={change.isPending || statuses.isPending}
          size="xs"
          w={{ base: 130, sm: 170 }}
          comboboxProps={{ withinPortal: true, width: 200, position: 'bottom-end' }}
          data-testid="work-status"
        />
      </Tooltip>
      <Tooltip label="Refresh status">
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={refresh}
          aria-label="Refresh status list"
          loading={statuses.isFetching || current.isFetching}
          visibleFrom="xs"
        >
          <IconRefresh size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
