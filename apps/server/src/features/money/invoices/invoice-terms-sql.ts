import { sql, type SQL } from 'drizzle-orm';

/**
 * The days an invoice is given to be paid: the net days of its billing customer's terms (a Terms list row, joined as
 * `terms`); an invoice whose customer has no terms is due on its date. Collections ages invoices by it and the
 * accounting posting sends the due date it makes, so the books and the aging agree.
 */
export const termsDaysSql = (terms: string): SQL => sql.raw(`coalesce(${terms}.whole_number, 0)`);
