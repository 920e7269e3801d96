import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPlugConnected } from '@tabler/icons-react';

/**
 * Save and Test connection under a connection form to an outside system (a work-order network, the accounting
 * system). Testing uses what is stored, so it waits until the form is saved, and says so.
 */
export function ConnectionFormButtons({ isSaving, isTesting, canTest, isConfigured, onTest }: { isSaving: boolean; isTesting: boolean; canTest: boolean; isConfigured: boolean; onTest: () => void }) {
  return (
    <Group gap="sm">
      <Button type="submit" loading={isSaving}>
        Save
      </Button>
      <Button variant="default" leftSection={<IconPlugConnected size={18} />} onClick={onTest} loading={isTesting} disabled={!canTest}>
        Test connection
      </Button>
      {!canTest && (
        <Text size="sm" c="dimmed">
          {isConfigured ? 'Save the changes to test them.' : 'Save the connection to test it.'}
        </Text>
      )}
    </Group>
  );
}

/** What Test connection found: that it works, or the server's sentence saying why not. */
export function ConnectionTestResult({ answer }: { answer: { ok: boolean; message: string } | undefined }) {
  if (!answer) return null;
  return (
    <Alert
      role="status"
      color={answer.ok ? 'teal' : 'red'}
      icon={answer.ok ? <IconCircleCheck size={20} /> : <IconAlertTriangle size={20} />}
      title={answer.ok ? 'Connection works' : 'Connection failed'}
      data-testid="connection-test-result"
    >
      {answer.message}
    </Alert>
  );
}
