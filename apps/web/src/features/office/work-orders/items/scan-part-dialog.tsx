import { Alert, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconCamera, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MATERIAL_STOCK_STATUS, type InventoryItemOption } from '@sm/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { numberOrUndefined } from '../../../../lib/schema-form';
import { useIsPhone } from '../../../field/clock/clock-modal';
import { QUANTITY_INPUT } from '../../../../components/number-inputs';
import { useAddMaterial } from './items-api';
import { findItemByBarcode, materialLocationsQuery } from './material-stock-api';

/** The browser's barcode reader, where it has one (Chromium on Android, for example). */
interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeReaderClass = new (options?: { formats?: string[] }) => BarcodeReader;
const readerClass = (): BarcodeReaderClass | undefined => (globalThis as { BarcodeDetector?: BarcodeReaderClass }).BarcodeDetector;

/** Reads barcodes from the camera into `onCode` while `isOn`; says why when the camera cannot be used. */
function useCameraScan(isOn: boolean, onCode: (code: string) => void) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  }, [onCode]);
  useEffect(() => {
    const Reader = readerClass();
    if (!isOn || !Reader) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let isStopped = false;
    const reader = new Reader({ formats: ['ean_13', 'upc_a', 'code_128', 'code_39', 'qr_code'] });
    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (isStopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        timer = setInterval(() => {
          if (!video.current) return;
          reader
            .detect(video.current)
            .then((found) => {
              if (found[0]?.rawValue) latest.current(found[0].rawValue);
            })
            .catch(() => undefined);
        }, 300);
      } catch {
        setProblem('The camera could not be opened: type or paste the barcode instead.');
      }
    };
    void start();
    return () => {
      isStopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [isOn]);
  return { video, problem };
}

/**
 * "Scan part": the technician scans a part's barcode with the camera (or types or pastes it) and adds it to his work
 * order as Sold From Inventory from his own truck, quantity 1 unless he changes it.
 */
export function ScanPartDialog({ workOrderId, onClose }: { workOrderId: number; onClose: () => void }) {
  const isPhone = useIsPhone();
  const queryClient = useQueryClient();
  const locations = useQuery(materialLocationsQuery);
  const truck = locations.data?.find((l) => l.isMine) ?? null;
  const add = useAddMaterial(workOrderId);
  const [code, setCode] = useState('');
  const [isCameraOn, setCameraOn] = useState(false);
  const [isLooking, setLooking] = useState(false);
  const [item, setItem] = useState<InventoryItemOption | null>(null);
  const [unknown, setUnknown] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | string>(1);

  const lookUp = async (barcode: string) => {
    const text = barcode.trim();
    if (!text) return;
    setLooking(true);
    setUnknown(null);
    try {
      const found = await findItemByBarcode(text, truck?.warehouseId ?? null);
      setItem(found);
      setQuantity(1);
      if (!found) setUnknown(`No part has the barcode ${text}.`);
    } finally {
      setLooking(false);
    }
  };
  const onCode = (scanned: string) => {
    setCameraOn(false);
    setCode(scanned);
    void lookUp(scanned);
  };
  const { video, problem } = useCameraScan(isCameraOn, onCode);

  const find = (e: FormEvent) => {
    e.preventDefault();
    void lookUp(code);
  };
  const addPart = () => {
    const q = numberOrUndefined(quantity);
    if (!item || !truck || q === undefined || q <= 0) return;
    add.mutate(
      { workOrderId, materialStatusId: MATERIAL_STOCK_STATUS.soldFromInventory, itemId: item.itemId, warehouseId: truck.warehouseId, quantity: q },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: ['inventory'] });
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Scan part" fullScreen={isPhone} size="md">
      <Stack gap="md">
        {locations.isSuccess && !truck && (
          <Alert color="yellow" title="No truck">
            You have no truck to take parts from. Ask the office for one, or add the material with a location.
          </Alert>
        )}
        {readerClass() && (
          <Stack gap="xs">
            {isCameraOn && <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8, background: '#000' }} aria-label="Camera" />}
            <Button variant="light" size="md" leftSection={<IconCamera size={18} />} onClick={() => setCameraOn((v) => !v)}>
              {isCameraOn ? 'Stop camera' : 'Scan with camera'}
            </Button>
            {problem && (
              <Text size="sm" c="red">
                {problem}
              </Text>
            )}
          </Stack>
        )}
        <form onSubmit={find} aria-label="Find part by barcode">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Barcode"
              description="Type or paste the barcode or part number"
              size="md"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              autoComplete="off"
              inputMode="text"
              style={{ flex: 1 }}
              data-autofocus
            />
            <Button type="submit" size="md" loading={isLooking} leftSection={<IconSearch size={18} />}>
              Find
            </Button>
          </Group>
        </form>
        {unknown && (
          <Text role="alert" c="red" size="sm">
            {unknown}
          </Text>
        )}
        {item && (
          <Stack gap="sm" data-testid="scanned-part">
            <div>
              <Text fw={700}>{item.partNumber}</Text>
              <Text size="sm">{item.description}</Text>
              {item.available != null && (
                <Text size="sm" c={item.available > 0 ? 'dimmed' : 'red'}>
                  {item.available.toLocaleString('en-US', { maximumFractionDigits: 3 })} available on {truck?.name ?? 'your truck'}
                </Text>
              )}
            </div>
            <NumberInput label="Quantity" {...QUANTITY_INPUT} value={quantity} onChange={setQuantity} />
            <Button size="lg" onClick={addPart} loading={add.isPending} disabled={!truck}>
              Add to work order
            </Button>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
