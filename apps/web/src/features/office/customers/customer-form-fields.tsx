import { Grid, Group, MultiSelect, NumberInput, Paper, SegmentedControl, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CUSTOMER_NOTES_MAX, formatPhone, GPS_MESSAGE, isValidPhone, parseLatLng, PROVIDER_INVOICE_DAYS_DEFAULT, PROVIDER_INVOICE_DAYS_MAX, SITE_RADIUS_MAX_METERS, type CustomerLookupRow } from '@sm/shared';
import type { ReactNode } from 'react';
import { CustomerPicker } from './customer-picker';
import type { CustomerFormErrors, CustomerFormValues } from './customer-form';
import { customerFlagsQuery } from './customers-api';
import { CustomerTermsFields } from './customer-terms-fields';
import { TimeZoneSelect } from '../../../components/time-zone-select';
import { MoneyInput } from '../../../components/number-inputs';

export type SetCustomerField = <K extends keyof CustomerFormValues>(field: K, value: CustomerFormValues[K]) => void;

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb="sm">
        {title}
      </Text>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

/** What the GPS text reads as, while it is typed: the position, or the sentence saying how to write one. */
function gpsReading(text: string): { position?: string; error?: string } {
  if (text.trim() === '') return {};
  const p = parseLatLng(text);
  return p ? { position: `${p.lat.toFixed(6)}, ${p.lng.toFixed(6)}` } : { error: GPS_MESSAGE };
}

interface FieldsProps {
  values: CustomerFormValues;
  errors: CustomerFormErrors;
  set: SetCustomerField;
  /** The customer being edited (left out of the billing picker); null for a new one. */
  customerId: number | null;
  /** What is known of the chosen billing customer, so its name shows at once. */
  knownBilling: Pick<CustomerLookupRow, 'customerId' | 'name'> | null;
  canSetCredit: boolean;
}

/** Name, phone, e-mail and the address. */
function ContactFields({ values, errors, set }: Pick<FieldsProps, 'values' | 'errors' | 'set'>) {
  return (
    <>
      <FormSection title="Customer">
        <TextInput label="Name" required maxLength={200} value={values.name} error={errors.name} onChange={(e) => set('name', e.currentTarget.value)} data-autofocus />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Phone"
            type="tel"
            placeholder="214-555-0100"
            maxLength={30}
            value={values.phone}
            error={errors.phone}
            onChange={(e) => set('phone', e.currentTarget.value)}
            onBlur={(e) => isValidPhone(e.currentTarget.value) && set('phone', formatPhone(e.currentTarget.value))}
          />
          <TextInput label="Email" type="email" maxLength={254} value={values.email} error={errors.email} onChange={(e) => set('email', e.currentTarget.value)} />
        </SimpleGrid>
      </FormSection>
      <FormSection title="Address">
        <TextInput label="Address" maxLength={200} value={values.address} error={errors.address} onChange={(e) => set('address', e.currentTarget.value)} />
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <TextInput label="City" maxLength={100} value={values.city} error={errors.city} onChange={(e) => set('city', e.currentTarget.value)} />
          </Grid.Col>
          <Grid.Col span={{ base: 5, xs: 2 }}>
            <TextInput label="State" placeholder="TX" maxLength={2} value={values.state} error={errors.state} onChange={(e) => set('state', e.currentTarget.value.toUpperCase())} />
          </Grid.Col>
          <Grid.Col span={{ base: 7, xs: 4 }}>
            <TextInput label="Zip" placeholder="75201" maxLength={10} inputMode="numeric" value={values.zip} error={errors.zip} onChange={(e) => set('zip', e.currentTarget.value)} />
          </Grid.Col>
        </Grid>
      </FormSection>
    </>
  );
}

/** Where the site is: its GPS position (read as it is typed), check-in radius and time zone. */
function SiteFields({ values, errors, set }: Pick<FieldsProps, 'values' | 'errors' | 'set'>) {
  const gps = gpsReading(values.gps);
  return (
    <FormSection title="Site">
      <TextInput
        label="GPS"
        placeholder={`32.7767, -96.7970 or 32°46'36"N, 96°47'49"W`}
        maxLength={100}
        value={values.gps}
        error={errors.gps ?? gps.error}
        description={gps.position ? `Position: ${gps.position}` : 'Decimal degrees, or degrees, minutes and seconds with N/S/E/W.'}
        onChange={(e) => set('gps', e.currentTarget.value)}
        data-testid="gps-input"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label="Site Radius (metres)"
          max={SITE_RADIUS_MAX_METERS}
          value={values.siteRadiusMeters}
          error={errors.siteRadiusMeters}
          onChange={(v) => set('siteRadiusMeters', v)}
        />
        <TimeZoneSelect value={values.timeZone} error={errors.timeZone} onChange={(z) => set('timeZone', z)} />
      </SimpleGrid>
    </FormSection>
  );
}

/** Who pays: the customer itself, or a billing customer picked by name, address or phone. */
function BillingFields({ values, errors, set, customerId, knownBilling }: FieldsProps) {
  return (
    <FormSection title="Billing">
      <SegmentedControl
        fullWidth
        aria-label="Billing"
        value={values.billsItself ? 'self' : 'other'}
        onChange={(v) => set('billsItself', v === 'self')}
        data={[
          { value: 'self', label: 'Bills itself' },
          { value: 'other', label: 'Billed to a billing customer' },
        ]}
      />
      {!values.billsItself && (
        <CustomerPicker
          label="Billing Customer"
          required
          value={values.billingCustomerId}
          onChange={(id) => set('billingCustomerId', id)}
          billingOnly
          excludeCustomerId={customerId}
          known={knownBilling}
          error={errors.billingCustomerId}
        />
      )}
      <CustomerTermsFields values={values} set={set} />
      <NumberInput
        label="ServiceChannel Invoice Days"
        description={`The days this client gives to invoice a finished work order; empty: ${PROVIDER_INVOICE_DAYS_DEFAULT}.`}
        min={1}
        max={PROVIDER_INVOICE_DAYS_MAX}
        allowDecimal={false}
        value={values.providerInvoiceDays}
        error={errors.providerInvoiceDays}
        onChange={(v) => set('providerInvoiceDays', v)}
      />
    </FormSection>
  );
}

/** The customer form's fields; the credit panel only for someone allowed to set it. */
export function CustomerFormFields(props: FieldsProps) {
  const { values, errors, set, canSetCredit } = props;
  const flags = useQuery(customerFlagsQuery);
  return (
    <Stack gap="md">
      <ContactFields values={values} errors={errors} set={set} />
      <SiteFields values={values} errors={errors} set={set} />
      <BillingFields {...props} />
      <FormSection title="Flags and notes">
        <MultiSelect
          label="Flags"
          placeholder={values.customerFlagIds.length ? undefined : 'None'}
          data={(flags.data ?? []).map((f) => ({ value: String(f.customerFlagId), label: f.customerFlagName }))}
          value={values.customerFlagIds}
          onChange={(v) => set('customerFlagIds', v)}
          clearable
          searchable
          nothingFoundMessage={flags.isPending ? 'Loading...' : 'No Options'}
        />
        <Textarea label="Notes" autosize maxLength={CUSTOMER_NOTES_MAX} value={values.notes} error={errors.notes} onChange={(e) => set('notes', e.currentTarget.value)} />
      </FormSection>
      {canSetCredit && (
        <FormSection title="Credit">
          <Group align="flex-end" gap="lg">
            <MoneyInput
              label="Credit Limit"
              value={values.creditLimit}
              error={errors.creditLimit}
              onChange={(v) => set('creditLimit', v)}
              w={{ base: '100%', xs: 220 }}
            />
            <Switch label="On credit hold" checked={values.isOnCreditHold} onChange={(e) => set('isOnCreditHold', e.currentTarget.checked)} pb={8} />
          </Group>
        </FormSection>
      )}
    </Stack>
  );
}
