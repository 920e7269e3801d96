import type { QuoteLineRow } from '@sm/shared';

/**
 * A line priced from its cost, markup and discount, as quotes and customer estimates both have them: everything of a
 * quote line but its id, which each feature names its own way.
 */
export type PricedLine = Omit<QuoteLineRow, 'quoteLineId'>;
