import { Alert, Anchor, Badge, Button, Container, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconFileText, IconLinkOff, IconUserPlus } from '@tabler/icons-react';
import { ModalsProvider } from '@mantine/modals';
import { CUSTOMER_ACCESS_REQUEST_PATH, formatCurrency, formatDate, formatDateTime, type PortalInvoice, type PortalWorkOrder } from '@sm/shared';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError, openPdf } from '../../../lib/api';
import { linkPortalBase, portalInvoicePdfPath, portalInvoicePdfUrl, usePortalInvoices, usePortalPmContracts, usePortalQuotes, usePortalSummary, usePortalWorkOrders } from './customer-portal-api';
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

/** The invoice's PDF: through a link the address itself opens it; a signed-in customer user's is fetched with their token. */
function InvoicePdf({ base, signedIn, i }: { base: string; signedIn: boolean; i: PortalInvoice }) {
  const label = (
    <>
      <IconFileText size={16} aria-hidden />
      Invoice {i.invoiceNumber} PDF
    </>
  );
  const style = { display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 44 } as const;
  if (signedIn) {
    return (
      <Anchor component="button" type="button" size="sm" style={style} onClick={() => void openPdf(portalInvoicePdfPath(base, i.invoiceId), `Invoice ${i.invoiceNumber}.pdf`)}>
        {label}
      </Anchor>
    );
  }
  return (
    <Anchor href={portalInvoicePdfUrl(base, i.invoiceId)} target="_blank" rel="noopener" size="sm" style={style}>
      {label}
    </Anchor>
  );
}

function InvoiceCard({ base, signedIn, i }: { base: string; signedIn: boolean; i: PortalInvoice }) {
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
        <InvoicePdf base={base} signedIn={signedIn} i={i} />
      </Group>
    </Paper>
  );
}

const TAB = { px: 'sm', style: { flex: '1 0 auto' } } as const;

function LinkProblem({ error, signedIn }: { error: Error; signedIn: boolean }) {
  const isGone = error instanceof ApiError && error.status === 410;
  const title = signedIn ? 'Your portal cannot be opened' : isGone ? 'This link no longer works' : 'This link cannot be opened';
  return (
    <Alert color={isGone ? 'yellow' : 'red'} icon={<IconLinkOff />} title={title} role="alert">
      {error.message}
    </Alert>
  );
}

/**
 * The customer portal (spec platform 2.1, 2.2), made for a phone first, read through `base`: an e-mailed link's token
 * (no sign-in; "Get a sign-in" asks for a user of one's own) or the signed-in customer user's portal. Request service sends the company a new work order with photos. Quotes
 * waiting for an answer come first, then work orders (open and past, with visits and who signed the ticket), invoices
 * with their balance and PDF, and the equipment with its maintenance contracts to approve. An unknown, revoked or
 * expired link says so and shows nothing.
 */
export function PortalView({ base, token, header }: { base: string; token?: string; header?: ReactNode }) {
  const signedIn = token === undefined;
  const summary = usePortalSummary(base);
  const quotes = usePortalQuotes(base);
  const workOrders = usePortalWorkOrders(base);
  const invoices = usePortalInvoices(base);
  usePageTitle(summary.data ? `${summary.data.customerName} service portal` : 'Service portal');
  const contracts = usePortalPmContracts(base);
  const waiting = quotes.data?.filter((q) => q.isWaiting).length ?? 0;
  const contractsWaiting = contracts.data?.filter((c) => c.isWaiting).length ?? 0;
  // The page stands outside the signed-in frame: the questions asked before approving need their own provider.
  return (
    <ModalsProvider labels={{ confirm: 'Yes', cancel: 'No' }} modalProps={{ transitionProps: { exitDuration: 0 } }}>
      <Container size="sm" px="md" py="lg">
        {summary.isPending ? (
          <Skeleton height={240} radius="md" aria-label="Loading your service portal" />
        ) : summary.isError ? (
          <LinkProblem error={summary.error} signedIn={signedIn} />
        ) : (
          <Stack gap="md">
            <Stack gap={2}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text c="dimmed" fw={600} size="sm">{summary.data.companyName}</Text>
                {header}
              </Group>
              <Title order={1} size="h2">{summary.data.customerName}</Title>
              <Text size="sm" c="dimmed">
                For {summary.data.contactName}
                {summary.data.expiresAt ? ` · this link works until ${formatDate(summary.data.expiresAt)}` : ''}
              </Text>
              {token !== undefined && (
                <Button component={Link} to={`${CUSTOMER_ACCESS_REQUEST_PATH}?link=${encodeURIComponent(token)}`} variant="light" size="sm" mt={6} leftSection={<IconUserPlus size={16} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
                  Get a sign-in
                </Button>
              )}
            </Stack>
            <RequestService base={base} summary={summary.data} />
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
                <PortalQuotes base={base} query={quotes} />
              </Tabs.Panel>
              <Tabs.Panel value="workOrders" pt="md">
                <PortalList query={workOrders} label="work orders" empty="No work orders yet.">
                  {(rows) => rows.map((w) => <WorkOrderCard key={w.workOrderId} w={w} />)}
                </PortalList>
              </Tabs.Panel>
              <Tabs.Panel value="invoices" pt="md">
                <PortalList query={invoices} label="invoices" empty="No invoices yet.">
                  {(rows) => rows.map((i) => <InvoiceCard key={i.invoiceId} base={base} signedIn={signedIn} i={i} />)}
                </PortalList>
              </Tabs.Panel>
              <Tabs.Panel value="equipment" pt="md">
                <PortalMaintenance base={base} contactName={summary.data.contactName} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )}
      </Container>
    </ModalsProvider>
  );
}

/** `/customerPortal/{clientAuthenticationId}`: the portal a customer's contact opens from the e-mailed link, without signing in. */
export default function CustomerPortalPage() {
  const { clientAuthenticationId: token = '' } = useParams();
  return <PortalView base={linkPortalBase(token)} token={token} />;
}
