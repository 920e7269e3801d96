import { Badge, NavLink, Paper, ScrollArea, Select, Text } from '@mantine/core';
import type { RoleSummary } from '@sm/shared';

interface RoleListProps {
  roles: RoleSummary[];
  selectedId: number | null;
  onSelect: (roleId: number) => void;
}

const users = (n: number) => `${n} ${n === 1 ? 'user' : 'users'}`;

/** The company's roles; choosing one shows its matrix. A list on wide screens, a picker on a phone. */
export function RoleList({ roles, selectedId, onSelect }: RoleListProps) {
  return (
    <>
      <Select
        hiddenFrom="md"
        label="Role"
        data={roles.map((r) => ({ value: String(r.roleId), label: `${r.roleName} (${users(r.userCount)})` }))}
        value={selectedId === null ? null : String(selectedId)}
        onChange={(v) => v && onSelect(Number(v))}
        allowDeselect={false}
        searchable
      />
      <Paper withBorder p={4} visibleFrom="md">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={6} id="roles-heading">
          Roles
        </Text>
        <ScrollArea.Autosize mah="calc(100vh - 220px)" type="auto">
          <nav aria-labelledby="roles-heading">
            {roles.map((role) => (
              <NavLink
                key={role.roleId}
                component="button"
                type="button"
                label={role.roleName}
                description={users(role.userCount)}
                active={role.roleId === selectedId}
                aria-current={role.roleId === selectedId ? 'true' : undefined}
                rightSection={role.isAll ? <Badge size="xs" variant="light">All</Badge> : undefined}
                onClick={() => onSelect(role.roleId)}
              />
            ))}
          </nav>
        </ScrollArea.Autosize>
      </Paper>
    </>
  );
}
