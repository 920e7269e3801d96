import { deflateSync } from 'node:zlib';
import { and, asc, count, eq } from 'drizzle-orm';
import { auditLog, users, workOrderTechnicians, workOrders } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';

/** The work orders assigned to a demo user, by number: what that technician may open. */
export async function workOrdersOf(t: TestApp, userName: string) {
  const [u] = await t.db.select().from(users).where(eq(users.userName, userName));
  return t.db
    .select({ id: workOrders.id, number: workOrders.workOrderNumber, billingCustomerId: workOrders.billingCustomerId, subscriberId: workOrders.subscriberId })
    .from(workOrders)
    .innerJoin(workOrderTechnicians, eq(workOrderTechnicians.workOrderId, workOrders.id))
    .where(eq(workOrderTechnicians.userId, u.id))
    .orderBy(asc(workOrders.workOrderNumber));
}

/** How many audit entries one record has, to prove a write was audited. */
export async function auditCount(t: TestApp, entity: string, entityId: number) {
  const [{ n }] = await t.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)));
  return n;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A real PNG of the given size (transparent RGBA); with `totalBytes`, padded with a text chunk to exactly that many
 * bytes, to try the size limit.
 */
export function pngOf(width: number, height: number, totalBytes?: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))];
  if (totalBytes !== undefined) {
    const size = parts.reduce((n, p) => n + p.length, 0);
    parts.splice(3, 0, chunk('tEXt', Buffer.alloc(totalBytes - size - 12, 0x61)));
  }
  return Buffer.concat(parts);
}

/** A PNG as the signature pad sends it. */
export const dataUrlOf = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
