import { and, eq, sql } from 'drizzle-orm';
import {
  fileExtension, newWorkOrderBody, PORTAL_REQUEST_PHOTO_EXTENSIONS, ROLE, type Access, type NoticePayload, type PortalServiceRequestAnswer, type portalServiceRequestBody,
} from '@sm/shared';
import type { z } from 'zod';
import { customers } from '../../../db/schema';
import type { DbOrTx } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { contentMatchesExtension } from '../../platform/files/file-types';
import { uploadFiles, type FilesDeps, type IncomingFile } from '../../platform/files/files.service';
import { createWorkOrder } from '../work-orders/work-order-create.service';
import type { PortalScope } from './portal-links.service';
import { locationsOf, readPortalWorkOrder } from './portal-read.service';

type RequestInput = z.output<typeof portalServiceRequestBody>;

/**
 * What a portal request may do in the company, whoever sent the link: open the billing customer's location and write
 * one new work order and its files. The portal's own scope (the link's billing customer) is checked before it is used.
 */
const PORTAL_ACCESS: Access = {
  roleIds: [ROLE.Customer],
  roles: [{
    roleId: ROLE.Customer, roleName: 'Customer', isAll: false,
    permissions: [
      { permissionDescription: 'Customers', canRead: true, canWrite: false, functionalities: ['All Customers'] },
      { permissionDescription: 'Work Orders', canRead: true, canWrite: true, functionalities: ['All WorkOrders'] },
    ],
  }],
};

/** The photos, each a picture by its name and its content, named for the office: `Service request photo 1.jpg`. */
function checkedPhotos(photos: IncomingFile[]): IncomingFile[] {
  const accepted: readonly string[] = PORTAL_REQUEST_PHOTO_EXTENSIONS;
  return photos.map((photo, i) => {
    const ext = fileExtension(photo.fileName);
    const shown = photo.fileName || `Photo ${i + 1}`;
    if (!accepted.includes(ext)) throw new AppError(400, `${shown} is not a photo: only ${accepted.join(', ')} files can be sent.`);
    if (!contentMatchesExtension(ext, photo.content)) throw new AppError(400, `${shown} is not a ${ext} picture: its content does not match its type.`);
    return { fileName: `Service request photo ${i + 1}.${ext}`, content: photo.content };
  });
}

/** The problem the office reads: the customer's words, the time that suits them, and who asked and how to call back. */
function problemOf(p: PortalScope, input: RequestInput): string {
  const who = input.contactName || p.contactName;
  const lines = [input.problem, ''];
  if (input.preferredTime) lines.push(`Preferred time: ${input.preferredTime}`);
  lines.push(`Requested through the customer portal by ${who}${input.contactPhone ? ` (${input.contactPhone})` : ''}.`);
  return lines.join('\n');
}

/** Who in the office is told of a request: the company's active Super Admins and Dispatchers, and the link's sender. */
async function officeToTell(db: DbOrTx, p: PortalScope): Promise<number[]> {
  const result = await db.execute(sql`select distinct u.id from users u join user_roles ur on ur.user_id = u.id
     where u.subscriber_id = ${p.subscriberId} and u.is_active and ur.role_id in (${ROLE['Super Admin']}, ${ROLE.Dispatcher})`);
  const ids = (result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
  return [...new Set([...ids, ...p.officeUserIds])];
}

/**
 * `POST CustomerPortal/{id}/serviceRequests`: the contact asks for service at one of the billing customer's locations
 * (another's is a 404). The photos are checked first, so a bad one creates nothing; then the work order is created as
 * the office creates one (numbered, in ToDo or Credit Hold, audited, on the boards), in the name of the office user
 * who sent the link, its problem saying it came through the portal; the photos join its files, and the company's
 * dispatchers are told on the notifications hub.
 */
export async function requestPortalService(p: PortalScope, files: FilesDeps, input: RequestInput): Promise<PortalServiceRequestAnswer> {
  const ctx = p.ctx;
  const [location] = await ctx.db.select({ id: customers.id, name: customers.name }).from(customers).where(and(locationsOf(p), eq(customers.id, input.locationId)));
  if (!location) throw notFound('Location');
  const photos = checkedPhotos(input.photos as IncomingFile[]);
  const body = newWorkOrderBody.parse({ customerId: location.id, problem: problemOf(p, input) });
  const created = await createWorkOrder(ctx, PORTAL_ACCESS, body);
  if (photos.length > 0) await uploadFiles(ctx, files, PORTAL_ACCESS, `workOrders/${created.workOrderId}`, photos);
  const [billing] = await ctx.db.select({ name: customers.name }).from(customers).where(and(eq(customers.subscriberId, p.subscriberId), eq(customers.id, p.billingCustomerId)));
  const payload: NoticePayload = {
    kind: 'serviceRequest', workOrderId: created.workOrderId, workOrderNumber: created.workOrderNumber, customerName: billing.name, contactName: input.contactName || p.contactName, photoCount: photos.length,
  };
  ctx.events?.publish({ subscriberId: p.subscriberId, event: 'notice', payload, userIds: await officeToTell(ctx.db, p) });
  return { ...(await readPortalWorkOrder(p, created.workOrderId)), photoCount: photos.length };
}
