/** A grid's answer as its pager reads it: the total, and whether counting stopped before the last match. */
export interface PagerInput {
  total: number;
  take: number;
  skip: number;
  isTotalCapped?: boolean;
}

/** What the pager shows and allows for one page of an answer. */
export interface PagerView {
  /** The page shown, from 1. */
  page: number;
  /** The pages known: all of them, or, when the total is capped, those up to the count. */
  pageCount: number;
  /** The first and last row shown, from 1 ("26 - 50"); both 0 with no rows. */
  from: number;
  to: number;
  /** The total as a person reads it: "63", or "10,000+" when counting stopped there. */
  totalText: string;
  /** "400" or, when more pages follow the ones counted, "400+". */
  pageCountText: string;
  hasNext: boolean;
  /** Whether the last page is known: not when the total is capped. */
  hasLast: boolean;
}

/**
 * The pager of a server-side grid. A capped total (a grid over a large table stops counting at 10,000) reads
 * "10,000+", and Next stays open past the counted pages: each page further is asked for, and counted, in turn.
 */
export function pagerView({ total, take, skip, isTotalCapped = false }: PagerInput): PagerView {
  const pageCount = Math.max(1, Math.ceil(total / take));
  const asked = Math.floor(skip / take) + 1;
  const page = isTotalCapped ? asked : Math.min(pageCount, asked);
  const plus = isTotalCapped ? '+' : '';
  return {
    page,
    pageCount,
    from: total === 0 ? 0 : skip + 1,
    to: Math.min(total, skip + take),
    totalText: isTotalCapped ? `${total.toLocaleString('en-US')}+` : String(total),
    pageCountText: `${pageCount}${plus}`,
    hasNext: isTotalCapped || page < pageCount,
    hasLast: !isTotalCapped && page < pageCount,
  };
}
