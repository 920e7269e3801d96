import { Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { ADMINISTRATION_PATH } from './administration-paths';

/** One setting of a settings page, in its own form with its own Save. */
export function SettingForm({ title, description, children, onSubmit, isSaving, mayEdit }: {
  title: string; description: string; children: ReactNode; onSubmit: (e: FormEvent) => void; isSaving: boolean; mayEdit: boolean;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="form" onSubmit={onSubmit} noValidate aria-label={title}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={3} size="h4">{title}</Title>
          <Text size="sm" c="dimmed">{description}</Text>
        </Stack>
        {children}
        {mayEdit && (
          <Group justify="flex-end">
            <Button type="submit" loading={isSaving}>Save</Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Breadcrumbs back to the administration index. */
export function AdministrationCrumbs({ title }: { title: string }) {
  return (
    <Breadcrumbs>
      <Anchor component={Link} to={ADMINISTRATION_PATH} size="sm">Administration</Anchor>
      <Text size="sm">{title}</Text>
    </Breadcrumbs>
  );
}
