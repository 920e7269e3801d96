import { Anchor, Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of the pages opened before signing in: the product's name, a title, the page, and a way to sign in. */
export function PublicFrame({ title, subtitle, width = 400, children, signInLink = true }: { title: string; subtitle?: string; width?: number; children: ReactNode; signInLink?: boolean }) {
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md" w="100%" maw={width}>
        <Stack gap="md">
          <Box>
            <Text c="brand.7" fw={700}>
              Service Managed
            </Text>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Box>
          {children}
          {signInLink && (
            <Text size="sm" ta="center">
              Already have an account?{' '}
              <Anchor component={Link} to="/login">
                Sign in
              </Anchor>
            </Text>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
