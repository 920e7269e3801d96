import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PAY_RAISE_REQUEST, satisfies } from '@sm/shared';
import { useState } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { PayRaiseFacts } from './pay-raise-parts';
import { payRaisesQuery } from './pay-raises-api';
import { RequestRaiseDialog } from './request-raise-dialog';

/**
 * `/payroll/payRaises`: the raises the caller has to do with, newest first (every one for payroll, those asked for
 * otherwise), with pay figures only for those who may see pay. Managers ask for a raise from here.
 */
export default function PayRaisesPage() {
  usePageTitle('Pay Raises');
  const { access } = useSignedIn();
  const mayRequest = satisfies(access, PAY_RAISE_REQUEST);
  const raises = useQuery(payRaisesQuery);
  const [isRequesting, setRequesting] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Pay Raises</Title>
          <Text size="sm" c="dimmed">
            A raise is asked for by a manager, approved by payroll and signed by the employee.
          </Text>
        </Stack>
        {mayRequest && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setRequesting(true)}>
            Request Pay Raise
          </Button>
        )}
      </Group>
      {raises.isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" role="status" aria-label="Loading pay raises" />
        </Group>
      ) : raises.isError ? (
        <Alert color="red" role="alert">
          {raises.error.message}
        </Alert>
      ) : raises.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No pay raises yet.{mayRequest ? ' Request one for a member of your staff.' : ''}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Pay raises">
          {raises.data.map((r) => (
            <Paper key={r.payRaiseRequestedId} withBorder radius="md" p="md" component="li" aria-label={`Pay raise for ${r.employeeName}`}>
              <PayRaiseFacts raise={r} />
            </Paper>
          ))}
        </Stack>
      )}
      {isRequesting && <RequestRaiseDialog onClose={() => setRequesting(false)} />}
    </Stack>
  );
}
