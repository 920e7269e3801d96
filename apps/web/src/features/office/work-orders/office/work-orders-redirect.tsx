import { hasFunctionality } from '@sm/shared';
import { Navigate } from 'react-router';
import { useSignedIn } from '../../../platform/auth/session-context';
import { WORK_ORDER_OFFICE_PATHS } from './office-paths';

/** `/workOrder`: the office goes to All Work Orders, anyone else to their own work orders. */
export default function WorkOrdersRedirect() {
  const { access } = useSignedIn();
  const seesAll = hasFunctionality(access, 'Work Orders', 'All WorkOrders');
  return <Navigate to={seesAll ? WORK_ORDER_OFFICE_PATHS.all : WORK_ORDER_OFFICE_PATHS.mine} replace />;
}
