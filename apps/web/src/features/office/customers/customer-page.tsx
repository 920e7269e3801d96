import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconClipboardPlus, IconEdit, IconPhone, IconReceiptTax } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { addressLineOf, CUSTOMER_PORTAL_LINKS_ACCESS, satisfies, TAX_EXEMPT_DIALOG, type CustomerDetails } from '@sm/shared';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { AttachmentsPanel } from '../../platform/files/attachments-panel';
import { useSignedIn } from '../../platform/auth/session-context';
import { CustomerLoadError, CustomerNotFound, CustomerSkeleton, useCustomerId } from './customer-page-states';
import { CUSTOMER_PATHS, customerEditPath, customerPath, newWorkOrderPath } from './customer-paths';
import { ContactsSection, CreditSection, Fact, LocationsSection, Section, telOf } from './customer-sections';
import { customerQuery } from './customers-api';
import { EquipmentSection } from '../equipment/equipment-section';
import { RefrigerantReportMenu } from '../refrigerant/refrigerant-report-menu';
import { LEAK_REPAIRS_READ } from '../refrigerant/refrigerant-paths';
import { PmContractsSection } from '../pm-contracts/pm-contracts-section';
import { PortalLinksSection } from '../customer-portal/portal-links-section';
import { CustomerUsersSection } from '../customer-portal/customer-users-section';
import { SalesTeamSection } from '../sales/sales-team-section';

const TaxExemptDialog = lazy(() => import('./tax-exempt-dialog').then((m) => ({ default: m.TaxExemptDialog })));

function Header({ c, canWrite, canCreateWorkOrder, canOpenTaxExempt }: { c: CustomerDetails; canWrite: boolean; canCreateWorkOrder: boolean; canOpenTaxExempt: boolean }) {
  const [isTaxExemptOpen, setTaxExemptOpen] = useState(false);
  const { access } = useSignedIn();
  return (
    <Stack gap={6}>
      <Group>
        <Anchor component={Link} to={CUSTOMER_PATHS.grid} size="sm" py={4} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          <IconArrowLeft size={16} aria-hidden />
          Customers
        </Anchor>
      </Group>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: '1 1 260px' }}>
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {c.name}
          </Title>
          <Group gap={6}>
            {c.billingCustomerId && c.billingCustomerName ? (
              <Text size="sm" c="dimmed">
                Location billed to{' '}
                <Anchor component={Link} to={customerPath(c.billingCustomerId)} size="sm">
                  {c.billingCustomerName}
                </Anchor>
              </Text>
            ) : (
              <Badge variant="light" tt="none">
                Billing customer
              </Badge>
            )}
            {c.isOnCreditHold && (
              <Badge color="red" variant="light" tt="none">
                Credit hold
              </Badge>
            )}
            {c.isTaxExempt && (
              <Badge color="teal" variant="light" tt="none">
                Tax exempt
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="sm">
          {satisfies(access, LEAK_REPAIRS_READ) && <RefrigerantReportMenu customerId={c.customerId} customerName={c.name} />}
          {canOpenTaxExempt && (
            <Button variant="default" leftSection={<IconReceiptTax size={16} />} onClick={() => setTaxExemptOpen(true)}>
              Tax Exempt
            </Button>
          )}
          {canCreateWorkOrder && (
            <Button variant="default" leftSection={<IconClipboardPlus size={16} />} component={Link} to={newWorkOrderPath(c.customerId)}>
              New Work Order
            </Button>
          )}
          {canWrite && (
            <Button leftSection={<IconEdit size={16} />} component={Link} to={customerEditPath(c.customerId)}>
              Edit
            </Button>
          )}
        </Group>
      </Group>
      {isTaxExemptOpen && (
        <Suspense fallback={null}>
          <TaxExemptDialog customerId={c.customerId} customerName={c.name} onClose={() => setTaxExemptOpen(false)} />
        </Suspense>
      )}
    </Stack>
  );
}

function DetailsSection({ c }: { c: CustomerDetails }) {
  const place = addressLineOf(c);
  return (
    <Section title="Details">
      <Stack gap={6}>
        <Fact label="Address">{place || 'None'}</Fact>
        <Fact label="Phone">
          {c.phone ? (
            <Anchor href={telOf(c.phone)} size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 24 }}>
              <IconPhone size={14} aria-hidden />
              {c.phone}
            </Anchor>
          ) : (
            'None'
          )}
        </Fact>
        <Fact label="Email">{c.email ? <Anchor href={`mailto:${c.email}`} size="sm">{c.email}</Anchor> : 'None'}</Fact>
        <Fact label="GPS">{c.latitude !== null && c.longitude !== null ? `${c.latitude.toFixed(6)}, ${c.longitude.toFixed(6)}` : 'None'}</Fact>
        <Fact label="Site radius">{c.siteRadiusMeters !== null ? `${c.siteRadiusMeters} m` : 'None'}</Fact>
        {c.providerInvoiceDays !== null && <Fact label="ServiceChannel invoice days">{c.providerInvoiceDays}</Fact>}
        <Fact label="Time zone">{c.timeZone ? c.timeZone.replaceAll('_', ' ') : "The company's"}</Fact>
        <Fact label="Work orders">{c.counts.workOrders}</Fact>
      </Stack>
    </Section>
  );
}

function FlagsAndNotes({ c }: { c: CustomerDetails }) {
  return (
    <Section title="Flags and notes">
      <Stack gap="xs">
        {c.flags.length === 0 ? (
          <Text size="sm" c="dimmed">
            No flags.
          </Text>
        ) : (
          <Group gap={6} role="group" aria-label="Flags">
            {c.flags.map((f) => (
              <Badge key={f.customerFlagId} variant="outline" color="orange" tt="none">
                {f.customerFlagName}
              </Badge>
            ))}
          </Group>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} c={c.notes ? undefined : 'dimmed'}>
          {c.notes ?? 'No notes.'}
        </Text>
      </Stack>
    </Section>
  );
}

/** `/customer/:customerId`: the customer, its locations and contacts, flags, notes and (when permitted) its credit. */
export default function CustomerPage() {
  const customerId = useCustomerId();
  const { access } = useSignedIn();
  const query = useQuery(customerQuery(customerId));
  usePageTitle(query.data?.name ?? 'Customer');
  if (customerId === 0) return <CustomerNotFound />;
  if (query.isError) return <CustomerLoadError error={query.error} />;
  if (query.isPending) return <CustomerSkeleton />;
  const c = query.data;
  const canWrite = satisfies(access, { kind: 'area', area: 'Customers', level: 'write' });
  const canWriteContacts = satisfies(access, { kind: 'area', area: 'Contacts', level: 'write' });
  const canCreateWorkOrder = satisfies(access, { kind: 'area', area: 'Work Orders', level: 'write', functionality: 'Create Work Order' });
  return (
    <Stack gap="md" maw={1100} w="100%">
      <Header c={c} canWrite={canWrite} canCreateWorkOrder={canCreateWorkOrder} canOpenTaxExempt={satisfies(access, TAX_EXEMPT_DIALOG)} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <DetailsSection c={c} />
        <FlagsAndNotes c={c} />
        {(c.isBillingCustomer || c.locations.length > 0) && <LocationsSection customer={c} canWrite={canWrite} />}
        <ContactsSection customer={c} canWrite={canWriteContacts} />
        {c.canSeeCredit && <CreditSection customer={c} />}
        {c.isBillingCustomer && <SalesTeamSection customerId={c.customerId} />}
        {satisfies(access, CUSTOMER_PORTAL_LINKS_ACCESS) && <PortalLinksSection customer={c} />}
        {satisfies(access, CUSTOMER_PORTAL_LINKS_ACCESS) && <CustomerUsersSection customer={c} />}
      </SimpleGrid>
      <EquipmentSection customerId={c.customerId} canWrite={canWrite} />
      <PmContractsSection customerId={c.customerId} />
      <AttachmentsPanel folder={`customers/${c.customerId}`} canChange={canWrite} emailSubject={c.name} />
    </Stack>
  );
}
