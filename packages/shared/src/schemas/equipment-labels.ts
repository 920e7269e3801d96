import { z } from 'zod';
import { idParam, optionalText } from './common';
import { WORK_ORDER_PROBLEM_MAX } from './work-order-office';

/**
 * QR labels for equipment (spec platform 2.1 /equipments/QRCode) and the work order a technician starts from a scanned
 * label. A label sheet is Avery 5160 (3 × 10 labels on US Letter); each label's QR code is the link of the piece's
 * page, `/equipments/history?equipmentId=N`, under the address people reach the product at.
 */

/** Most labels one request prints: ten sheets. */
export const EQUIPMENT_LABELS_MAX = 300;

const MAX_INT = 2_147_483_647;
const tooMany = `At most ${EQUIPMENT_LABELS_MAX} labels are printed at once: choose fewer pieces of equipment.`;

/** Ids in a query string, written in digits and separated by commas (`41,42,43`); repeats count once. */
const idListText = (label: string) =>
  z
    .string({ error: `${label} must be ids written in digits, separated by commas.` })
    .max(EQUIPMENT_LABELS_MAX * 11, tooMany)
    .regex(/^\d{1,10}(,\d{1,10})*$/, `${label} must be ids written in digits, separated by commas (41,42,43).`)
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .pipe(
      z
        .array(z.number().min(1, `${label} ids must be positive numbers.`).max(MAX_INT, `${label} id is out of range.`))
        .max(EQUIPMENT_LABELS_MAX, tooMany),
    )
    .meta({ description: `${label} ids, in digits, separated by commas`, example: '41,42,43' });

/**
 * `GET Equipment/labels`: the pieces named (`equipmentIds`), or every piece in service at a location (`customerId`);
 * with both, the pieces named, each of which must stand at that location.
 */
export const equipmentLabelsQuery = z
  .object({
    equipmentIds: idListText('Equipment').optional(),
    customerId: idParam('Location').optional(),
  })
  .refine((q) => q.equipmentIds !== undefined || q.customerId !== undefined, { message: 'Choose a location or the pieces of equipment to print labels for.' });
export type EquipmentLabelsQuery = z.input<typeof equipmentLabelsQuery>;
export type EquipmentLabelsParsed = z.output<typeof equipmentLabelsQuery>;

/** `POST Equipment/{equipmentId}/startWorkOrder`: the problem the new work order states; the piece's name when left out. */
export const startEquipmentWorkOrderBody = z
  .object({ problem: optionalText('Problem', WORK_ORDER_PROBLEM_MAX).trim().nullish() })
  .meta({ example: { problem: 'Walk-in Cooler 2 (S/N HX-2291-B): not holding temperature' } });
export type StartEquipmentWorkOrderBody = z.input<typeof startEquipmentWorkOrderBody>;

/** The problem a work order started from a piece states when none is given: the piece and its serial. */
export const equipmentProblemOf = (piece: { name: string; serialNumber: string | null }) => (piece.serialNumber ? `${piece.name} (S/N ${piece.serialNumber})` : piece.name);

/** Where a scanned label leads: the piece's page under the address people reach the product at. */
export const equipmentLinkOf = (publicUrl: string, equipmentId: number) => `${publicUrl}/equipments/history?equipmentId=${equipmentId}`;
