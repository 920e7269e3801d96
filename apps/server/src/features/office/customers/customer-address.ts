import { sql } from 'drizzle-orm';
import type { CustomerAddress } from '@sm/shared';
import { customers } from '../../../db/schema';

/**
 * A customer's address and phone as a select names them: the fields of `customerAddressSchema`, spread into the
 * select of every answer that shows them, so a field added to the address is read everywhere at once.
 */
export const customerAddressColumns = {
  address: customers.address,
  city: customers.city,
  state: customers.state,
  zip: customers.zip,
  phone: customers.phone,
} satisfies Record<keyof CustomerAddress, unknown>;

/** The same fields taken from a whole customer row already read. */
export const customerAddressOf = (c: Pick<typeof customers.$inferSelect, keyof CustomerAddress>): CustomerAddress => ({
  address: c.address,
  city: c.city,
  state: c.state,
  zip: c.zip,
  phone: c.phone,
});

/**
 * "1401 Elm St, Dallas, TX 75201" in SQL, so the work-order grids show, sort and filter a site's whole address as
 * one text. Blank parts keep their separators here, unlike `addressLineOf`.
 */
export const customerAddressLine = sql<string>`${customers.address} || ', ' || ${customers.city} || ', ' || ${customers.state} || ' ' || ${customers.zip}`;
