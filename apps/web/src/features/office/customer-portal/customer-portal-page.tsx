import { Alert, Anchor, Badge, Container, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconFileText, IconLinkOff } from '@tabler/icons-react';
import { ModalsProvider } from '@mantine/modals';
import { formatCurrency, formatDate, formatDateTime, type PortalInvoice, type PortalWorkOrder } from '@sm/shared';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/api';
import { portalInvoicePdfUrl, usePortalInvoices, usePortalPmContracts, usePortalQuotes, usePortalSummary, usePortalWorkOrders } from './customer-portal-api';
import { PortalList } from './portal-list';
import { PortalMaintenance } from './portal-maintenance';
import { PortalQuotes } from './portal-quotes';
import { RequestService } from './portal-request-service';

function WorkOrderCard({ w }: { w: PortalWorkOrder }) {
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Work order ${w.workOrderNumber}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={700}>Work order {w.workOrderNumber}</Text>
        <Badge variant="light" color={w.isOpen ? 'blue' : 'gray'} tt="none" style={{ flexShrink: 0 }}>{w.status}</Badge>
      </Group>
      <Text size="sm" fw={500}>{w.location.name}</Text>
      <Text size="xs" c="dimmed">{w.location.address}</Text>
      <Text size="sm" mt={6} style={{ overflowWrap: 'anywhere' }}>{w.problem}</Text>
      <Text size="xs" c="dimmed" mt={6}>Opened {formatDate(w.createdAt)}</Text>
      {w.signatures.map((g) => (
        <Text key={g.signedAt} size="sm" mt={6}>
          Ticket signed by {g.signerName} on {formatDateTime(g.signedAt)}
        </Text>
      ))}
      {w.visits.length > 0 && (
        <Stack gap={2} mt={6} role="list" aria-label="Visits">
          {w.visits.map((v) => (
            <Text key={v.startAt} size="sm" role="listitem">
              Visit {formatDateTime(v.startAt)}{v.technicianFirstName ? ` · ${v.technicianFirstName}` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function InvoiceCard({ token, i }: { token: string; i: PortalInvoice }) {
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Invoice ${i.invoiceNumber}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={700}>Invoice {i.invoiceNumber}</Text>
        <Badge variant="light" color={i.status === 'Paid' ? 'green' : 'orange'} tt="none">{i.status === 'Paid' ? 'Paid' : 'Open'}</Badge>
      </Group>
      <Text size="sm">{formatDate(i.invoiceDate)} · work order {i.workOrderNumber}</Text>
      <Text size="xs" c="dimmed">{i.location.name}</Text>
      <Group justify="space-between" mt={8} gap="xs">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">Total {formatCurrency(i.total)}</Text>
          <Text size="sm" fw={700}>Balance {formatCurrency(i.amountDue)}</Text>
        </Stack>
        <Anchor href={portalInvoicePdfUrl(token, i.invoiceId)} target="_blank" rel="noopener" size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 44 }}>
          <IconFileText size={16} aria-hidden />
          Invoice {i.invoiceNumber} PDF
        </Anchor>
      </Group>
    </Paper>
  );
}

const TAB = { px: 'sm', style: { flex: '1 0 auto' } } as const;

function LinkProblem({ error }: { error: Error }) {
  const isGone = error instanceof ApiError && error.status === 410;
  return (
    <Alert color={isGone ? 'yellow' : 'red'} icon={<IconLinkOff />} title={isGone ? 'This link no longer works' : 'This link cannot be opened'} role="alert">
      {error.message}
    </Alert>
  );
}

/**
 * `/customerPortal/{clientAuthenticationId}` (spec platform 2.1, 2.2, no sign-in): what a customer's contact opens from
 * the e-mailed link, made for a phone first. Request service sends the company a new work order with photos. Quotes
 * waiting for an answer come first, then work orders (open and past, with visits and who signed the ticket), invoices
 * with their balance and PDF, and the equipment with its maintenance contracts to approve. An unknown, revoked or
 * expired link says so and shows nothing.
 */
export default function CustomerPortalPage() {
  const { clientAuthenticationId: token = '' } = useParams();
  const summary = usePortalSummary(token);
  const quotes = usePortalQuotes(token);
  const workOrders = usePortalWorkOrders(token);
  const invoices = usePortalInvoices(token);
  usePageTitle(summary.data ? `${summary.data.customerName} service portal` : 'Service portal');
  const contracts = usePortalPmContracts(token);
  const waiting = quotes.data?.filter((q) => q.isWaiting).length ?? 0;
  const contractsWaiting = contracts.data?.filter((c) => c.isWaiting).length ?? 0;
  // The page stands outside the signed-in frame: the questions asked before approving need their own provider.
  return (
    <ModalsProvider labels={{ confirm: 'Yes', cancel: 'No' }} modalProps={{ transitionProps: { exitDuration: 0 } }}>
      <Container size="sm" px="md" py="lg">
        {summary.isPending ? (
          <Skeleton height={240} radius="md" aria-label="Loading your service portal" />
        ) : summary.isError ? (
          <LinkProblem error={summary.error} />
        ) : (
          <Stack gap="md">
            <Stack gap={2}>
              <Text c="dimmed" fw={600} size="sm">{summary.data.companyName}</Text>
              <Title order={1} size="h2">{summary.data.customerName}</Title>
              <Text size="sm" c="dimmed">For {summary.data.contactName} · this link works until {formatDate(summary.data.expiresAt)}</Text>
            </Stack>
            <RequestService token={token} summary={summary.data} />
            <Tabs defaultValue="quotes" keepMounted={false}>
              {/* One row on a phone: the tabs keep their words whole and the row scrolls sideways when they do not fit. */}
              <Tabs.List grow style={{ flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none' }}>
                <Tabs.Tab value="quotes" {...TAB}>
                  Quotes{waiting > 0 ? ` (${waiting})` : ''}
                </Tabs.Tab>
                <Tabs.Tab value="workOrders" {...TAB}>Work orders</Tabs.Tab>
                <Tabs.Tab value="invoices" {...TAB}>Invoices</Tabs.Tab>
                <Tabs.Tab value="equipment" {...TAB}>Equipment{contractsWaiting > 0 ? ` (${contractsWaiting})` : ''}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="quotes" pt="md">
                <PortalQuotes token={token} query={quotes} />
              </Tabs.Panel>
              <Tabs.Panel value="workOrders" pt="md">
                <PortalList query={workOrders} label="work orders" empty="No work orders yet.">
                  {(rows) => rows.map((w) => <WorkOrderCard key={w.workOrderId} w={w} />)}
                </PortalList>
              </Tabs.Panel>
              <Tabs.Panel value="invoices" pt="md">
                <PortalList query={invoices} label="invoices" empty="No invoices yet.">
                  {(rows) => rows.map((i) => <InvoiceCard key={i.invoiceId} token={token} i={i} />)}
                </PortalList>
              </Tabs.Panel>
              <Tabs.Panel value="equipment" pt="md">
                <PortalMaintenance token={token} contactName={summary.data.contactName} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )}
      </Container>
    </ModalsProvider>
  );
}
