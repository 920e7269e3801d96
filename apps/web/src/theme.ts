import { createTheme, rem, type ActionIconProps, type MantineColorsTuple, type MantineThemeComponent } from '@mantine/core';
import { THEME_PRIMARY } from '@sm/shared';
import { contrastVariantColorResolver, WHITE_TEXT_LUMINANCE_LIMIT } from './theme-contrast';

export { contrastVariablesResolver } from './theme-contrast';

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

/** WCAG 2.2 AA (2.5.8): a pointer target is at least 24 by 24 CSS pixels. */
const MIN_TARGET_PX = 24;
const SMALL_ACTION_ICONS = new Set(['xs', 'sm']);

/**
 * The Mantine theme: the product blue as primary colour, and the accessibility every page inherits (WCAG 2.2 AA).
 * Filled controls sit on a shade that carries white text at 4.5:1, or take black text where no shade does (yellow,
 * lime, orange, green), no icon button is smaller than a 24 px target, dialogs' close buttons are named and wide
 * tables scroll from the keyboard. Text colours are made readable by
 * `contrastVariablesResolver`, given to the provider beside this theme.
 */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  focusRing: 'auto',
  // Dialogs, drawers and menus appear without their slide and fade for people who ask their system for less motion.
  respectReducedMotion: true,
  autoContrast: true,
  luminanceThreshold: WHITE_TEXT_LUMINANCE_LIMIT,
  variantColorResolver: contrastVariantColorResolver,
  components: {
    // Plain objects rather than `Component.extend(...)`: extend would bring each component's code into the sign-in page.
    ActionIcon: {
      vars: (_theme: unknown, props: ActionIconProps) => {
        const isSmall = typeof props.size === 'number' ? props.size < MIN_TARGET_PX : SMALL_ACTION_ICONS.has(String(props.size));
        return { root: isSmall ? { '--ai-size': rem(MIN_TARGET_PX) } : {} };
      },
    } as MantineThemeComponent,
    // A dialog's close button is named; an icon alone says nothing to a screen reader.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A menu holds menu items only: no empty placeholder for the first focus (the menu itself takes it).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Form controls' defaults (spec platform 5.5): a number box does not go below 0 unless it says so, and a text area
    // shows 4 rows (autosized ones start at 4 rows and grow).
    NumberInput: { defaultProps: { min: 0 } },
    Textarea: { defaultProps: { rows: 4, minRows: 4 } },
    // A table wider than the screen scrolls sideways; the keyboard can scroll it too, even with nothing to focus inside.
    TableScrollContainer: { defaultProps: { tabIndex: 0 }, classNames: { scrollContainer: 'mantine-focus-auto' } },
  },
});
