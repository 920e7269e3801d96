import { Anchor, Badge } from '@mantine/core';
import type { PmVisit, PmVisitStatus } from '@sm/shared';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { workOrderEditPath } from '../work-orders/edit/work-order-paths';
import { formatDate } from '@sm/shared';

const COLORS: Record<PmVisitStatus, string> = { upcoming: 'gray', generated: 'blue', scheduled: 'indigo', done: 'green', late: 'red', skipped: 'orange' };
const LABELS: Record<PmVisitStatus, string> = { upcoming: 'Upcoming', generated: 'Generated', scheduled: 'Scheduled', done: 'Done', late: 'Late', skipped: 'Skipped' };

/** A visit's date as the office reads it. */
export const visitDateOf = (dueOn: string) => `${dayjs(dueOn).format('ddd')} ${formatDate(dueOn)}`;

/** Where a visit stands, as a colored word. */
export function PmVisitStatusBadge({ status }: { status: PmVisitStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" tt="none" style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {LABELS[status]}
    </Badge>
  );
}

/** The visit's work order as a link to its page, or a dash when it has none yet. */
export function VisitWorkOrderLink({ visit }: { visit: Pick<PmVisit, 'workOrderNumber'> }) {
  if (!visit.workOrderNumber) return <>—</>;
  return (
    <Anchor component={Link} to={workOrderEditPath(visit.workOrderNumber)} size="sm" fw={600}>
      {visit.workOrderNumber}
    </Anchor>
  );
}
