import { Select, Textarea } from '@mantine/core';
import { useCallback } from 'react';
import type { StartViewData } from './clock-api';
import { needsCompanyDescription, type StopValues } from './clock-form';
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
        minRows={3}
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
          minRows={2}
          maxLength={COMPANY_DESCRIPTION_MAX}
          value={values.cDescription}
          error={errors.cDescription}
          onChange={(e) => setField('cDescription', e.currentTarget.value)}
        />
      )}
    </>
  );
}
