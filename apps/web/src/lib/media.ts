/** Phone width: below Mantine's `sm` breakpoint, where the app shell collapses. One query for every screen. */
export const PHONE_QUERY = '(max-width: 47.99em)';
