import { Button, Group, Loader, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatCurrency, formatDate, type VendorCredit } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { confirm } from '../../../components/confirm';
import { LoadFailed } from '../../../components/table-states';
import { useIsPhone } from '../../field/clock/clock-modal';
import { useApplyVendorCredit, useCancelVendorCredit, useCreditPurchaseOrders, useMatchVendorCredit, useVendorCredit } from './vendor-credits-api';
import { VendorCreditStatusBadge } from './vendor-credit-status';

const quantityText = (q: number) => q.toLocaleString('en-US', { maximumFractionDigits: 3 });

function Lines({ credit }: { credit: VendorCredit }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped withTableBorder verticalSpacing="xs" aria-label="Lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Part</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Unit Cost</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {credit.lines.map((l) => (
            <Table.Tr key={l.vendorCreditLineId} data-testid="vendor-credit-line">
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm" fw={500}>
                  {l.description}
                </Text>
                {l.partNumber && (
                  <Text size="xs" c="dimmed">
                    {l.partNumber}
                    {l.materialId != null ? ' · returned from a work order' : ''}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{quantityText(l.quantity)}</Table.Td>
              <Table.Td ta="right">{formatCurrency(l.unitCost)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatCurrency(l.lineTotal)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Match PO, Apply (with the vendor's reference) and Cancel, for an open credit. */
function Actions({ credit }: { credit: VendorCredit }) {
  const isPhone = useIsPhone();
  const orders = useCreditPurchaseOrders(credit.vendorCreditId, true);
  const match = useMatchVendorCredit(credit.vendorCreditId);
  const apply = useApplyVendorCredit(credit.vendorCreditId);
  const cancel = useCancelVendorCredit(credit.vendorCreditId);
  const [reference, setReference] = useState('');
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const onApply = (e: FormEvent) => {
    e.preventDefault();
    if (!reference.trim()) return setReferenceError('Credit Memo Reference field is required!');
    apply.mutate(reference.trim());
  };
  const onCancel = async () => {
    if (await confirm({ message: `Cancel the credit of ${credit.vendorName} for ${formatCurrency(credit.amount)}? It can no longer be applied.`, danger: true, confirmLabel: 'Yes, cancel it', cancelLabel: 'Keep it' })) {
      cancel.mutate(undefined);
    }
  };
  return (
    <Stack gap="md">
      <Select
        label="Match PO"
        description={`Purchase orders of ${credit.vendorName}`}
        placeholder={orders.isPending ? 'Loading...' : 'No purchase order'}
        clearable
        data={(orders.data ?? []).map((p) => ({ value: String(p.purchaseOrderId), label: `PO ${p.number} · ${formatDate(p.createdAt)}` }))}
        value={credit.purchaseOrderId == null ? null : String(credit.purchaseOrderId)}
        onChange={(v) => match.mutate(v ? Number(v) : null)}
        disabled={match.isPending}
        nothingFoundMessage="No purchase order of this vendor"
        comboboxProps={{ withinPortal: true }}
      />
      <form onSubmit={onApply} aria-label="Apply vendor credit">
        <Group align="flex-end" gap="sm" wrap={isPhone ? 'wrap' : 'nowrap'}>
          <TextInput
            label="Credit Memo Reference"
            description="The vendor's credit memo number"
            withAsterisk
            value={reference}
            onChange={(e) => {
              setReference(e.currentTarget.value);
              setReferenceError(null);
            }}
            error={referenceError}
            style={{ flex: '1 1 200px' }}
          />
          <Button type="submit" loading={apply.isPending}>
            Apply
          </Button>
        </Group>
      </form>
      <Group justify="flex-end">
        <Button variant="subtle" color="red" onClick={() => void onCancel()} loading={cancel.isPending}>
          Cancel credit
        </Button>
      </Group>
    </Stack>
  );
}

/** One vendor credit: its vendor, purchase order, work order, lines and amount; the actions while it is open. */
export default function VendorCreditDetail({ vendorCreditId, canWrite, onClose }: { vendorCreditId: number; canWrite: boolean; onClose: () => void }) {
  const isPhone = useIsPhone();
  const query = useVendorCredit(vendorCreditId);
  const credit = query.data;
  return (
    <Modal opened onClose={onClose} title={`Vendor credit ${vendorCreditId}`} size="xl" fullScreen={isPhone}>
      {query.isPending ? (
        <Group justify="center" p="lg" role="status" aria-label="Loading vendor credit">
          <Loader />
        </Group>
      ) : query.isError ? (
        <LoadFailed title="The vendor credit could not be read" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        credit && (
          <Stack gap="md" data-testid="vendor-credit-detail">
            <Group justify="space-between" align="flex-start">
              <Stack gap={2}>
                <Text fw={700} size="lg">
                  {credit.vendorName}
                </Text>
                <Text size="sm" c="dimmed">
                  {[credit.purchaseOrderNumber != null && `PO ${credit.purchaseOrderNumber}`, credit.workOrderNumber && `WO ${credit.workOrderNumber}`, credit.createdBy && `opened by ${credit.createdBy}`]
                    .filter(Boolean)
                    .join(' · ') || 'Not matched to a purchase order'}
                </Text>
                {credit.notes && <Text size="sm">{credit.notes}</Text>}
              </Stack>
              <Stack gap={4} align="flex-end">
                <VendorCreditStatusBadge status={credit.status} />
                <Text fw={700} size="lg" data-testid="vendor-credit-amount">
                  {formatCurrency(credit.amount)}
                </Text>
              </Stack>
            </Group>
            <Lines credit={credit} />
            {credit.status === 'applied' && (
              <Text size="sm">
                Applied with credit memo <b>{credit.vendorReference}</b>
                {credit.appliedBy ? ` by ${credit.appliedBy}` : ''}
                {credit.appliedAt ? ` on ${formatDate(credit.appliedAt)}` : ''}.
              </Text>
            )}
            {credit.status === 'open' && canWrite && <Actions credit={credit} />}
          </Stack>
        )
      )}
    </Modal>
  );
}
