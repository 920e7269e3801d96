import { Alert } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { canWrite, WORK_ORDER_STATUS } from '@sm/shared';
import { useSignedIn } from '../../../platform/auth/session-context';
import { AttachmentsPanel } from '../../../platform/files/attachments-panel';
import type { WorkOrderDetails } from './work-order-api';

/**
 * The work order's photos and documents. A work order in status 3 ("need attachment") says so above them, so the
 * technician on site knows to take the photo before leaving.
 */
export function WorkOrderAttachments({ workOrder }: { workOrder: WorkOrderDetails }) {
  const { access } = useSignedIn();
  const needsOne = workOrder.workOrderStatusId === WORK_ORDER_STATUS.NeedAttachment;
  return (
    <AttachmentsPanel
      folder={`workOrders/${workOrder.workOrderId}`}
      canChange={canWrite(access, 'Work Orders')}
      emailSubject={`Work Order ${workOrder.workOrderNumber}`}
      notice={
        needsOne && (
          <Alert color="orange" icon={<IconPaperclip size={18} />} title="This work order needs an attachment">
            Add a photo or a document of the work before leaving the site.
          </Alert>
        )
      }
    />
  );
}
