import { QuotesGrid } from './quotes-grid';

/** `/quotes`: the quotes still waiting for an answer. */
export default function QuotesPage() {
  return <QuotesGrid isOpenOnly />;
}
