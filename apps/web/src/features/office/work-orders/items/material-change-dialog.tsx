import { Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { updateMaterialBody, type MaterialRow } from '@sm/shared';
import { useCallback, useState, type FormEvent } from 'react';
import { numberOrUndefined, useSchemaForm } from '../../../../lib/schema-form';
import { useIsPhone } from '../../../field/clock/clock-modal';
import { QUANTITY_INPUT } from '../../../../components/number-inputs';
import { materialStatusesQuery } from './items-api';
import { useUpdateMaterial } from './material-stock-api';
import { MaterialStockFields, stockBodyOf, type StockValues } from './material-stock-fields';

/**
 * Changes a material's status, quantity and place: used, returned for credit, transferred, written off. Its other
 * fields (part, description, prices) go back as they are; the server moves stock by the difference.
 */
export function MaterialChangeDialog({ workOrderId, material, onClose }: { workOrderId: number; material: MaterialRow; onClose: () => void }) {
  const isPhone = useIsPhone();
  const statuses = useQuery(materialStatusesQuery);
  const update = useUpdateMaterial(workOrderId);
  const { errors, clear, check } = useSchemaForm(updateMaterialBody);
  const [statusId, setStatusId] = useState<string | null>(String(material.materialStatusId));
  const [quantity, setQuantity] = useState<number | string>(material.quantity);
  const [stock, setStockValues] = useState<StockValues>({
    itemId: material.itemId,
    warehouseId: material.warehouseId,
    transferToWarehouseId: material.transferToWarehouseId,
    writeOffReason: material.writeOffReason ?? '',
  });
  const setStock = useCallback(
    (next: Partial<StockValues>) => {
      setStockValues((s) => ({ ...s, ...next }));
      for (const field of Object.keys(next)) clear(field);
    },
    [clear],
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({
      materialStatusId: statusId ? Number(statusId) : undefined,
      partNumber: material.partNumber,
      description: material.description,
      quantity: numberOrUndefined(quantity),
      unitCost: material.unitCost,
      markupPercent: material.markupPercent,
      unitPrice: material.unitPrice,
      vendorId: stock.itemId == null ? null : material.vendorId,
      ...stockBodyOf(stock),
    });
    if (body) update.mutate({ materialId: material.materialId, body }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title="Change material" fullScreen={isPhone} size="lg">
      <form onSubmit={submit} noValidate aria-label="Change material">
        <Stack gap="md">
        <Text fw={600}>{[material.partNumber, material.description].filter(Boolean).join(' — ')}</Text>
        <Select
          label="Material Status"
          withAsterisk
          size="md"
          allowDeselect={false}
          searchable
          data={(statuses.data ?? []).map((s) => ({ value: String(s.materialStatusId), label: s.materialStatus }))}
          value={statusId}
          onChange={(v) => {
            setStatusId(v);
            clear('materialStatusId');
          }}
          error={errors.materialStatusId}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput label="Quantity" withAsterisk {...QUANTITY_INPUT} value={quantity} onChange={setQuantity} error={errors.quantity} />
        <MaterialStockFields
          statusId={statusId ? Number(statusId) : null}
          values={stock}
          onChange={setStock}
          errors={errors}
          itemLabel={material.itemId == null ? null : [material.partNumber, material.description].filter(Boolean).join(' — ')}
        />
        <Group justify="flex-end" gap="sm" grow={isPhone}>
          <Button variant="default" size="md" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="md" loading={update.isPending}>
            Save
          </Button>
        </Group>
        </Stack>
      </form>
    </Modal>
  );
}
