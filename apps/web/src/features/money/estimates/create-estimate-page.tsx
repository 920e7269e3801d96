import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFilePlus } from '@tabler/icons-react';
import { estimateBody } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { customerLookupQuery } from '../../office/customers/customers-api';
import { useSchemaForm } from '../../../lib/schema-form';
import { EMPTY_HEADER, EstimateFields, headerBody, type HeaderValues } from './estimate-fields';
import { useCreateEstimate } from './estimates-api';
import { ESTIMATES_PATHS, estimateViewPath } from './estimates-paths';

/** A whole number from `?customerId=`, or null. */
function customerIdOf(text: string | null): number | null {
  return text && /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/**
 * `/estimates/add` (`?customerId=` chooses the customer): the customer, found by name, address or phone; what the
 * estimate offers and until when. Saved, it opens the new estimate to add its lines.
 */
export default function CreateEstimatePage() {
  usePageTitle('New Estimate');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [values, setValues] = useState<HeaderValues>(() => ({ ...EMPTY_HEADER, customerId: customerIdOf(params.get('customerId')) }));
  const form = useSchemaForm(estimateBody);
  const create = useCreateEstimate();
  const chosen = useQuery({ ...customerLookupQuery({ customerId: values.customerId ?? undefined, take: 1 }), enabled: values.customerId !== null });
  const customer = chosen.data?.find((c) => c.customerId === values.customerId) ?? null;

  const set = <K extends keyof HeaderValues>(field: K, value: HeaderValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clear(field);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check(headerBody(values));
    if (!body) return;
    create.mutate(body, {
      onSuccess: (e) => {
        notifySuccess(`Estimate ${e.estimateNumber} created.`);
        void navigate(estimateViewPath(e.customerEstimateId));
      },
    });
  };

  return (
    <Stack gap="md" maw={760} w="100%">
      <Stack gap={2}>
        <Group>
          <Anchor component={Link} to={ESTIMATES_PATHS.root} size="sm" py={6} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <IconArrowLeft size={16} aria-hidden />
            Estimates
          </Anchor>
        </Group>
        <Title order={2}>New Estimate</Title>
        <Text size="sm" c="dimmed">
          Lines are added on the next page, once the estimate has its number.
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate aria-label="New estimate">
        <Stack gap="md">
          <EstimateFields values={values} set={set} errors={form.errors} knownCustomer={customer} />
          {values.customerId !== null && chosen.isError && (
            <Text size="sm" c="red">
              The customer could not be loaded: {chosen.error.message}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to={ESTIMATES_PATHS.root}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} leftSection={<IconFilePlus size={18} />}>
              Create Estimate
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
