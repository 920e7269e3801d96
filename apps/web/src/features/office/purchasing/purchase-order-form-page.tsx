import { Alert, Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UpdatePurchaseOrderInput, PurchaseOrder } from '@sm/shared';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorPanel } from '../../../components/error-panel';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { numberOrUndefined } from '../../../lib/schema-form';
import { AsyncSearchSelect } from '../../field/scheduling/async-search-select';
import { emptyLine, PurchaseOrderLinesEditor, type LineDraft } from './purchase-order-lines-editor';
import { purchaseOrderPath } from './purchase-order-paths';
import { purchaseOrderWorkOrdersQuery, usePurchaseOrder, usePurchaseOrderChoices, useSavePurchaseOrder } from './purchase-orders-api';

const draftOf = (po: PurchaseOrder): LineDraft[] =>
  po.lines.map((l) => ({
    key: `line-${l.lineId}`, lineId: l.lineId, itemId: l.itemId, itemLabel: l.description, partNumber: l.partNumber ?? '', description: l.description, quantity: l.quantity, unitCost: l.unitCost,
    received: l.received,
  }));

/** The first rule the form breaks, as the server would word it, or null. */
function firstProblem(vendorId: string | null, lines: LineDraft[]): string | null {
  if (!vendorId) return 'Vendor field is required!';
  if (lines.length === 0) return 'A purchase order needs at least one line.';
  for (const [i, l] of lines.entries()) {
    if (!l.description.trim()) return `Line ${i + 1}: Description field is required!`;
    if (l.quantity === '' || Number(l.quantity) <= 0) return `Line ${i + 1}: Quantity must be more than 0.`;
  }
  return null;
}

/** The form of a new purchase order, or of one being changed. */
function PurchaseOrderForm({ existing, workOrderId: presetWorkOrderId }: { existing: PurchaseOrder | null; workOrderId: number | null }) {
  const navigate = useNavigate();
  const choices = usePurchaseOrderChoices();
  const save = useSavePurchaseOrder();
  const defaultShipTo = choices.data?.shipToAddresses.find((s) => s.isDefault)?.id ?? null;
  const [vendorId, setVendorId] = useState<string | null>(existing ? String(existing.vendorId) : null);
  const [shipTo, setShipTo] = useState<string | null | undefined>(existing ? (existing.shipToAddressId == null ? null : String(existing.shipToAddressId)) : undefined);
  const [workOrderId, setWorkOrderId] = useState<number | null>(existing ? existing.workOrderId : presetWorkOrderId);
  const [expectedOn, setExpectedOn] = useState(existing?.expectedOn ?? '');
  const [notes, setNotes] = useState(existing?.notes ?? '');
  const [lines, setLines] = useState<LineDraft[]>(existing ? draftOf(existing) : [emptyLine()]);
  const [problem, setProblem] = useState<string | null>(null);
  // Until chosen, the ship-to is the company's default one.
  const shipToValue = shipTo === undefined ? (defaultShipTo == null ? null : String(defaultShipTo)) : shipTo;

  const submit = () => {
    const found = firstProblem(vendorId, lines);
    setProblem(found);
    if (found) return;
    const body: UpdatePurchaseOrderInput = {
      vendorId: Number(vendorId),
      shipToAddressId: shipToValue ? Number(shipToValue) : null,
      workOrderId,
      expectedOn: expectedOn || null,
      notes: notes.trim() || null,
      lines: lines.map((l) => ({
        lineId: l.lineId,
        itemId: l.itemId,
        partNumber: l.partNumber.trim() || null,
        description: l.description.trim(),
        quantity: numberOrUndefined(l.quantity) ?? 0,
        unitCost: numberOrUndefined(l.unitCost) ?? null,
      })),
    };
    save.mutate(
      { id: existing?.purchaseOrderId ?? null, body },
      {
        onSuccess: (po) => {
          notifySuccess(existing ? `Purchase order ${po.number} is saved.` : `Purchase order ${po.number} is created.`);
          void navigate(purchaseOrderPath(po.purchaseOrderId));
        },
      },
    );
  };

  if (choices.isError) return <ErrorPanel title="The vendors and addresses could not be read" message={choices.error.message} />;
  if (choices.isPending) return <Loader role="status" aria-label="Loading the form" />;
  const vendors = choices.data.vendors.map((v) => ({ value: String(v.id), label: v.name }));
  if (existing && !vendors.some((v) => v.value === String(existing.vendorId))) vendors.push({ value: String(existing.vendorId), label: existing.vendorName });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select label="Vendor" withAsterisk searchable data={vendors} value={vendorId} onChange={setVendorId} nothingFoundMessage="No Options" />
            <Select
              label="Ship To"
              clearable
              data={choices.data.shipToAddresses.map((s) => ({ value: String(s.id), label: `${s.name}${s.address ? ` · ${s.address}` : ''}` }))}
              value={shipToValue}
              onChange={setShipTo}
            />
            <AsyncSearchSelect
              label="Work Order"
              placeholder="Search by number, customer or problem"
              value={workOrderId}
              onChange={setWorkOrderId}
              queryOf={(search) => purchaseOrderWorkOrdersQuery({ search, workOrderId })}
              idOf={(w) => w.workOrderId}
              labelOf={(w) => `${w.workOrderNumber} · ${w.customerName}`}
              detailOf={(w) => w.problem ?? undefined}
              detailLines={1}
              known={existing?.workOrderId ? { workOrderId: existing.workOrderId, workOrderNumber: existing.workOrderNumber ?? '', customerName: existing.customerName ?? '', problem: null as string | null } : null}
            />
            <TextInput type="date" label="Expected Date" value={expectedOn} onChange={(e) => setExpectedOn(e.currentTarget.value)} />
          </SimpleGrid>
          <Textarea mt="sm" label="Notes" autosize maxLength={2000} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
        </Paper>
        <Title order={3} size="h4">
          Lines
        </Title>
        <PurchaseOrderLinesEditor lines={lines} onChange={setLines} />
        {problem && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void (existing ? navigate(purchaseOrderPath(existing.purchaseOrderId)) : navigate(-1))}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {existing ? 'Save' : 'Create Purchase Order'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/purchaseOrders/new` (with `?workOrderId=` from a work order's "Order parts") and `/purchaseOrders/{id}/edit`. */
export default function PurchaseOrderFormPage() {
  const { purchaseOrderId } = useParams();
  const [params] = useSearchParams();
  const id = purchaseOrderId ? Number(purchaseOrderId) : null;
  const existing = usePurchaseOrder(id);
  usePageTitle(id ? 'Edit Purchase Order' : 'New Purchase Order');
  const presetWorkOrderId = Number(params.get('workOrderId')) || null;
  return (
    <Stack gap="md" maw={1000}>
      <Stack gap={2}>
        <Title order={2}>{id ? `Edit Purchase Order ${existing.data?.number ?? ''}` : 'New Purchase Order'}</Title>
        <Text size="sm" c="dimmed">
          Stocked parts take their part number, description and cost from the item; type a description for anything else.
        </Text>
      </Stack>
      {id == null ? (
        <PurchaseOrderForm existing={null} workOrderId={presetWorkOrderId} />
      ) : existing.isError ? (
        <ErrorPanel title="The purchase order could not be read" message={existing.error.message} />
      ) : existing.isPending ? (
        <Loader role="status" aria-label="Loading the purchase order" />
      ) : (
        <PurchaseOrderForm existing={existing.data} workOrderId={null} />
      )}
    </Stack>
  );
}
