import { Drawer, Stack, Text, Title } from '@mantine/core';
import { TIMESHEET_ALL, satisfies } from '@sm/shared';
import { useQueryParams } from '../../../lib/use-query-params';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { useIsPhone } from '../../field/clock/clock-modal';
import { PendingCorrections } from '../labor-corrections/pending-corrections';
import { ClockConflictsNotice } from './clock-conflicts-notice';
import { PeriodSummary } from './period-summary';
import { TimesheetView } from './timesheet-view';

/**
 * `/payroll`: timesheets by pay period. Payroll and team leaders ("Main Timesheet") see every employee's hours and open
 * one's days; everyone else sees their own. `?date=` picks the period, `?employee=` the timesheet open beside it.
 */
export default function PayrollPage() {
  usePageTitle('Timesheets');
  const { access, user } = useSignedIn();
  const isPhone = useIsPhone();
  const [params, update] = useQueryParams();
  const date = params.get('date');
  const employee = Number(params.get('employee')) || null;
  const onDate = (next: string | null) => update({ date: next });

  if (!satisfies(access, TIMESHEET_ALL)) {
    return (
      <Stack gap="md">
        <Title order={2}>My Timesheet</Title>
        <TimesheetView userId={user.userId} date={date} onDate={onDate} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2}>Timesheets</Title>
        <Text size="sm" c="dimmed">
          Hours of each pay period, built from labor on work orders and paid work statuses. Approve each timesheet, then lock the period for payroll.
        </Text>
      </Stack>
      <ClockConflictsNotice />
      <PendingCorrections onOpen={(userId, day) => update({ employee: String(userId), date: day })} />
      <PeriodSummary date={date} onDate={onDate} onOpen={(userId) => update({ employee: String(userId) })} />
      <Drawer opened={employee !== null} onClose={() => update({ employee: null })} position="right" size={isPhone ? '100%' : 'xl'} title="Timesheet">
        {employee !== null && <TimesheetView userId={employee} date={date} onDate={onDate} />}
      </Drawer>
    </Stack>
  );
}
