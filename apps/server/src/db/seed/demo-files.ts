import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { Db } from '../client';
import { customers, invoices, subscribers, users, workOrderTechnicians, workOrders } from '../schema';
import { uploadFiles } from '../../features/platform/files/files.service';
import type { FileStore } from '../../features/platform/files/storage/file-store';
import { demoActor, type DemoCompany } from './demo-actors';

/** A photo of an equipment nameplate, as a technician takes one on site: a plate with its stamped lines. */
async function nameplate(lines: string[], tint: string): Promise<Buffer> {
  const rows = lines.slice(1).map((l, i) => `<text x="40" y="${120 + i * 46}" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#1b1b1b">${escape(l)}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="${160 + lines.length * 46}">
    <rect width="100%" height="100%" fill="${tint}"/>
    <rect x="16" y="16" width="768" height="${128 + lines.length * 46}" rx="14" fill="#d9dcdf" stroke="#7c8288" stroke-width="4"/>
    <circle cx="40" cy="40" r="8" fill="#7c8288"/><circle cx="760" cy="40" r="8" fill="#7c8288"/>
    <text x="40" y="66" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" font-weight="bold" fill="#0b3d6b">${escape(lines[0])}</text>
    ${rows}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A one-page service report, as the office scans the signed paper ticket. */
function serviceReport(title: string, lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // A fixed creation date and no random id, so the same demo makes the same file.
    const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: title, Author: 'Polar Refrigeration', CreationDate: new Date('2026-01-01T00:00:00Z') } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text('Polar Refrigeration', { continued: false }).moveDown(0.2);
    doc.fontSize(10).fillColor('#555').text('4100 Commerce St, Dallas, TX 75226 · 214-555-0100').moveDown(1);
    doc.fillColor('#000').fontSize(14).text(title).moveDown(0.6);
    doc.fontSize(11);
    for (const l of lines) doc.text(l).moveDown(0.3);
    doc.moveDown(2).text('Customer signature: ______________________________    Date: ____________');
    doc.end();
  });
}

/** What is attached to a site's first finished job, and to the current period's first job at a site. */
const ATTACHMENTS: { site: string; files: (n: string) => Promise<{ fileName: string; content: Buffer }[]> }[] = [
  {
    site: 'FreshMart #112 Lakewood',
    files: async (n) => [
      { fileName: 'Condensing unit nameplate.png', content: await nameplate(['HEATCRAFT', 'MODEL  MOZ060L63CF', 'SERIAL  T17J04512', 'R-404A  28 LB   208-230/3/60', 'RLA 17.9   LRA 120'], '#4a6073') },
      { fileName: `Service report WO ${n}.pdf`, content: await serviceReport(`Service report, work order ${n}`, ['Site: FreshMart #112 Lakewood, 6333 E Mockingbird Ln, Dallas', 'Complaint: walk-in cooler at 48°F', 'Found: condenser fan motor seized, head pressure high', 'Replaced condenser fan motor 1/3 HP, added 6 lb R-404A', 'Left box at 36°F, holding']) },
    ],
  },
  {
    site: 'Trinity Medical Center North',
    files: async (n) => [
      { fileName: 'RTU-2 nameplate.png', content: await nameplate(['CARRIER', 'MODEL  48FCEM08A2A6', 'SERIAL  2218C81734', 'R-410A  13.2 LB   460/3/60', 'MCA 21.0   MOCP 30'], '#55624a') },
      { fileName: `Signed ticket WO ${n}.pdf`, content: await serviceReport(`Signed ticket, work order ${n}`, ['Site: Trinity Medical Center North, 7777 Forest Ln, Dallas', 'Complaint: rooftop unit tripping breaker', 'Replaced compressor contactor and dual run capacitor', 'Amp draw normal after repair, unit cycling on thermostat']) },
    ],
  },
  {
    site: 'Pecan Lodge Deep Ellum',
    files: async () => [{ fileName: 'Ice machine before cleaning.png', content: await nameplate(['MANITOWOC', 'MODEL  IYT0500A', 'SERIAL  1100982354', 'R-404A  20 OZ   115/1/60'], '#6b5a47') }],
  },
];

/**
 * Files on the demo's work orders, uploaded by the technician through the file service into the file store: nameplate
 * photos (real PNG pictures) and scanned service reports (real PDF documents) on Polar's jobs worked through the seed.
 * Run once after the demo is seeded, with the store the server uses; the pictures are the same on every run.
 */
export async function seedDemoFiles(db: Db, store: FileStore, now = new Date()) {
  const [polar] = await db.select({ id: subscribers.id, timeZone: subscribers.timeZone }).from(subscribers).orderBy(asc(subscribers.id)).limit(1);
  if (!polar) return;
  const company: DemoCompany = { id: polar.id, timeZone: polar.timeZone, users: {} };
  const [tech] = await db.select({ id: users.id }).from(users).where(and(eq(users.subscriberId, polar.id), eq(users.userName, 'tech')));
  if (!tech) return;
  company.users.tech = tech.id;
  const tom = await demoActor(db, company, 'tech');
  const deps = { store, secret: randomBytes(32).toString('base64url') };
  for (const a of ATTACHMENTS) {
    // The technician's first invoiced job at the site: one the demo worked and billed through the services.
    const [job] = await db
      .select({ id: workOrders.id, number: workOrders.workOrderNumber })
      .from(workOrders)
      .innerJoin(customers, eq(customers.id, workOrders.customerId))
      .innerJoin(invoices, eq(invoices.workOrderId, workOrders.id))
      .innerJoin(workOrderTechnicians, and(eq(workOrderTechnicians.workOrderId, workOrders.id), eq(workOrderTechnicians.userId, tom.userId)))
      .where(and(eq(workOrders.subscriberId, polar.id), eq(customers.name, a.site)))
      .orderBy(asc(workOrders.id))
      .limit(1);
    if (!job) continue;
    await uploadFiles(tom.at(now), deps, tom.access, `workOrders/${job.id}`, await a.files(job.number));
  }
}
