import { and, asc, eq, sql } from 'drizzle-orm';
import { jsonNumberOf, type LineChoicesAnswer } from '@sm/shared';
import { discountReasons, markupGroups } from '../../../db/schema';
import type { Ctx, DbOrTx, Tx } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { ofTenant } from '../../../lib/tenancy';

/** The list choices of a priced line (a quote or estimate line), as typed. */
export interface LineChoices {
  kind: 'labor' | 'material' | 'standardItem';
  markupGroup?: string | null;
  discount: number;
  discountReason?: string | null;
}

/** The names a line keeps: each as the company's list spells it, or null. */
export interface ChosenNames {
  markupGroup: string | null;
  discountReason: string | null;
}

const REASON_KIND = { labor: 'labor', material: 'item', standardItem: 'item' } as const;
const REASON_WORDS = { labor: 'labor', item: 'items' } as const;

/**
 * A line's markup group and discount reason must be active rows of the company's lists (Customer Markup Groups,
 * Discount Reasons for labor or for items). A name the line already had is kept as it was, so a line priced before a
 * row was retired or renamed can still be edited. Lines keep the names, not the rows, so printed documents do not
 * change when a list does.
 */
export async function chosenNames(tx: Tx, ctx: Ctx, line: LineChoices, before?: ChosenNames): Promise<ChosenNames> {
  const group = line.markupGroup?.trim() || null;
  const reason = line.discount > 0 ? line.discountReason?.trim() || null : null;
  let markupGroup = group;
  if (group && group !== before?.markupGroup) {
    const [found] = await tx
      .select({ name: markupGroups.name })
      .from(markupGroups)
      .where(ofTenant(markupGroups, ctx, eq(markupGroups.isActive, true), sql`lower(${markupGroups.name}) = lower(${group})`));
    if (!found) throw new AppError(400, `Markup Group ${group} is not one of the company's markup groups.`);
    markupGroup = found.name;
  }
  let discountReason = reason;
  if (reason && reason !== before?.discountReason) {
    const kind = REASON_KIND[line.kind];
    const [found] = await tx
      .select({ name: discountReasons.name })
      .from(discountReasons)
      .where(ofTenant(discountReasons, ctx, and(eq(discountReasons.isActive, true), eq(discountReasons.appliesTo, kind)), sql`lower(${discountReasons.name}) = lower(${reason})`));
    if (!found) throw new AppError(400, `Discount Reason ${reason} is not one of the company's discount reasons for ${REASON_WORDS[kind]}.`);
    discountReason = found.name;
  }
  return { markupGroup, discountReason };
}

/** `GET Quotes/lineChoices`: the active rows a line may choose, by name. */
export async function lineChoices(db: DbOrTx, ctx: Ctx): Promise<LineChoicesAnswer> {
  const groups = await db
    .select({ name: markupGroups.name, markupPercent: markupGroups.markupPercent })
    .from(markupGroups)
    .where(ofTenant(markupGroups, ctx, eq(markupGroups.isActive, true)))
    .orderBy(asc(sql`lower(${markupGroups.name})`));
  const reasons = await db
    .select({ name: discountReasons.name, appliesTo: discountReasons.appliesTo })
    .from(discountReasons)
    .where(ofTenant(discountReasons, ctx, eq(discountReasons.isActive, true)))
    .orderBy(asc(sql`lower(${discountReasons.name})`));
  return { markupGroups: groups.map((g) => ({ name: g.name, markupPercent: jsonNumberOf(g.markupPercent) })), discountReasons: reasons };
}
