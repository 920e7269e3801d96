import { Alert, Badge, Button, Group, List, Modal, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { formatCurrency, formatDate, pmContractDecisionBody, type PortalEquipment, type PortalPmContract } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schema-form';
import { useDecidePortalPmContract, usePortalEquipment, usePortalPmContracts } from './customer-portal-api';
import { PortalList } from './portal-list';

const COLOURS: Record<PortalPmContract['status'], string> = { 'Waiting for your answer': 'yellow', Expired: 'gray', Approved: 'green', Declined: 'red', Cancelled: 'gray' };
type Decision = 'Approved' | 'Declined';

/** The answer to a contract: the dialog is the confirmation; a name to approve, and a comment too to decline. */
function DecisionDialog({ base, contract, decision, contactName, onClose }: { base: string; contract: PortalPmContract; decision: Decision; contactName: string; onClose: () => void }) {
  const [approverName, setApproverName] = useState(contactName);
  const [comment, setComment] = useState('');
  const { errors, clear, check } = useSchemaForm(pmContractDecisionBody);
  const decide = useDecidePortalPmContract(base);
  const isApproval = decision === 'Approved';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ decision, approverName, comment: comment.trim() || null });
    if (body) decide.mutate({ pmContractId: contract.pmContractId, body }, { onSuccess: () => (notifySuccess(`Contract "${contract.name}" ${isApproval ? 'approved. Thank you!' : 'declined.'}`), onClose()) });
  };
  return (
    <Modal opened onClose={onClose} title={`${isApproval ? 'Approve' : 'Decline'} "${contract.name}"`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {isApproval
              ? `You approve ${formatCurrency(contract.price)} per ${contract.priceBasis} from ${formatDate(contract.startsOn)} to ${formatDate(contract.endsOn)}; visits are then planned.`
              : 'Tell us why you decline this contract, so we can answer or offer another.'}
          </Text>
          <TextInput label="Your Name" withAsterisk maxLength={100} value={approverName} onChange={(e) => (setApproverName(e.currentTarget.value), clear('approverName'))} error={errors.approverName} />
          <Textarea label="Comment" withAsterisk={!isApproval} autosize minRows={isApproval ? 2 : 3} maxLength={1000} value={comment} onChange={(e) => (setComment(e.currentTarget.value), clear('comment'))} error={errors.comment} />
          {decide.isError && <Alert color="red" role="alert">{decide.error.message}</Alert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" color={isApproval ? 'green' : 'red'} loading={decide.isPending} leftSection={isApproval ? <IconCheck size={16} /> : <IconX size={16} />}>
              {isApproval ? 'Approve contract' : 'Decline contract'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ContractCard({ base, contract, contactName }: { base: string; contract: PortalPmContract; contactName: string }) {
  const [deciding, setDeciding] = useState<Decision | null>(null);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Contract ${contract.name}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>{contract.name}</Text>
        <Badge variant="light" color={COLOURS[contract.status]} tt="none" style={{ flexShrink: 0 }}>{contract.status}</Badge>
      </Group>
      <Text size="xs" c="dimmed">{contract.location.name}</Text>
      <Text size="sm" mt={6}>
        {formatCurrency(contract.price)} per {contract.priceBasis}{contract.frequencyName ? ` · ${contract.frequencyName} visits` : ''}
      </Text>
      <Text size="sm">
        {formatDate(contract.startsOn)} to {formatDate(contract.endsOn)}{contract.renewsAutomatically ? ', renews automatically' : ''}
      </Text>
      {contract.equipment.length > 0 && (
        <List size="sm" mt={6} spacing={2} aria-label="Equipment covered">
          {contract.equipment.map((e) => (
            <List.Item key={e.name}>
              {e.name}
              {e.tasks.length > 0 && <Text span size="xs" c="dimmed">{` · ${e.tasks.join(', ')}`}</Text>}
            </List.Item>
          ))}
        </List>
      )}
      {contract.approverName && contract.decidedAt && (
        <Text size="xs" c="dimmed" mt={6}>{contract.status} by {contract.approverName} on {formatDate(contract.decidedAt)}</Text>
      )}
      {contract.status === 'Expired' && <Text size="xs" c="dimmed" mt={6}>The time to answer ran out. Ask us to send it again.</Text>}
      {contract.isWaiting && (
        <Group mt="sm" gap="sm" grow>
          <Button variant="default" color="red" leftSection={<IconX size={16} />} onClick={() => setDeciding('Declined')}>Decline</Button>
          <Button color="green" leftSection={<IconCheck size={16} />} onClick={() => setDeciding('Approved')}>Approve</Button>
        </Group>
      )}
      {deciding && <DecisionDialog base={base} contract={contract} decision={deciding} contactName={contactName} onClose={() => setDeciding(null)} />}
    </Paper>
  );
}

function EquipmentCard({ piece }: { piece: PortalEquipment }) {
  const makeModel = [piece.make, piece.model].filter(Boolean).join(' ');
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Equipment ${piece.name}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>{piece.name}</Text>
        <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>{piece.category}</Badge>
      </Group>
      <Text size="xs" c="dimmed">{piece.location.name}</Text>
      {(makeModel || piece.serialNumber) && (
        <Text size="sm" mt={6} style={{ overflowWrap: 'anywhere' }}>
          {makeModel}{makeModel && piece.serialNumber ? ' · ' : ''}{piece.serialNumber ? `Serial ${piece.serialNumber}` : ''}
        </Text>
      )}
      {(piece.installedOn || piece.warrantyEndsOn) && (
        <Text size="xs" c="dimmed" mt={4}>
          {piece.installedOn ? `Installed ${formatDate(piece.installedOn)}` : ''}{piece.installedOn && piece.warrantyEndsOn ? ' · ' : ''}
          {piece.warrantyEndsOn ? `Warranty until ${formatDate(piece.warrantyEndsOn)}` : ''}
        </Text>
      )}
    </Paper>
  );
}

/** The portal's equipment tab: the maintenance contracts (those waiting for an answer first), then the equipment. */
export function PortalMaintenance({ base, contactName }: { base: string; contactName: string }) {
  const contracts = usePortalPmContracts(base);
  const equipment = usePortalEquipment(base);
  return (
    <Stack gap="lg">
      <Stack gap="sm" component="section" aria-labelledby="portal-contracts">
        <Title order={2} size="h4" id="portal-contracts">Maintenance contracts</Title>
        <PortalList query={contracts} label="maintenance contracts" empty="No maintenance contracts yet.">
          {(rows) => rows.map((c) => <ContractCard key={c.pmContractId} base={base} contract={c} contactName={contactName} />)}
        </PortalList>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="portal-equipment">
        <Title order={2} size="h4" id="portal-equipment">Equipment</Title>
        <PortalList query={equipment} label="equipment" empty="No equipment on record yet.">
          {(rows) => rows.map((p) => <EquipmentCard key={p.equipmentId} piece={p} />)}
        </PortalList>
      </Stack>
    </Stack>
  );
}
