import type { QuoteView } from '@sm/shared';
import { PricedTotals } from '../../../components/priced-lines/priced-totals';

/** The version's totals, profit and profit factor against the minimum its total requires (spec platform 5.6). */
export function QuoteTotals({ totals }: { totals: QuoteView['totals'] }) {
  return <PricedTotals totals={totals} noun="quote" blocked="submitted or approved" />;
}
