import type { QuoteLineRow } from '@sm/shared';
import { PricedLinesTable } from '../../../components/priced-lines/priced-lines-table';

interface Props {
  lines: readonly QuoteLineRow[];
  isEditable: boolean;
  onEdit: (line: QuoteLineRow) => void;
  onDelete: (line: QuoteLineRow) => void;
}

const EMPTY = { editable: 'No lines yet. Add the labor, materials and standard items this quote offers.', locked: 'This version has no lines.' };

/** The lines of a version: a table on a desk, cards on a phone; Edit and Delete while the version may change. */
export function QuoteLines(props: Props) {
  return <PricedLinesTable {...props} lineKey={(l) => l.quoteLineId} label="Quote lines" emptyText={EMPTY} />;
}
