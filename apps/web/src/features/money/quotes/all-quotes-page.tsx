import { QuotesGrid } from './quotes-grid';

/** `/quotes/all`: every quote of the company. */
export default function AllQuotesPage() {
  return <QuotesGrid isOpenOnly={false} />;
}
