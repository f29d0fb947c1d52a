import {
  Anchor,
  Button,
  createTheme,
  type CSSVariablesResolver,
  Modal,
  PasswordInput,
  TextInput,
  type MantineColorsTuple,
} from '@mantine/core';

/**
 * Lodgehall's look (ARCHITECTURE §8): many members are past sixty, so body text is 18 px,
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

export const SERIF_STACK = "Georgia, 'Times New Roman', Times, serif";

/**
 * Stronger than Mantine's defaults: error text (red 9 on white, 5.4:1) and disabled text
 * (gray 7, still readable while a form submits).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
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
  focusRing: 'auto',
  components: {
    Button: Button.extend({ defaultProps: { size: 'lg' } }),
    TextInput: TextInput.extend({ defaultProps: { size: 'lg' } }),
    PasswordInput: PasswordInput.extend({ defaultProps: { size: 'lg' } }),
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    Modal: Modal.extend({ defaultProps: { centered: true, size: 'md' } }),
  },
});
