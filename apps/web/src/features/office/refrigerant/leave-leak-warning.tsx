import { useQuery } from '@tanstack/react-query';
import { LeakRepairNotice } from './leak-repair-notice';
import { workOrderRefrigerantQuery } from './refrigerant-api';

/**
 * The leak warning again as a technician clocks out or leaves a work order: every open leak repair of the equipment
 * the work order names, with its deadline and verification tests. Nothing while loading or when none is open.
 */
export function LeaveLeakWarning({ workOrderId }: { workOrderId: number }) {
  const query = useQuery(workOrderRefrigerantQuery(workOrderId));
  const open = (query.data?.leakRepairs ?? []).filter((r) => !r.isClosed);
  return <LeakRepairNotice repairs={open} title="Before you leave: a leak must be repaired" />;
}
