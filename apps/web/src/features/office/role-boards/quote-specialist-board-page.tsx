import { RoleBoard } from './role-board';

/**
 * `/management/quoteSpecialist` (spec platform 2.1): the quotes to write and chase, a column per status (Need Quote,
 * Quote Pending, Quote Open, Get NTE Raised, NTE Raise Requested), each card with its quote, live.
 */
export default function QuoteSpecialistBoardPage() {
  return <RoleBoard board="quoteSpecialist" title="Quote Specialist Board" description="Quotes to write and chase" showQuote />;
}
