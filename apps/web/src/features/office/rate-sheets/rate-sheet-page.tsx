import { Alert, Anchor, Breadcrumbs, Button, Grid, Group, Loader, NavLink, Paper, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconEdit, IconPlus, IconSearch, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { BILLING_WRITE, satisfies, type CustomerRateSheet, type RateSheetVersion, type SaveRateSheetBody } from '@sm/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { notifySuccess } from '../../../lib/notify';
import { ADMINISTRATION_PATH } from '../../platform/administration/administration-paths';
import { useSignedIn } from '../../platform/auth/session-context';
import { draftOf, RateSheetEditor, type RateSheetDraft } from './rate-sheet-editor';
import { ApprovalHistory, RateSheetRates, VersionBadges } from './rate-sheet-version-view';
import { rateSheetSettingsQuery, useCustomerRateSheet, useRateSheetCustomers, useRateSheetVersion, useSaveRateSheet, useSaveRateSheetSettings } from './rate-sheets-api';
import { SendRateSheetDialog } from './send-rate-sheet-dialog';
import { useSearchDebounce } from '../../../lib/debounce';

const idParam = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);

function ApprovalSetting({ mayEdit }: { mayEdit: boolean }) {
  const settings = useQuery(rateSheetSettingsQuery);
  const save = useSaveRateSheetSettings();
  return (
    <Paper withBorder radius="md" p="sm">
      <Switch
        label="Ask customers to approve rate sheets before they take effect"
        description="On: a version counts from its effective date once the customer approves it. Off: once it is saved."
        checked={save.isPending ? save.variables.isApprovalRequired : (settings.data?.isApprovalRequired ?? false)} disabled={!mayEdit || settings.isPending || save.isPending}
        onChange={(e) => save.mutate({ isApprovalRequired: e.currentTarget.checked }, { onSuccess: (s) => notifySuccess(s.isApprovalRequired ? 'Rate sheets now take effect once the customer approves them.' : 'Rate sheets now take effect once saved.') })}
      />
    </Paper>
  );
}

function CustomerPicker({ selected, onSelect }: { selected: number | null; onSelect: (id: number) => void }) {
  const [search, setSearch] = useState('');
  const debounced = useSearchDebounce(search.trim());
  const list = useRateSheetCustomers(debounced);
  return (
    <Stack gap="xs">
      <TextInput
        label="Billing customer" placeholder="Search by name" leftSection={<IconSearch size={16} />} value={search} onChange={(e) => setSearch(e.currentTarget.value)}
        rightSection={list.isFetching ? <Loader size="xs" /> : null}
      />
      <Paper withBorder radius="md" p={4} mah={{ base: 260, md: 560 }} style={{ overflowY: 'auto' }} tabIndex={0} role="list" aria-label="Billing customers">
        {list.isPending ? (
          <Stack gap={4} p={4}>{[0, 1, 2].map((i) => <Skeleton key={i} height={40} />)}</Stack>
        ) : (list.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed" p="sm">No billing customer matches “{debounced}”.</Text>
        ) : (
          list.data!.map((c) => (
            <NavLink
              key={c.billingCustomerId} role="listitem" active={c.billingCustomerId === selected} onClick={() => onSelect(c.billingCustomerId)} label={c.name}
              description={c.currentVersionName ? `In effect: ${c.currentVersionName}` : c.versionCount > 0 ? `${c.versionCount} version(s), none in effect` : 'No rate sheet'}
            />
          ))
        )}
      </Paper>
    </Stack>
  );
}

function VersionDetail({ id, sheet, mayEdit, onEdit }: { id: number; sheet: CustomerRateSheet; mayEdit: boolean; onEdit: (v: RateSheetVersion, asNew: boolean) => void }) {
  const version = useRateSheetVersion(id);
  const [sending, setSending] = useState(false);
  if (version.isPending) return <Skeleton height={320} aria-label="Loading the rate sheet" />;
  if (version.isError) return <Alert color="red" role="alert">{version.error.message}</Alert>;
  const v = version.data;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={`Rate sheet ${v.name}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Title order={3}>{v.name}</Title>
            <Text size="sm" c="dimmed">Effective from {v.effectiveFrom}</Text>
            <VersionBadges status={v.status} isCurrent={v.isCurrent} />
          </Stack>
          {mayEdit && (
            <Group gap="xs" wrap="wrap">
              {v.isEditable ? (
                <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => onEdit(v, false)}>Edit</Button>
              ) : (
                <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => onEdit(v, true)}>Edit as new version</Button>
              )}
              {v.status !== 'approved' && <Button leftSection={<IconSend size={16} />} onClick={() => setSending(true)}>Send for approval</Button>}
            </Group>
          )}
        </Group>
        {!v.isEditable && mayEdit && (
          <Text size="sm" c="dimmed">This version is in effect, approved, waiting for the customer or has work at its rates: it is kept as it is, and editing makes a new version.</Text>
        )}
        <RateSheetRates v={v} />
        <ApprovalHistory approvals={v.approvals} />
      </Stack>
      {sending && <SendRateSheetDialog versionId={v.customerRateSheetId} versionName={v.name} customerName={sheet.billingCustomerName} contacts={sheet.contacts} onClose={() => setSending(false)} />}
    </Paper>
  );
}

function CustomerSheet({ customerId, versionId, mayEdit, onVersion }: { customerId: number; versionId: number | null; mayEdit: boolean; onVersion: (id: number) => void }) {
  const sheet = useCustomerRateSheet(customerId);
  const current = sheet.data?.versions.find((s) => s.isCurrent) ?? sheet.data?.versions[0];
  const currentVersion = useRateSheetVersion(current?.customerRateSheetId ?? null);
  const [editing, setEditing] = useState<{ id: number | null; draft: RateSheetDraft; title: string } | null>(null);
  const save = useSaveRateSheet();
  if (sheet.isPending) return <Skeleton height={240} aria-label="Loading the customer's rate sheet" />;
  if (sheet.isError) return <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />}>{sheet.error.message}</Alert>;
  const s = sheet.data;
  const startNew = (from: RateSheetVersion | null) => setEditing({ id: null, draft: draftOf(from, from?.name ?? `${s.billingCustomerName} rates`, s.today), title: 'New Version' });
  const onSave = (body: SaveRateSheetBody) => {
    const id = editing?.id ?? null;
    save.mutate({ id, body: id == null ? { ...body, billingCustomerId: s.billingCustomerId } : body }, {
      onSuccess: (v) => {
        notifySuccess(`Rate sheet "${v.name}" saved.`);
        setEditing(null);
        onVersion(v.customerRateSheetId);
      },
    });
  };
  const shown = versionId ?? current?.customerRateSheetId ?? null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={3}>{s.billingCustomerName}</Title>
          <Text size="sm" c="dimmed">{s.versions.length === 0 ? 'No rate sheet yet.' : `${s.versions.length} version(s). ${s.isApprovalRequired ? 'Versions take effect once approved.' : 'Versions take effect once saved.'}`}</Text>
        </div>
        {mayEdit && !editing && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => startNew(currentVersion.data ?? null)} disabled={!!current && currentVersion.isPending}>
            {s.versions.length === 0 ? 'Set Up Rate Sheet' : 'New Version'}
          </Button>
        )}
      </Group>
      {editing && <RateSheetEditor key={`${editing.id}-${editing.title}`} initial={editing.draft} title={editing.title} isSaving={save.isPending} onSave={onSave} onCancel={() => setEditing(null)} />}
      {s.versions.length > 0 && (
        <Paper withBorder radius="md" p={4} role="list" aria-label="Versions">
          {s.versions.map((v) => (
            <NavLink
              key={v.customerRateSheetId} role="listitem" active={v.customerRateSheetId === shown} onClick={() => onVersion(v.customerRateSheetId)}
              label={<Group gap="xs" wrap="wrap"><Text size="sm" fw={600}>{v.name}</Text><VersionBadges status={v.status} isCurrent={v.isCurrent} /></Group>}
              description={`Effective from ${v.effectiveFrom}`}
            />
          ))}
        </Paper>
      )}
      {shown != null && !editing && (
        <VersionDetail
          id={shown} sheet={s} mayEdit={mayEdit}
          onEdit={(v, asNew) => setEditing(asNew ? { id: null, draft: draftOf(v, v.name, s.today), title: `New Version from "${v.name}"` } : { id: v.customerRateSheetId, draft: draftOf(v, v.name, v.effectiveFrom), title: `Edit "${v.name}"` })}
        />
      )}
    </Stack>
  );
}

/**
 * `/administration/account-settings/rateSheet` (spec platform 2.1): the billing customers' rate sheets. Search a
 * billing customer, read its versions (the one in effect today marked), set one up or make a new version (a copy of
 * the one in effect), and send a version to the customer for approval. Billing readers see it; Billing write changes it.
 */
export default function RateSheetPage() {
  usePageTitle('Rate Sheet');
  const { access } = useSignedIn();
  const mayEdit = satisfies(access, BILLING_WRITE);
  const [params, setParams] = useSearchParams();
  const customerId = idParam(params.get('customer'));
  const versionId = idParam(params.get('version'));
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMINISTRATION_PATH} size="sm">Administration</Anchor>
        <Text size="sm">Rate Sheet</Text>
      </Breadcrumbs>
      <Title order={2}>Rate Sheets</Title>
      <ApprovalSetting mayEdit={mayEdit} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <CustomerPicker selected={customerId} onSelect={(id) => setParams({ customer: String(id) })} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {customerId == null ? (
            <Paper withBorder radius="md" p="lg">
              <Text c="dimmed">Choose a billing customer to see its rate sheet: the technicians&apos; labor rates, trucks, per diem and standard items, with each version and its effective date.</Text>
            </Paper>
          ) : (
            <CustomerSheet key={customerId} customerId={customerId} versionId={versionId} mayEdit={mayEdit} onVersion={(id) => setParams({ customer: String(customerId), version: String(id) })} />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
