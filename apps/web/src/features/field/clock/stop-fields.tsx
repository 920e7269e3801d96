import { Alert, Select, SimpleGrid, Textarea } from '@mantine/core';
import { IconMapPinExclamation } from '@tabler/icons-react';
import { checkProviderPosition, CORRIGO_COMMENT_MAX, CORRIGO_COMMENT_MIN, CORRIGO_STOP_LABELS, corrigoStatusLabel, showsScExtendedStatus, type CorrigoStopStatus } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { StartViewData } from './clock-api';
import { EarlyCheckOutWarning } from './early-check-out-warning';
import { needsCompanyDescription, showsCorrigoStop, type StopValues } from './clock-form';
import { clockPositionQuery, type LatLong } from './current-position';
import type { ClockForm } from './use-clock-form';

interface StopFieldsProps {
  view: StartViewData;
  form: ClockForm<StopValues>;
  isClockingOut: boolean;
  onWorkOrderStatus: (value: string | null) => void;
}

const DESCRIPTION_MAX = 1500;
const COMPANY_DESCRIPTION_MAX = 500;

/**
 * What the technician did and where the work order stands; once Clock Out is pressed, the user status they go to
 * (and, for Company Business, what that business is).
 */
export function StopFields({ view, form, isClockingOut, onWorkOrderStatus }: StopFieldsProps) {
  const { values, errors, setField } = form;
  const userStatuses = view.userStatuses.filter((s) => !s.isDisabled);
  // Revealed by Clock Out, possibly above a scrolled phone form: bring it into view.
  const revealUserStatus = useCallback((node: HTMLInputElement | null) => {
    node?.scrollIntoView({ block: 'center' });
    node?.focus({ preventScroll: true });
  }, []);
  return (
    <>
      <Textarea
        label="Description"
        description="What was done on this visit."
        required
        autosize
        maxRows={8}
        maxLength={DESCRIPTION_MAX}
        value={values.description}
        error={errors.description}
        onChange={(e) => setField('description', e.currentTarget.value)}
        data-autofocus
      />
      <Select
        label="Work Order Status"
        required={view.isWorkOrderStatusFieldRequired}
        searchable
        allowDeselect={false}
        checkIconPosition="right"
        data={view.workOrderStatuses.map((s) => ({ value: String(s.workOrderStatusId), label: s.workOrderStatus }))}
        value={values.workOrderStatusId}
        error={errors.workOrderStatusId}
        onChange={onWorkOrderStatus}
      />
      {view.isClockinServiceChannelWO && <ServiceChannelStopFields view={view} form={form} />}
      {showsCorrigoStop(view) && <CorrigoStopFields view={view} form={form} />}
      {isClockingOut && (
        <Select
          ref={revealUserStatus}
          label="User Status"
          description="Your work status after clocking out."
          placeholder="Choose your status"
          required
          allowDeselect={false}
          checkIconPosition="right"
          data={userStatuses.map((s) => ({ value: String(s.userStatusId), label: s.userStatus }))}
          value={values.userStatusId}
          error={errors.userStatusId}
          onChange={(v) => setField('userStatusId', v)}
        />
      )}
      {isClockingOut && needsCompanyDescription(view, values.userStatusId) && (
        <Textarea
          label="Company Description"
          required
          autosize
          maxLength={COMPANY_DESCRIPTION_MAX}
          value={values.cDescription}
          error={errors.cDescription}
          onChange={(e) => setField('cDescription', e.currentTarget.value)}
        />
      )}
    </>
  );
}

interface PositionWarningProps {
  view: StartViewData;
  position: LatLong | null | undefined;
  /** Still asking the browser: nothing to say yet. */
  isLocating: boolean;
}

/**
 * Warns before a service-channel work order sends a position the provider will refuse (outside the site's radius,
 * or too imprecise to prove anything), with the distance. The technician can still go on: our clock does not depend
 * on the provider.
 */
export function ProviderPositionWarning({ view, position, isLocating }: PositionWarningProps) {
  if (!view.isClockinServiceChannelWO || isLocating) return null;
  const site = view.serviceChannelSite;
  const warning = !position
    ? 'Your position is not known: ServiceChannel refuses a check-in or check-out without one. Allow location if you can; you can still go on.'
    : site
      ? checkProviderPosition(site, position).warning
      : null;
  if (!warning) return null;
  return (
    <Alert color="orange" icon={<IconMapPinExclamation />} title="ServiceChannel may refuse your position" data-testid="provider-position-warning">
      {warning}
    </Alert>
  );
}

/** Primary status (IN PROGRESS by default) and, unless COMPLETED, the extended status that goes with it. */
function ServiceChannelStopFields({ view, form }: Pick<StopFieldsProps, 'view' | 'form'>) {
  const { values, errors, setField } = form;
  const position = useQuery(clockPositionQuery(true));
  useEffect(() => {
    if (position.data) setField('currentLatLong', position.data);
  }, [position.data, setField]);
  const primary = view.scPrimaryStatuses.find((s) => s.id === values.scPrimaryStatus);
  const extended = primary?.extended ?? view.scExtendedStatuses;
  const choosePrimary = (value: string | null) => {
    setField('scPrimaryStatus', value);
    setField('scExtendedStatus', null);
  };
  return (
    <>
      <EarlyCheckOutWarning startTime={view.startTime} />
      {view.serviceChannelNotice && (
        <Alert color="gray" title="ServiceChannel statuses">
          {view.serviceChannelNotice}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <Select
          label="Primary Status"
          description="ServiceChannel"
          required
          allowDeselect={false}
          checkIconPosition="right"
          data={view.scPrimaryStatuses.map((s) => ({ value: s.id, label: s.name }))}
          value={values.scPrimaryStatus}
          error={errors.scPrimaryStatus}
          onChange={choosePrimary}
        />
        {showsScExtendedStatus(values.scPrimaryStatus) && (
          <Select
            label="Extended Status"
            description="ServiceChannel"
            placeholder="No extended status"
            clearable
            searchable
            checkIconPosition="right"
            data={extended.map((s) => ({ value: s.id, label: s.name }))}
            value={values.scExtendedStatus}
            onChange={(v) => setField('scExtendedStatus', v)}
          />
        )}
      </SimpleGrid>
      <ProviderPositionWarning view={view} position={position.data} isLocating={position.isPending} />
    </>
  );
}

/**
 * The status the Corrigo work order is left in and a comment (spec clock 2.2), required when the company's Corrigo
 * settings say so; filled with the check-out wizard's choice when it ran just before. Choosing a status asks for the
 * position, which Corrigo needs with every status change.
 */
function CorrigoStopFields({ view, form }: Pick<StopFieldsProps, 'view' | 'form'>) {
  const { values, errors, setField } = form;
  const isSending = !!values.corrigoWorkOrderStatus;
  const position = useQuery({ ...clockPositionQuery(true), enabled: isSending });
  useEffect(() => {
    if (isSending && position.data) setField('currentLatLong', position.data);
  }, [isSending, position.data, setField]);
  const carried = view.corrigoChoice?.status;
  const statuses = carried && !view.corrigoWorkOrderStatuses.includes(carried) ? [carried, ...view.corrigoWorkOrderStatuses] : view.corrigoWorkOrderStatuses;
  return (
    <>
      <Select
        label={CORRIGO_STOP_LABELS.status}
        description="Where Corrigo shows the work order"
        placeholder={view.isCorrigoStatusRequired ? 'Choose the status' : 'Leave as it is'}
        required={view.isCorrigoStatusRequired}
        clearable={!view.isCorrigoStatusRequired}
        checkIconPosition="right"
        data={statuses.map((s) => ({ value: s, label: corrigoStatusLabel(s) }))}
        value={values.corrigoWorkOrderStatus}
        error={errors.corrigoWorkOrderStatus}
        onChange={(v) => setField('corrigoWorkOrderStatus', v as CorrigoStopStatus | null)}
      />
      <Textarea
        label={CORRIGO_STOP_LABELS.comment}
        description={`Sent to Corrigo; at least ${CORRIGO_COMMENT_MIN} characters.`}
        required={view.isCorrigoStatusRequired || isSending}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={CORRIGO_COMMENT_MAX}
        value={values.corrigoWorkOrderComment}
        error={errors.corrigoWorkOrderComment}
        onChange={(e) => setField('corrigoWorkOrderComment', e.currentTarget.value)}
      />
    </>
  );
}
