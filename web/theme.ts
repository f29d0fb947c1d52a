import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  CloseButton,
  createTheme,
  type CSSVariablesResolver,
  getSize,
  Input,
  PasswordInput,
  rem,
  TextInput,
  type MantineColorsTuple,
} from '@mantine/core';
import { SHOW_PASSWORD } from '../common/messages.ts';

/**
 * Lodgehall's look (docs/architecture.md §8): many members are past sixty, so body text is 18 px,
 * nothing is smaller than 15 px, controls are at least 44 px tall and colours keep strong
 * contrast (the primary shade on white is above 10:1). System fonts only: the CSP allows
 * nothing from another origin.
 */
const lodge: MantineColorsTuple = [
  '#edf2f9',
  '#d8e1ef',
  '#adc0de',
  '#7f9ccc',
  '#5a7ebd',
  '#426bb3',
  '#3461ae',
  '#26509a',
  '#1d4281',
  '#16365f',
];

/**
 * The keyboard focus ring, the same on every control (D26; WCAG 2.2 2.4.7, 2.4.11,
 * 2.4.13): 3 px, 2 px clear of the control, in the lodge navy (12:1 on white) or, on the
 * lightbox's black, in yellow (13:1). web/global.css draws it; theme.test.ts checks the ratios
 * against every surface named here.
 */
export const FOCUS_RING = {
  colour: lodge[9],
  colourOnDark: '#ffd43b',
  widthPx: 3,
  offsetPx: 2,
  /** Where the navy ring is drawn: the page, hovered or current items, the grey panels. */
  lightSurfaces: ['#ffffff', lodge[0], '#f8f9fa', '#f1f3f5'],
  /** Where the yellow ring is drawn: the lightbox (PhotoLightbox.module.css). */
  darkSurfaces: ['#111111'],
} as const;

/** The class global.css rings on Mantine's controls (theme.focusClassName). */
export const FOCUS_CLASS = 'lh-focus';
/** The class every Mantine input's box takes, for global.css's thicker ring. */
export const INPUT_CLASS = 'lh-input';
/** The class of the sections at either end of an input's box (the password eye's place). */
export const INPUT_SECTION_CLASS = 'lh-input-section';
/** A surface drawn dark (the lightbox): global.css switches the ring to its light colour. */
export const DARK_SURFACE_CLASS = 'lh-dark-surface';

/** The smallest hit area of anything pressed (docs/architecture.md §8): 44 × 44 CSS px. */
export const TOUCH_TARGET_PX = 44;

/** Mantine's own size for `size`, but never under the touch target. */
function atLeastTouchTarget(size: unknown, variable: string): string {
  return `max(${rem(TOUCH_TARGET_PX)}, ${getSize(size, variable)})`;
}

export const SERIF_STACK = "Georgia, 'Times New Roman', Times, serif";

/**
 * Stronger than Mantine's defaults: error text (red 9 on white, 5.4:1) and disabled text
 * (gray 7, still readable while a form submits).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    '--lh-focus-color': FOCUS_RING.colour,
    '--lh-focus-color-on-dark': FOCUS_RING.colourOnDark,
    '--lh-focus-width': `${FOCUS_RING.widthPx}px`,
    '--lh-focus-offset': `${FOCUS_RING.offsetPx}px`,
    '--lh-touch-target': rem(TOUCH_TARGET_PX),
  },
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-disabled-color': 'var(--mantine-color-gray-7)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Placeholders (the birth date's MM/DD/YYYY) readable, yet lighter than typed text.
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});

export const theme = createTheme({
  colors: { lodge },
  primaryColor: 'lodge',
  primaryShade: 9,
  black: '#1a1f2b',
  fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  fontSizes: {
    xs: '0.9375rem',
    sm: '1rem',
    md: '1.125rem',
    lg: '1.25rem',
    xl: '1.5rem',
  },
  lineHeights: { xs: '1.45', sm: '1.5', md: '1.6', lg: '1.6', xl: '1.6' },
  headings: {
    fontFamily: SERIF_STACK,
    fontWeight: '700',
    sizes: {
      h1: { fontSize: '2.125rem', lineHeight: '1.25' },
      h2: { fontSize: '1.625rem', lineHeight: '1.3' },
      h3: { fontSize: '1.3125rem', lineHeight: '1.35' },
    },
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Mantine's own 2 px ring is replaced by web/global.css's, drawn through this class.
  focusClassName: FOCUS_CLASS,
  components: {
    Button: Button.extend({
      defaultProps: { size: 'lg' },
      vars: (_theme, { size }) => ({
        root: { '--button-height': atLeastTouchTarget(size ?? 'lg', 'button-height') },
      }),
    }),
    ActionIcon: ActionIcon.extend({
      vars: (_theme, { size }) => ({
        root: { '--ai-size': atLeastTouchTarget(size ?? 'md', 'ai-size') },
      }),
    }),
    CloseButton: CloseButton.extend({
      vars: (_theme, { size }) => ({
        root: { '--cb-size': atLeastTouchTarget(size ?? 'md', 'cb-size') },
      }),
    }),
    Checkbox: Checkbox.extend({
      defaultProps: { size: 'lg' },
      // The one-line label level with the middle of the larger box.
      styles: { labelWrapper: { justifyContent: 'center' } },
      vars: (_theme, { size }) => ({
        root: { '--checkbox-size': atLeastTouchTarget(size ?? 'lg', 'checkbox-size') },
      }),
    }),
    // Every input (TextInput, PasswordInput, NativeSelect, Textarea ...) takes this class, so
    // global.css gives each the same thick focus ring instead of Mantine's 1 px border change.
    Input: Input.extend({
      classNames: { input: INPUT_CLASS, section: INPUT_SECTION_CLASS },
    }),
    TextInput: TextInput.extend({ defaultProps: { size: 'lg' } }),
    PasswordInput: PasswordInput.extend({
      defaultProps: {
        size: 'lg',
        // A keyboard reaches the eye too, and a screen reader hears what it does.
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': SHOW_PASSWORD },
      },
      vars: () => ({
        root: { '--psi-button-size': rem(TOUCH_TARGET_PX), '--psi-icon-size': rem(26) },
      }),
    }),
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // A dialog's <header> is not the page's banner: without this, axe counts two banners.
    // Plain objects, not Modal.extend(): importing Modal and Drawer here would put them, their
    // scroll area and floating-ui in every visitor's first download (D23).
    Modal: {
      defaultProps: {
        centered: true,
        size: 'md',
        attributes: { header: { role: 'presentation' } },
      },
    },
    Drawer: { defaultProps: { attributes: { header: { role: 'presentation' } } } },
  },
});
