import { Button, Group, Paper, Select, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { hasFunctionality, satisfies, type WorkOrderSale } from '@sm/shared';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { useSalesItems, useSalesPeople, useSetWorkOrderSale, useWorkOrderSale } from './sales-api';

function SaleForm({ sale, maySell, mayCommission }: { sale: WorkOrderSale; maySell: boolean; mayCommission: boolean }) {
  const people = useSalesPeople(maySell);
  const items = useSalesItems();
  const save = useSetWorkOrderSale();
  const [salesPersonId, setPerson] = useState(sale.salesPerson?.id ?? null);
  const [salesItemId, setItem] = useState(sale.salesItem?.id ?? null);
  const [isCommissionable, setCommissionable] = useState(sale.isCommissionable);
  const withKnown = (rows: { id: number; name: string }[] | undefined, known: { id: number; name: string } | null) =>
    [...(rows ?? []), ...(known && !(rows ?? []).some((r) => r.id === known.id) ? [known] : [])].map((r) => ({ value: String(r.id), label: r.name }));
  const changed = salesPersonId !== (sale.salesPerson?.id ?? null) || salesItemId !== (sale.salesItem?.id ?? null) || isCommissionable !== sale.isCommissionable;
  const submit = () =>
    save.mutate(
      { workOrderId: sale.workOrderId, body: { ...(maySell ? { salesPersonId, salesItemId } : {}), ...(mayCommission ? { isCommissionable } : {}) } },
      { onSuccess: () => notifySuccess(`The sale of work order ${sale.workOrderNumber} is saved.`) },
    );
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label="Sales person" placeholder="The billing customer's" clearable searchable disabled={!maySell} w={{ base: '100%', xs: 230 }} data={withKnown(people.data, sale.salesPerson)}
          value={salesPersonId ? String(salesPersonId) : null} onChange={(v) => setPerson(v ? Number(v) : null)} />
        <Select label="Sales item" placeholder="None" clearable searchable disabled={!maySell} w={{ base: '100%', xs: 230 }} data={withKnown(items.data?.filter((i) => i.isActive), sale.salesItem)}
          value={salesItemId ? String(salesItemId) : null} onChange={(v) => setItem(v ? Number(v) : null)} />
        <Switch label="Commissionable" disabled={!mayCommission} checked={isCommissionable} onChange={(e) => setCommissionable(e.currentTarget.checked)} mb={8} />
        <Button variant="light" disabled={!changed} loading={save.isPending} onClick={submit}>Save sale</Button>
      </Group>
      <Text size="xs" c="dimmed">The invoice pays its commissions from these when it is submitted; an invoice already submitted keeps its own.</Text>
    </Stack>
  );
}

/**
 * Who sold a work order, what was sold and whether it earns commissions, for whoever may change them (Change
 * SalesPerson, Change Commissionable, with Work Orders write).
 */
export function WorkOrderSaleSection({ workOrderId }: { workOrderId: number }) {
  const { access } = useSignedIn();
  const mayWrite = satisfies(access, { kind: 'area', area: 'Work Orders', level: 'write' });
  const maySell = mayWrite && hasFunctionality(access, 'Customers', 'Change SalesPerson');
  const mayCommission = mayWrite && hasFunctionality(access, 'Customers', 'Change Commissionable');
  const sale = useWorkOrderSale(workOrderId, maySell || mayCommission);
  if (!maySell && !mayCommission) return null;
  return (
    <Paper withBorder p="md" component="section" aria-label="Sale">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb="xs">Sale</Text>
      {sale.isPending ? <Skeleton height={56} /> : sale.isError ? <Text size="sm" c="red">{sale.error.message}</Text> : <SaleForm key={JSON.stringify(sale.data)} sale={sale.data} maySell={maySell} mayCommission={mayCommission} />}
    </Paper>
  );
}
