import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { defaultDocumentTemplate, type DocumentKind, type DocumentTemplate, type DocumentTemplateInput } from '@sm/shared';
import type { Ctx, DbOrTx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';
import { subscribers } from '../../platform/subscribers/subscribers.table';
import { documentTemplates } from './documents.table';
import { renderDocumentPdf, type DocumentContent, type LogoPng } from './pdf-document';

const LOGO_MAX_WIDTH = 600;
type Row = typeof documentTemplates.$inferSelect;
/** Whose documents: a person's request or a job of the company. */
type CompanyOf = { actor: Pick<Ctx['actor'], 'subscriberId'> };

function templateOf(kind: DocumentKind, row: Row | undefined): DocumentTemplate {
  if (!row) return defaultDocumentTemplate(kind);
  return {
    kind,
    headerColour: row.headerColour,
    accentColour: row.accentColour,
    title: row.title,
    terms: row.terms,
    footer: row.footer,
    columns: { ...defaultDocumentTemplate(kind).columns, ...row.columns },
    logo: row.logoPng ? `data:image/png;base64,${row.logoPng.toString('base64')}` : null,
    isSaved: true,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function rowOf(db: DbOrTx, ctx: CompanyOf, kind: DocumentKind): Promise<Row | undefined> {
  const [row] = await db.select().from(documentTemplates).where(ofTenant(documentTemplates, ctx, eq(documentTemplates.kind, kind))).limit(1);
  return row;
}

/** `GET DocumentTemplates/{kind}`: the company's template, or the product's defaults until it saves one. */
export async function getDocumentTemplate(ctx: Ctx, kind: DocumentKind): Promise<DocumentTemplate> {
  return templateOf(kind, await rowOf(ctx.db, ctx, kind));
}

/** The template and its logo bytes, for rendering a document of the company. */
export async function documentLookOf(db: DbOrTx, ctx: CompanyOf, kind: DocumentKind): Promise<{ template: DocumentTemplate; logo: LogoPng }> {
  const row = await rowOf(db, ctx, kind);
  return { template: templateOf(kind, row), logo: row?.logoPng ?? null };
}

/** A chosen picture as the PNG kept: decoded (so only a real PNG or JPEG passes), at most 600 px wide, metadata dropped. */
async function logoPngOf(dataUrl: string): Promise<Buffer> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  try {
    const image = sharp(bytes, { limitInputPixels: 40_000_000 });
    const { format } = await image.metadata();
    if (format !== 'png' && format !== 'jpeg') throw new Error(`format ${format}`);
    return await image.resize({ width: LOGO_MAX_WIDTH, withoutEnlargement: true }).png().toBuffer();
  } catch {
    throw new AppError(400, 'Logo must be a PNG or JPEG picture.');
  }
}

/**
 * `PUT DocumentTemplates/{kind}`: saves how the company's quotes or invoices look. The logo is decoded and re-encoded
 * before anything is written, so a file that is not a picture changes nothing.
 */
export async function saveDocumentTemplate(ctx: Ctx, kind: DocumentKind, input: DocumentTemplateInput): Promise<DocumentTemplate> {
  const logoPng = input.logo ? await logoPngOf(input.logo) : input.logo === null ? null : undefined;
  const fields = {
    headerColour: input.headerColour.toLowerCase(),
    accentColour: input.accentColour.toLowerCase(),
    title: input.title.trim() || defaultDocumentTemplate(kind).title,
    terms: input.terms.trim(),
    footer: input.footer.trim(),
    columns: input.columns,
    updatedAt: new Date(),
    updatedBy: ctx.actor.userId,
    ...(logoPng !== undefined ? { logoPng } : {}),
  };
  const [row] = await ctx.db
    .insert(documentTemplates)
    .values({ subscriberId: ctx.actor.subscriberId, kind, ...fields, logoPng: logoPng ?? null })
    .onConflictDoUpdate({ target: [documentTemplates.subscriberId, documentTemplates.kind], set: fields })
    .returning();
  return templateOf(kind, row);
}

/** What the preview shows: the company's look on a short example, so an administrator sees colours and columns. */
function previewContent(kind: DocumentKind, companyName: string): DocumentContent {
  const today = new Date().toISOString().slice(0, 10);
  return {
    number: kind === 'quote' ? 'Q-1001 v1' : '1001',
    date: today,
    companyName,
    billTo: ['Example Customer', '100 Main Street', 'Springfield, IL 62701'],
    serviceAt: ['Example Customer #2', '200 Oak Avenue', 'Springfield, IL 62702'],
    facts: [
      { label: 'Work Order', value: '240001' },
      { label: 'Terms', value: 'Net 30' },
    ],
    lines: [
      { description: 'Regular labor', technician: 'Technician', quantity: '2.50', unitPrice: '95.00', discount: '0', amount: '237.50' },
      { description: 'Condenser fan motor 1/3 HP', quantity: '1', unitPrice: '184.20', discount: '10.00', amount: '174.20' },
      { description: 'Trip charge', quantity: '1', unitPrice: '65.00', discount: '0', amount: '65.00' },
    ],
    totals: [
      { label: 'Subtotal', amount: '476.70' },
      { label: 'Tax % (6.25)', amount: '10.89' },
      { label: kind === 'quote' ? 'Quote Total' : 'Invoice Total', amount: '487.59', isEmphasised: true },
    ],
    notes: kind === 'quote' ? 'Replace the condenser fan motor and test the unit.' : null,
  };
}

/** `GET DocumentTemplates/{kind}/preview`: the template as a PDF, on an example quote or invoice. */
export async function previewDocumentTemplate(ctx: Ctx, kind: DocumentKind): Promise<Buffer> {
  const { template, logo } = await documentLookOf(ctx.db, ctx, kind);
  return renderDocumentPdf(template, logo, previewContent(kind, await companyNameOf(ctx.db, ctx)));
}

/** The company's name, as its documents are signed. */
export async function companyNameOf(db: DbOrTx, ctx: Pick<Ctx, 'actor'>): Promise<string> {
  const [row] = await db.select({ name: subscribers.name }).from(subscribers).where(eq(subscribers.id, ctx.actor.subscriberId));
  return row?.name ?? '';
}
