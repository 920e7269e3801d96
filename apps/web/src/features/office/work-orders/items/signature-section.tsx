import { Button, Image, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { canWrite, formatDateTime, SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from '@sm/shared';
import { Link } from 'react-router';
import { useSignedIn } from '../../../platform/auth/session-context';
import { ItemSection } from './item-section';
import { itemPath } from './items-paths';
import { signatureQuery } from './items-api';

/** The customer's latest signature on the work order, and the way to the sign page. */
export function SignatureSection({ workOrderId, workOrderNumber }: { workOrderId: number; workOrderNumber: string }) {
  const { access } = useSignedIn();
  const query = useQuery(signatureQuery(workOrderId));
  const maySign = canWrite(access, 'Work Orders');
  const signLink = (label: string) =>
    maySign && (
      <Button component={Link} to={itemPath(workOrderNumber, 'sign')} variant="light" leftSection={<IconSignature size={18} />}>
        {label}
      </Button>
    );
  return (
    <ItemSection
      title="Customer Signature"
      query={query}
      actions={query.data ? signLink('Sign Again') : null}
      isEmpty={(s) => s === null}
      emptyText="Not signed yet."
      emptyAction={signLink('Get Signature')}
    >
      {(s) =>
        s && (
          <Stack gap={6} align="flex-start">
            <Image
              src={s.png}
              alt={`Signature of ${s.signerName}`}
              w={SIGNATURE_WIDTH}
              h={SIGNATURE_HEIGHT}
              maw="100%"
              fit="contain"
              radius="sm"
              style={{ border: '1px solid var(--mantine-color-gray-3)', background: '#fff' }}
            />
            <Text size="sm">
              Signed by <b>{s.signerName}</b> on {formatDateTime(s.signedAt)}
            </Text>
            {s.signedByName && (
              <Text size="xs" c="dimmed">
                Taken by {s.signedByName}
              </Text>
            )}
          </Stack>
        )
      }
    </ItemSection>
  );
}
