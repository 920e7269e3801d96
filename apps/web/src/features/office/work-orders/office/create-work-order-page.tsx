import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { newWorkOrderBody, type CustomerLookupRow } from '@sm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../../components/use-page-title';
import { notifySuccess } from '../../../../lib/notify';
import { CustomerPicker } from '../../customers/customer-picker';
import { customerLookupQuery } from '../../customers/customers-api';
import { workOrderEditPath } from '../edit/work-order-paths';
import { useSchemaForm } from '../../../../lib/schema-form';
import { createWorkOrder, OFFICE_KEY } from './office-api';
import { WORK_ORDER_OFFICE_PATHS } from './office-paths';
import { EMPTY_HEADER, headerBody, HeaderFields, TechniciansSelect, type HeaderValues } from './work-order-fields';

/** A whole number from `?customerId=`, or null. */
function customerIdOf(text: string | null): number | null {
  return text && /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/** Whom the chosen customer's work is billed to, and a warning when it (or its billing customer) is on credit hold. */
function BillingFacts({ customer }: { customer: CustomerLookupRow }) {
  const billedTo = customer.billingCustomerId ? (customer.billingCustomerName ?? 'its billing customer') : `${customer.name} (bills itself)`;
  return (
    <Stack gap="xs">
      <Text size="sm">
        <Text span c="dimmed">
          Billed to:{' '}
        </Text>
        <Text span fw={600} data-testid="billing-customer">
          {billedTo}
        </Text>
      </Text>
      {customer.isOnCreditHold && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Credit hold" role="alert">
          This customer is on credit hold: the work order will be created in status Credit Hold.
        </Alert>
      )}
    </Stack>
  );
}

/**
 * `/workOrder/create` (`?customerId=` chooses the customer): the customer, found by name, address or phone, with whom
 * it is billed to and a credit-hold warning; the problem and terms; the technicians. Saved, it opens the new work order.
 */
export default function CreateWorkOrderPage() {
  usePageTitle('New Work Order');
  const [params] = useSearchParams();
  const [customerId, setCustomerId] = useState<number | null>(() => customerIdOf(params.get('customerId')));
  const [values, setValues] = useState<HeaderValues>(EMPTY_HEADER);
  const [technicianIds, setTechnicianIds] = useState<string[]>([]);
  const form = useSchemaForm(newWorkOrderBody);
  const navigate = useNavigate();
  const client = useQueryClient();
  const chosen = useQuery({ ...customerLookupQuery({ customerId: customerId ?? undefined, take: 1 }), enabled: customerId !== null });
  const customer = chosen.data?.find((c) => c.customerId === customerId) ?? null;
  const save = useMutation({
    mutationFn: createWorkOrder,
    onSuccess: async ({ workOrderNumber }) => {
      await client.invalidateQueries({ queryKey: OFFICE_KEY });
      notifySuccess(`Work order ${workOrderNumber} created.`);
      void navigate(workOrderEditPath(workOrderNumber));
    },
  });

  const set = <K extends keyof HeaderValues>(field: K, value: HeaderValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clear(field);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check({ customerId: customerId ?? undefined, ...headerBody(values), technicianIds: technicianIds.map(Number) });
    if (body) save.mutate(body);
  };

  return (
    <Stack gap="md" maw={820} w="100%">
      <Stack gap={2}>
        <Group>
          <Anchor component={Link} to={WORK_ORDER_OFFICE_PATHS.all} size="sm" py={6} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <IconArrowLeft size={16} aria-hidden />
            All Work Orders
          </Anchor>
        </Group>
        <Title order={2}>New Work Order</Title>
      </Stack>
      <form onSubmit={submit} noValidate aria-label="New work order">
        <Stack gap="md">
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <CustomerPicker
                label="Customer"
                required
                value={customerId}
                onChange={(id) => {
                  setCustomerId(id);
                  form.clear('customerId');
                }}
                known={customer}
                error={form.errors.customerId}
              />
              {customerId !== null && chosen.isPending && (
                <Text size="sm" c="dimmed">
                  Loading the customer...
                </Text>
              )}
              {customerId !== null && chosen.isError && (
                <Text size="sm" c="red">
                  The customer could not be loaded: {chosen.error.message}
                </Text>
              )}
              {customer && <BillingFacts customer={customer} />}
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <HeaderFields values={values} errors={form.errors} set={set} />
              <TechniciansSelect value={technicianIds} onChange={setTechnicianIds} error={form.errors.technicianIds} />
            </Stack>
          </Paper>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to={WORK_ORDER_OFFICE_PATHS.all}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Create Work Order
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
