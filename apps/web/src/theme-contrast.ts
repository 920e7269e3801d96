import {
  darken,
  defaultVariantColorsResolver,
  getPrimaryShade,
  luminance,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineTheme,
  type VariantColorsResolver,
} from '@mantine/core';

/** WCAG 2.2 AA (1.4.3): normal-size text needs 4.5:1 against what it sits on. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * The luminance above which white text on a colour falls below 4.5:1, so black text is used instead: white's
 * contrast is 1.05 / (L + 0.05), which is 4.5 at L = 0.1833. Mantine's `autoContrast` reads this threshold.
 */
export const WHITE_TEXT_LUMINANCE_LIMIT = 1.05 / MIN_TEXT_CONTRAST - 0.05;

/** The contrast ratio of two colours (WCAG 2.2 relative luminance). */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (lighter + 0.05) / (darker + 0.05);
}

const readsOnAll = (color: string, backgrounds: readonly string[]) => backgrounds.every((bg) => contrastRatio(color, bg) >= MIN_TEXT_CONTRAST);

/**
 * The first candidate that reads at 4.5:1 on every background; when none does, the last candidate darkened step by
 * step until it does. The hue stays; only as much darkness is added as the contrast needs.
 */
export function readableColor(candidates: readonly string[], backgrounds: readonly string[]): string {
  const found = candidates.find((c) => readsOnAll(c, backgrounds));
  if (found) return found;
  const last = candidates[candidates.length - 1];
  for (let amount = 0.02; amount < 1; amount += 0.02) {
    const darker = darken(last, amount);
    if (readsOnAll(darker, backgrounds)) return darker;
  }
  return darken(last, 1);
}

/**
 * The shade a filled control of this palette takes so that its white text reads at 4.5:1: the primary shade when it
 * does, else the first darker shade that does. None does for the palest palettes (yellow, lime, orange, green):
 * they keep their shade and take black text (`autoContrast`).
 */
function whiteTextShade(shades: MantineColorsTuple, theme: MantineTheme): number | null {
  const primary = getPrimaryShade(theme, 'light');
  for (let shade = primary; shade < shades.length; shade += 1) {
    if (contrastRatio(shades[shade], theme.white) >= MIN_TEXT_CONTRAST) return shade;
  }
  return null;
}

/** A filled control's colour under the pointer: the next darker shade, or the darkest one darkened a little. */
function hoverOf(color: string, shade: number, theme: MantineTheme): string {
  const shades = theme.colors[color];
  return shade + 1 < shades.length ? `var(--mantine-color-${color}-${shade + 1})` : darken(shades[shade], 0.1);
}

/**
 * Mantine's variant colours, with a filled control of a palette colour on the shade that carries its white text
 * (`whiteTextShade`): a red or teal button keeps white text on a darker red or teal rather than black text.
 */
export const contrastVariantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'filled') return colors;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade !== undefined) return colors;
  const shade = whiteTextShade(input.theme.colors[parsed.color], input.theme);
  if (shade === null) return colors;
  return {
    ...colors,
    background: `var(--mantine-color-${parsed.color}-${shade})`,
    hover: hoverOf(parsed.color, shade, input.theme),
    color: 'var(--mantine-color-white)',
  };
};

/** The light surfaces text sits on: the body, and the greys of striped and hovered rows and of cards' sections. */
const surfacesOf = (theme: MantineTheme) => [theme.white, theme.colors.gray[0], theme.colors.gray[1]];

/**
 * Mantine's CSS variables with every colour used for text made readable (WCAG 2.2 AA) on the light scheme:
 * dimmed and placeholder text, links, error and success text, and each palette colour's text, outline and
 * light-variant text (badges, subtle buttons, active nav links), and the filled shade of checkboxes, switches and
 * progress bars that `contrastVariantColorResolver` gives filled buttons and badges. Mantine's defaults put #868e96 (3.3:1) on
 * white for dimmed text and shade 9 on shade 1 for light badges (2.7:1 for yellow). A colour that passes keeps its
 * shade; one that does not takes the first darker shade of its own palette that passes, or is darkened until it does.
 */
export const contrastVariablesResolver: CSSVariablesResolver = (theme) => {
  const surfaces = surfacesOf(theme);
  const light: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    const text = readableColor(shades.slice(6), surfaces);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-light-color`] = readableColor([shades[9]], [shades[1], shades[2], ...surfaces]);
    const filled = whiteTextShade(shades, theme);
    if (filled !== null) {
      light[`--mantine-color-${name}-filled`] = `var(--mantine-color-${name}-${filled})`;
      light[`--mantine-color-${name}-filled-hover`] = hoverOf(name, filled, theme);
    }
  }
  const dimmed = readableColor([theme.colors.gray[6]], surfaces);
  light['--mantine-color-dimmed'] = dimmed;
  light['--mantine-color-placeholder'] = dimmed;
  light['--mantine-color-anchor'] = light[`--mantine-color-${theme.primaryColor}-text`];
  light['--mantine-color-error'] = light['--mantine-color-red-text'];
  light['--mantine-color-success'] = light['--mantine-color-teal-text'];
  return { variables: {}, light, dark: {} };
};
