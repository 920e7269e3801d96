import { Button, Group, Modal, Text } from '@mantine/core';
import { UNAUTHORIZED_ACCESS_TEXT } from '@sm/shared';
import { useEffect, useState } from 'react';
import { onApiEvent } from '../../../lib/api-events';
import { useSession } from './session-context';

/**
 * The Unauthorized Access dialog (spec platform 2.6, 6.2): opens when the server answers 403; OK removes the
 * token, and the route guard takes the user to /login.
 */
export function UnauthorizedDialog() {
  const { status, signOut } = useSession();
  const [opened, setOpened] = useState(false);

  useEffect(() => onApiEvent('forbidden', () => setOpened(true)), []);

  const acknowledge = () => {
    setOpened(false);
    signOut();
  };

  return (
    <Modal
      opened={opened && status !== 'signedOut'}
      onClose={acknowledge}
      title="Unauthorized Access"
      centered
      size={500}
      closeOnClickOutside={false}
    >
      <Text size="sm">{UNAUTHORIZED_ACCESS_TEXT}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={acknowledge} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
