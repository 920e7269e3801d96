import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMapPinOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { hasFunctionality, type CustomerLookupRow } from '@sm/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify';
import { useSignedIn } from '../../platform/auth/session-context';
import { bodyOfForm, customerValues, newCustomerValues, validateCustomerForm, type CustomerFormErrors, type CustomerFormValues } from './customer-form';
import { CustomerFormFields, type SetCustomerField } from './customer-form-fields';
import { CustomerLoadError, CustomerNotFound, CustomerSkeleton, useCustomerId } from './customer-page-states';
import { CUSTOMER_PATHS, customerEditPath, customerPath } from './customer-paths';
import { customerQuery, useSaveCustomer } from './customers-api';

/** What the form is opened with after a save whose address could not be placed on the map. */
interface GeocodeState {
  geocodeNotice?: string;
}

interface CustomerFormProps {
  customerId: number | null;
  initial: CustomerFormValues;
  knownBilling: Pick<CustomerLookupRow, 'customerId' | 'name'> | null;
  backTo: string;
}

/** The form itself: checked with the shared schema first (the first error toasted), then saved; then the customer page. */
function CustomerForm({ customerId, initial, knownBilling, backTo }: CustomerFormProps) {
  const { access } = useSignedIn();
  const canSetCredit = hasFunctionality(access, 'Customers', 'Access Customer Credit Limit & OnHold');
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<CustomerFormErrors>({});
  const save = useSaveCustomer();
  const navigate = useNavigate();
  const notice = (useLocation().state as GeocodeState | null)?.geocodeNotice;

  const set: SetCustomerField = (field, value) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCustomerForm(values, canSetCredit);
    setErrors(found);
    const first = Object.values(found).find(Boolean);
    if (first) {
      notifyError(first);
      return;
    }
    save.mutate(
      { customerId, body: bodyOfForm(values, canSetCredit) },
      {
        onSuccess: ({ customerId: id, geocodeNotice }) => {
          if (geocodeNotice) {
            // Saved, but not on the map: the form stays open, saying so, for a GPS to be typed.
            notifyWarning(geocodeNotice);
            void navigate(customerEditPath(id), { state: { geocodeNotice } satisfies GeocodeState, replace: !!customerId });
            return;
          }
          notifySuccess(customerId ? 'Customer saved.' : 'Customer added.');
          void navigate(customerPath(id));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Customer">
      {notice && (
        <Alert color="orange" variant="light" icon={<IconMapPinOff size={18} aria-hidden />} mb="md" role="status" data-testid="geocode-notice">
          {notice}
        </Alert>
      )}
      <CustomerFormFields values={values} errors={errors} set={set} customerId={customerId} knownBilling={knownBilling} canSetCredit={canSetCredit} />
      <Group justify="flex-end" gap="sm" mt="md">
        <Button variant="default" component={Link} to={backTo}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </Group>
    </form>
  );
}

function Frame({ title, subtitle, backTo, backLabel, children }: { title: string; subtitle?: string; backTo: string; backLabel: string; children: ReactNode }) {
  return (
    <Stack gap="md" maw={860} w="100%">
      <Stack gap={2}>
        <Group>
          <Anchor component={Link} to={backTo} size="sm" py={6} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <IconArrowLeft size={16} aria-hidden />
            {backLabel}
          </Anchor>
        </Group>
        <Title order={2}>{title}</Title>
        {subtitle && (
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        )}
      </Stack>
      {children}
    </Stack>
  );
}

/** `/customer/add`, and `/customer/add?billingCustomerId=` for a new service location of a billing customer. */
export function CustomerAddPage() {
  const [params] = useSearchParams();
  const raw = params.get('billingCustomerId') ?? '';
  const billingCustomerId = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const billing = useQuery(customerQuery(billingCustomerId ?? 0));
  const isLocation = billingCustomerId !== null;
  usePageTitle(isLocation ? 'Add Location' : 'Add Customer');
  const backTo = isLocation ? customerPath(billingCustomerId) : CUSTOMER_PATHS.grid;
  if (isLocation && billing.isError) return <CustomerLoadError error={billing.error} />;
  return (
    <Frame
      title={isLocation ? 'Add Location' : 'Add Customer'}
      subtitle={isLocation ? (billing.data ? `A service location billed to ${billing.data.name}.` : undefined) : 'A billing customer, or a service location of one.'}
      backTo={backTo}
      backLabel={isLocation ? (billing.data?.name ?? 'Customer') : 'Customers'}
    >
      {isLocation && billing.isPending ? (
        <CustomerSkeleton label="Loading the billing customer" />
      ) : (
        <CustomerForm
          customerId={null}
          initial={newCustomerValues(billingCustomerId)}
          knownBilling={billing.data ? { customerId: billing.data.customerId, name: billing.data.name } : null}
          backTo={backTo}
        />
      )}
    </Frame>
  );
}

/** `/customer/:customerId/edit`: the same form, filled with the stored customer. */
export function CustomerEditPage() {
  const customerId = useCustomerId();
  const query = useQuery(customerQuery(customerId));
  usePageTitle(query.data ? `Edit ${query.data.name}` : 'Edit Customer');
  if (customerId === 0) return <CustomerNotFound />;
  if (query.isError) return <CustomerLoadError error={query.error} />;
  if (query.isPending) return <CustomerSkeleton />;
  const c = query.data;
  return (
    <Frame title={`Edit ${c.name}`} backTo={customerPath(c.customerId)} backLabel={c.name}>
      <CustomerForm
        customerId={c.customerId}
        initial={customerValues(c)}
        knownBilling={c.billingCustomerId && c.billingCustomerName ? { customerId: c.billingCustomerId, name: c.billingCustomerName } : null}
        backTo={customerPath(c.customerId)}
      />
    </Frame>
  );
}
