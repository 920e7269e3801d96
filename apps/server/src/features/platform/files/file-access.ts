import { eq } from 'drizzle-orm';
import { canAddExemptFiles, canRead, canSeeExemptFiles, canWrite, parseFolder, type Access, type FolderRef } from '@sm/shared';
import { customers } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { AppError, forbidden, notFound } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { visibleCustomer } from '../../office/customers/customer-visibility';
import { visibleWorkOrder } from '../../office/work-orders/work-order-visibility';

export type FolderUse = 'read' | 'write';

/** A folder the caller may use, with the prefix of its keys in the store. */
export interface OpenFolder {
  ref: FolderRef;
  name: string;
  prefix: string;
}

const AREA = { workOrders: 'Work Orders', customers: 'Customers' } as const;

/**
 * The one gate of the file store. A folder is the attachments of a record (a work order, a customer), a customer's
 * exempt certificates, or the editor's pictures; the caller needs read (or write) on the record's area and must see the record under its visibility rule,
 * so a folder of a work order the caller cannot open, or of another company, is missing (404) like the record. Every
 * key is prefixed with the caller's company, which no input can change.
 */
export async function openFolder(ctx: Ctx, access: Access, folder: string, use: FolderUse): Promise<OpenFolder> {
  const ref = parseFolder(folder);
  if (!ref) throw new AppError(400, 'Folder must be workOrders/{id}, customers/{id}, taxExempt/{id} or richText.');
  if (ref.kind === 'richText') {
    if (!canWrite(access, 'Work Orders')) throw forbidden();
  } else if (ref.kind === 'taxExempt') {
    // A customer's exempt certificates: seen from the Tax Exempt dialog, added only by a Super Admin or a Payroll Manager.
    if (!(use === 'write' ? canAddExemptFiles(access) : canSeeExemptFiles(access))) throw forbidden();
    const [found] = await ctx.db.select({ id: customers.id }).from(customers).where(ofTenant(customers, ctx, eq(customers.id, ref.id)));
    if (!found) throw notFound('Customer');
  } else {
    const allowed = use === 'write' ? canWrite(access, AREA[ref.kind]) : canRead(access, AREA[ref.kind]);
    if (!allowed) throw forbidden();
    if (ref.kind === 'workOrders') await visibleWorkOrder(ctx.db, ctx, access, ref.id);
    else await visibleCustomer(ctx.db, ctx, access, ref.id);
  }
  return { ref, name: folder, prefix: `${ctx.actor.subscriberId}/${folder}/` };
}

/**
 * Whether a name can only mean a file directly in its folder: no slash or backslash, not `.` or `..`, no control
 * character. A name that is not is answered as a file that is not there, before the store is asked.
 */
export const isPlainName = (name: string) => name !== '' && name !== '.' && name !== '..' && name.length <= 255 && !/[/\\\u0000-\u001f]/.test(name);

/** The folder and name of a path such as `workOrders/1042/Coil.jpg`; a 400 with a sentence when it names none. */
export function splitPath(path: string): { folder: string; name: string } {
  const cut = path.lastIndexOf('/');
  const folder = cut > 0 ? path.slice(0, cut) : '';
  const name = path.slice(cut + 1);
  if (!parseFolder(folder) || !isPlainName(name)) throw new AppError(400, 'Path must be a folder and a file name, e.g. workOrders/1042/Coil.jpg.');
  return { folder, name };
}

/** Where a file's thumbnail is kept: beside the company's folders, never listed with them. */
export const thumbnailKey = (subscriberId: number, folder: string, name: string) => `${subscriberId}/thumbnails/${folder}/${name}.jpg`;
