import { Button, type ButtonProps } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError } from '../../../lib/notify';
import { downloadEquipmentLabels } from './equipment-api';

/**
 * Downloads a sheet of labels (Avery 5160) and says so while the PDF is made; a refusal (too many, nothing in service)
 * is shown with the server's sentence.
 */
export function useLabelDownload() {
  const [isBusy, setBusy] = useState(false);
  const download = async (choice: Parameters<typeof downloadEquipmentLabels>[0]) => {
    setBusy(true);
    try {
      await downloadEquipmentLabels(choice);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'The labels could not be made.');
    } finally {
      setBusy(false);
    }
  };
  return { isBusy, download };
}

/** "Print QR label" for one piece: its label, top left of a sheet. */
export function PrintLabelButton({ equipmentId, ...props }: { equipmentId: number } & ButtonProps) {
  const { isBusy, download } = useLabelDownload();
  return (
    <Button variant="default" leftSection={<IconQrcode size={16} aria-hidden />} loading={isBusy} onClick={() => void download({ equipmentIds: [equipmentId] })} {...props}>
      Print QR label
    </Button>
  );
}
