import type { QuoteLineBody, QuoteLineRow } from '@sm/shared';
import { PricedLineDialog } from '../../../components/priced-lines/priced-line-dialog';

interface Props {
  /** The line to change, or null to add one. */
  line: QuoteLineRow | null;
  /** The version's other lines, for the quote's totals and profit factor after this change. */
  otherLines: readonly QuoteLineRow[];
  isSaving: boolean;
  onSave: (body: QuoteLineBody) => void;
  onClose: () => void;
}

/** Add or change a line of a quote version, its price and the quote's profit factor computed as it is typed. */
export function QuoteLineDialog(props: Props) {
  return <PricedLineDialog {...props} noun="quote" />;
}
