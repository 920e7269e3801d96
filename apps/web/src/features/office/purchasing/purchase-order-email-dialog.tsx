import { Anchor, Group, Loader, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseOrder } from '@sm/shared';
import { EmailSendForm, type EmailValues } from '../../../components/email/email-send-form';
import { ErrorPanel } from '../../../components/error-panel';
import { apiPost, openPdf } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { FormModal } from './purchase-order-status';
import { PURCHASE_ORDERS_KEY, usePurchaseOrderEmailDefaults } from './purchase-orders-api';

export const purchaseOrderPdfPath = (id: number) => `PurchaseOrder/${id}/pdf`;

/** Opens the purchase order's PDF in a new tab, as the vendor will receive it. */
export const viewPurchaseOrderPdf = (po: Pick<PurchaseOrder, 'purchaseOrderId' | 'number'>) =>
  openPdf(purchaseOrderPdfPath(po.purchaseOrderId), `Purchase-Order-${po.number}.pdf`).catch((e: unknown) => notifyError(e instanceof Error ? e.message : 'The PDF could not be made.'));

function EmailForm({ po, onClose }: { po: PurchaseOrder; onClose: () => void }) {
  const client = useQueryClient();
  const defaults = usePurchaseOrderEmailDefaults(po.purchaseOrderId, true);
  const send = useMutation({
    mutationFn: (values: EmailValues) => apiPost<{ emailOutboxId: number }>(`PurchaseOrder/${po.purchaseOrderId}/email`, values),
    onSuccess: async () => {
      notifySuccess(`The e-mail is on its way, and purchase order ${po.number} is sent.`);
      await client.invalidateQueries({ queryKey: PURCHASE_ORDERS_KEY });
      await client.invalidateQueries({ queryKey: ['workOrder'] });
      onClose();
    },
  });
  if (defaults.isError) return <ErrorPanel title="The e-mail form could not be prepared" message={defaults.error.message} />;
  if (defaults.isPending) return <Loader role="status" aria-label="Preparing the e-mail" />;
  const d = defaults.data;
  return (
    <EmailSendForm
      defaultTo={d.to}
      defaultSubject={d.subject}
      defaultMessage={d.message}
      attachments={
        <Group gap="xs" wrap="nowrap">
          <IconFileTypePdf size={20} aria-hidden />
          <Text size="sm">
            Attached:{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => void viewPurchaseOrderPdf(po)}>
              {d.fileName}
            </Anchor>
          </Text>
        </Group>
      }
      isSending={send.isPending}
      onSend={(values) => send.mutate(values)}
      onCancel={onClose}
    />
  );
}

/** The Email send form for a purchase order: to the vendor, its PDF attached; an open order becomes sent. */
export function PurchaseOrderEmailDialog({ po, opened, onClose }: { po: PurchaseOrder; opened: boolean; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title={`E-mail purchase order ${po.number}`} size="lg">
      {() => <EmailForm po={po} onClose={onClose} />}
    </FormModal>
  );
}
