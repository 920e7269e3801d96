import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { THEME_PRIMARY } from '@sm/shared';

/** Ten shades around the product's primary colour (#337ab7 at index 6, spec platform 9). */
const brand: MantineColorsTuple = [
  '#f1f6fa',
  '#deeaf3',
  '#c2d7e9',
  '#a1c2de',
  '#81add2',
  '#5c95c5',
  THEME_PRIMARY,
  '#2d6ba1',
  '#275d8b',
  '#214e75',
];

/** The Mantine theme: the product blue as primary colour. */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  defaultRadius: 'sm',
  cursorType: 'pointer',
});
