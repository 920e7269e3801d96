/** The parts of a customer's address a person reads; any of them may be blank or not known. */
export interface AddressParts {
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}

/**
 * "Dallas, TX 75201": the city, state and zip line of an address, blanks left out with their separators, so a site
 * typed without a state or zip reads "Dallas" and not "Dallas, ". Empty when all three are blank.
 */
export function cityLineOf(c: AddressParts): string {
  return [c.city, [c.state, c.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/**
 * "1401 Elm St, Dallas, TX 75201": a whole address on one line, as pickers, lists and estimates show it, blanks
 * left out the same way. Empty when the customer has no address at all, so the caller says what to show instead.
 */
export function addressLineOf(c: AddressParts): string {
  return [c.address, cityLineOf(c)].filter(Boolean).join(', ');
}
