import { and, eq, inArray } from 'drizzle-orm';
import { EQUIPMENT_LABELS_MAX, equipmentLinkOf, type Access, type Equipment, type EquipmentLabelsParsed } from '@sm/shared';
import { equipment } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { companyNameOf } from '../../money/documents/document-templates.service';
import { visibleCustomer, visibleCustomers } from '../customers/customer-visibility';
import { allEquipment } from './equipment-read.service';
import { renderLabelSheet } from './equipment-label-sheet';

const tooMany = `At most ${EQUIPMENT_LABELS_MAX} labels are printed at once: choose fewer pieces of equipment.`;

/**
 * The pieces to print: those named (each one the caller sees, else the 404 another company's gets; with a location,
 * each must stand there), or every piece in service at a location the caller sees. By location, then name.
 */
async function piecesToLabel(ctx: Ctx, access: Access, q: EquipmentLabelsParsed): Promise<Equipment[]> {
  const location = q.customerId === undefined ? undefined : await visibleCustomer(ctx.db, ctx, access, q.customerId);
  if (q.equipmentIds) {
    const pieces = await allEquipment(ctx.db, ctx, and(inArray(equipment.id, q.equipmentIds), visibleCustomers(ctx, access))!);
    if (pieces.length !== q.equipmentIds.length) throw notFound('Equipment');
    const elsewhere = location && pieces.find((p) => p.customerId !== location.id);
    if (elsewhere) throw new AppError(400, `${elsewhere.name} is not at ${location.name}.`);
    return pieces.sort((a, b) => a.customerName.localeCompare(b.customerName) || a.customerId - b.customerId);
  }
  const pieces = await allEquipment(ctx.db, ctx, and(eq(equipment.customerId, location!.id), eq(equipment.isActive, true))!);
  if (pieces.length === 0) throw new AppError(400, `No equipment in service is registered at ${location!.name}: there is no label to print.`);
  if (pieces.length > EQUIPMENT_LABELS_MAX) throw new AppError(400, tooMany);
  return pieces;
}

/**
 * `GET Equipment/labels`: a PDF of Avery 5160 label sheets, one label a piece, each with the QR code of the piece's
 * page under PUBLIC_URL (opened after sign-in) and its name, serial and location in small type.
 */
export async function equipmentLabels(ctx: Ctx, access: Access, q: EquipmentLabelsParsed, publicUrl: string): Promise<{ pdf: Buffer; fileName: string }> {
  const pieces = await piecesToLabel(ctx, access, q);
  const labels = pieces.map((p) => ({ link: equipmentLinkOf(publicUrl, p.equipmentId), name: p.name, serialNumber: p.serialNumber, location: p.customerName }));
  const pdf = await renderLabelSheet(labels, await companyNameOf(ctx.db, ctx));
  const fileName = pieces.length === 1 ? `equipment-label-${pieces[0].equipmentId}.pdf` : 'equipment-labels.pdf';
  return { pdf, fileName };
}
