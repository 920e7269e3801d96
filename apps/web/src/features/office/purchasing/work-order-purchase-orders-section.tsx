import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { PURCHASE_ORDERS_READ, PURCHASE_ORDERS_WRITE, satisfies } from '@sm/shared';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/table-states';
import { useSignedIn } from '../../platform/auth/session-context';
import { PurchaseOrderList } from './purchase-order-list';
import { newPurchaseOrderPath } from './purchase-order-paths';
import { useWorkOrderPurchaseOrders } from './purchase-orders-api';

/** A work order's "Purchase orders" section, for readers of Purchase Orders: its orders and "Order parts" for it. */
export function WorkOrderPurchaseOrdersSection({ workOrder }: { workOrder: { workOrderId: number } }) {
  const { access } = useSignedIn();
  const mayRead = satisfies(access, PURCHASE_ORDERS_READ);
  const mayWrite = satisfies(access, PURCHASE_ORDERS_WRITE);
  const list = useWorkOrderPurchaseOrders(workOrder.workOrderId, mayRead);
  if (!mayRead) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="purchase-orders-title" data-testid="purchase-orders-section">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" id="purchase-orders-title">
            Purchase orders
          </Title>
          {mayWrite && (
            <Button size="sm" variant="light" leftSection={<IconShoppingCartPlus size={16} />} component={Link} to={newPurchaseOrderPath(workOrder.workOrderId)}>
              Order parts
            </Button>
          )}
        </Group>
        {list.isError ? (
          <LoadFailed title="The purchase orders could not be read" error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data && list.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No parts ordered for this work order.
          </Text>
        ) : (
          <PurchaseOrderList rows={list.data} isLoading={list.isPending} showWorkOrder={false} />
        )}
      </Stack>
    </Paper>
  );
}
