import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ADMINISTRATION_PATH } from '../../platform/administration/administration-paths';

interface HeadingProps {
  title: string;
  description: string;
  /** The page's actions, beside its title (below it when the screen is narrow). */
  children?: ReactNode;
}

/** An SOP page's title, what it shows, and its actions. */
export function SopPageHeading({ title, description, children }: HeadingProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Stack gap={2} miw={0}>
        <Title order={2}>{title}</Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </Stack>
      {children}
    </Group>
  );
}

/** The top of an office SOP page: the way back to the administration index, then its heading. */
export function SopPageHeader(props: HeadingProps) {
  return (
    <>
      <Breadcrumbs>
        <Anchor component={Link} to={ADMINISTRATION_PATH} size="sm">
          Administration
        </Anchor>
        <Text size="sm">{props.title}</Text>
      </Breadcrumbs>
      <SopPageHeading {...props} />
    </>
  );
}
