import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { satisfies } from '@sm/shared';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/table-states';
import { useSignedIn } from '../../platform/auth/session-context';
import { Section } from '../customers/customer-sections';
import { PmContractList } from './pm-contract-list';
import { newPmContractPath } from './pm-contract-paths';
import { PM_CONTRACT_REQUIREMENT } from './pm-contracts-areas';
import { usePmContracts } from './pm-contracts-api';

/** The customer page's preventive-maintenance contracts at the location, for those who read them, with "New contract" for those who write them. */
export function PmContractsSection({ customerId }: { customerId: number }) {
  const { access } = useSignedIn();
  if (!satisfies(access, PM_CONTRACT_REQUIREMENT)) return null;
  return <Contracts customerId={customerId} canWrite={satisfies(access, { kind: 'area', area: 'PM Lists', level: 'write' })} />;
}

function Contracts({ customerId, canWrite }: { customerId: number; canWrite: boolean }) {
  const list = usePmContracts({ customerId, take: 100 });
  const action = canWrite ? (
    <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} component={Link} to={newPmContractPath(customerId)}>
      New contract
    </Button>
  ) : undefined;
  const count = list.data ? ` (${list.data.total})` : '';
  return (
    <Section title={`PM Contracts${count}`} action={action}>
      {list.isError ? (
        <LoadFailed title="The contracts could not be read" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No preventive-maintenance contract at this location.
        </Text>
      ) : (
        <PmContractList rows={list.data?.data} isLoading={list.isPending} showLocation={false} />
      )}
    </Section>
  );
}
