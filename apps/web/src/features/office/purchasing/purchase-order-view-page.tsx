import { Anchor, Badge, Button, Card, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileTypePdf, IconMail, IconPackageImport, IconPencil, IconX } from '@tabler/icons-react';
import { formatCurrency, isPurchaseOrderEditable, PURCHASE_ORDERS_WRITE, satisfies, type PurchaseOrder, type PurchaseOrderLine } from '@sm/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { confirm } from '../../../components/confirm';
import { ErrorPanel } from '../../../components/error-panel';
import { StackedFact } from '../../../components/stacked-fact';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/api';
import { PHONE_QUERY } from '../../../lib/media';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { BackOrderDialog, CloseDialog, ReceiveDialog } from './purchase-order-dialogs';
import { PurchaseOrderEmailDialog, viewPurchaseOrderPdf } from './purchase-order-email-dialog';
import { editPurchaseOrderPath } from './purchase-order-paths';
import { PartName, PurchaseOrderStatusBadge } from './purchase-order-status';
import { useCancelPurchaseOrder, usePurchaseOrder } from './purchase-orders-api';

const workOrderPath = (n: string) => `/workOrder/${encodeURIComponent(n)}/edit`;

function BackOrdered({ line }: { line: PurchaseOrderLine }) {
  if (line.backOrdered === 0) return <>—</>;
  return (
    <Badge variant="light" color="orange" tt="none">
      {line.backOrdered} back ordered{line.backOrderExpectedOn ? `, expected ${line.backOrderExpectedOn}` : ''}
    </Badge>
  );
}

/** The lines with ordered, received, outstanding and back ordered quantities; a table, or cards on a phone. */
function Lines({ po, onBackOrder }: { po: PurchaseOrder; onBackOrder: ((l: PurchaseOrderLine) => void) | null }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const action = (l: PurchaseOrderLine) =>
    onBackOrder && l.outstanding > 0 ? (
      <Button size="compact-sm" variant="subtle" onClick={() => onBackOrder(l)} aria-label={`Back order line ${l.lineNumber}`}>
        Back order
      </Button>
    ) : null;
  if (isPhone) {
    return (
      <Stack gap="xs" role="list" aria-label="Lines">
        {po.lines.map((l) => (
          <Card key={l.lineId} withBorder padding="sm" role="listitem">
            <Stack gap={4}>
              <PartName line={{ ...l, description: `${l.lineNumber}. ${l.description}` }} strong />
              <Text size="sm">
                Ordered {l.quantity} × {formatCurrency(l.unitCost)} = {formatCurrency(l.lineTotal)}
              </Text>
              <Text size="sm">
                Received {l.received} · Outstanding {l.outstanding}
              </Text>
              {(l.backOrdered > 0 || action(l)) && (
                <Group justify="space-between">
                  {l.backOrdered > 0 ? <BackOrdered line={l} /> : <span />}
                  {action(l)}
                </Group>
              )}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label="Lines" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Part</Table.Th>
            <Table.Th ta="right">Ordered</Table.Th>
            <Table.Th ta="right">Unit Cost</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Received</Table.Th>
            <Table.Th ta="right">Outstanding</Table.Th>
            <Table.Th>Back Ordered</Table.Th>
            {onBackOrder && <Table.Th aria-label="Actions" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {po.lines.map((l) => (
            <Table.Tr key={l.lineId}>
              <Table.Td>{l.lineNumber}</Table.Td>
              <Table.Td>
                <PartName line={l} />
              </Table.Td>
              <Table.Td ta="right">{l.quantity}</Table.Td>
              <Table.Td ta="right">{formatCurrency(l.unitCost)}</Table.Td>
              <Table.Td ta="right">{formatCurrency(l.lineTotal)}</Table.Td>
              <Table.Td ta="right">{l.received}</Table.Td>
              <Table.Td ta="right">{l.outstanding}</Table.Td>
              <Table.Td>
                <BackOrdered line={l} />
              </Table.Td>
              {onBackOrder && <Table.Td>{action(l)}</Table.Td>}
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td colSpan={4} ta="right" fw={600}>
              Total
            </Table.Td>
            <Table.Td ta="right" fw={600}>
              {formatCurrency(po.total)}
            </Table.Td>
            <Table.Td colSpan={onBackOrder ? 4 : 3} />
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Actions({ po, onOpen }: { po: PurchaseOrder; onOpen: (d: 'email' | 'receive' | 'close') => void }) {
  const cancel = useCancelPurchaseOrder(po.purchaseOrderId);
  const mayWrite = satisfies(useSignedIn().access, PURCHASE_ORDERS_WRITE);
  const isEditable = isPurchaseOrderEditable(po.status);
  const isDone = po.status === 'closed' || po.status === 'canceled';
  const nothingReceived = po.lines.every((l) => l.received === 0);
  const askCancel = async () => {
    if (!(await confirm({ title: 'Cancel purchase order', message: `Cancel purchase order ${po.number}? The vendor is not told by this.`, confirmLabel: 'Yes, cancel it', cancelLabel: 'No', danger: true }))) return;
    cancel.mutate(undefined, { onSuccess: () => notifySuccess(`Purchase order ${po.number} is canceled.`) });
  };
  return (
    <Group gap="xs">
      <Button variant="default" leftSection={<IconFileTypePdf size={16} />} onClick={() => void viewPurchaseOrderPdf(po)}>
        PDF
      </Button>
      {mayWrite && isEditable && (
        <Button variant="light" leftSection={<IconPencil size={16} />} component={Link} to={editPurchaseOrderPath(po.purchaseOrderId)}>
          Edit
        </Button>
      )}
      {mayWrite && !isDone && (
        <Button variant="light" leftSection={<IconMail size={16} />} onClick={() => onOpen('email')}>
          Send
        </Button>
      )}
      {mayWrite && isEditable && (
        <Button leftSection={<IconPackageImport size={16} />} onClick={() => onOpen('receive')}>
          Receive
        </Button>
      )}
      {mayWrite && !isDone && (
        <Button variant="light" color="gray" onClick={() => onOpen('close')}>
          Close
        </Button>
      )}
      {mayWrite && !isDone && nothingReceived && (
        <Button variant="subtle" color="red" leftSection={<IconX size={16} />} onClick={() => void askCancel()} loading={cancel.isPending}>
          Cancel Order
        </Button>
      )}
    </Group>
  );
}

function PurchaseOrderView({ po }: { po: PurchaseOrder }) {
  usePageTitle(`Purchase Order ${po.number}`);
  const mayWrite = satisfies(useSignedIn().access, PURCHASE_ORDERS_WRITE);
  const [dialog, setDialog] = useState<'email' | 'receive' | 'close' | null>(null);
  const [backOrderLine, setBackOrderLine] = useState<PurchaseOrderLine | null>(null);
  const close = () => setDialog(null);
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm">
          <Title order={2}>Purchase Order {po.number}</Title>
          <span data-testid="purchase-order-status">
            <PurchaseOrderStatusBadge status={po.status} />
          </span>
        </Group>
        <Actions po={po} onOpen={setDialog} />
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <StackedFact label="Vendor">
            <Text size="sm">{po.vendorName}</Text>
            {po.vendorEmail && (
              <Text size="xs" c="dimmed">
                {po.vendorEmail}
              </Text>
            )}
          </StackedFact>
          <StackedFact label="Ship To">
            <Text size="sm">{po.shipToName ?? '—'}</Text>
            {po.shipToAddress && (
              <Text size="xs" c="dimmed">
                {po.shipToAddress}
              </Text>
            )}
          </StackedFact>
          <StackedFact label="Work Order">
            {po.workOrderNumber ? (
              <>
                <Anchor component={Link} to={workOrderPath(po.workOrderNumber)} size="sm">
                  {po.workOrderNumber}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {po.customerName} · <span data-testid="work-order-status">{po.workOrderStatus}</span>
                </Text>
              </>
            ) : (
              <Text size="sm">—</Text>
            )}
          </StackedFact>
          <StackedFact label="Dates">
            <Text size="sm">Created {po.createdAt.slice(0, 10)}</Text>
            <Text size="xs" c="dimmed">
              {po.expectedOn ? `Expected ${po.expectedOn}` : 'No expected date'}
              {po.sentAt ? ` · sent ${po.sentAt.slice(0, 10)}` : ''}
            </Text>
          </StackedFact>
        </SimpleGrid>
        {po.notes && (
          <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-line' }}>
            {po.notes}
          </Text>
        )}
      </Paper>
      <Title order={3} size="h4">
        Lines
      </Title>
      <Lines po={po} onBackOrder={mayWrite && isPurchaseOrderEditable(po.status) ? setBackOrderLine : null} />
      {po.receipts.length > 0 && (
        <>
          <Title order={3} size="h4">
            Receipts
          </Title>
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Receipts">
            {po.receipts.map((r) => {
              const line = po.lines.find((l) => l.lineId === r.lineId);
              return (
                <Text key={r.receiptId} size="sm" component="li">
                  {r.receivedAt.slice(0, 10)}: {r.quantity} of {line?.description ?? 'a line'} into {r.warehouseName}
                  {r.receivedByName ? `, by ${r.receivedByName}` : ''}
                </Text>
              );
            })}
          </Stack>
        </>
      )}
      <PurchaseOrderEmailDialog po={po} opened={dialog === 'email'} onClose={close} />
      <ReceiveDialog po={po} opened={dialog === 'receive'} onClose={close} />
      <CloseDialog po={po} opened={dialog === 'close'} onClose={close} />
      <BackOrderDialog po={po} line={backOrderLine} onClose={() => setBackOrderLine(null)} />
    </Stack>
  );
}

/** `/purchaseOrders/{id}`: one purchase order, its lines and receipts, and what can be done with it. */
export default function PurchaseOrderViewPage() {
  const { purchaseOrderId = '' } = useParams();
  const id = /^\d+$/.test(purchaseOrderId) ? Number(purchaseOrderId) : null;
  const query = usePurchaseOrder(id);
  if (id === null || (query.error instanceof ApiError && query.error.status === 404)) return <ErrorPanel title="Purchase order not found" message="It does not exist, or is not one of your company's." />;
  if (query.isError) return <ErrorPanel title="The purchase order could not be read" message={query.error.message} />;
  if (query.isPending) return <Loader role="status" aria-label="Loading the purchase order" />;
  return <PurchaseOrderView po={query.data} />;
}
