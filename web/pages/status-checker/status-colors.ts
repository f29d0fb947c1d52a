import { contrastRatio } from '../../../common/contrast.ts';

// Pure black and white: one of the two always reaches 4.5:1 on any colour (about 4.6 at worst).
const DARK_TEXT = '#000000';
const LIGHT_TEXT = '#ffffff';

/**
 * A status card in its status's colour (STAT-03) with whichever text, black or white,
 * reads better on it (WCAG 1.4.3 asks 4.5:1). Null when the colour is not one this can measure
 * (a CSS name, say): the card then stays white with the colour as its border.
 */
export function statusCardColours(color: string): { background: string; text: string } | null {
  try {
    const dark = contrastRatio(color, DARK_TEXT);
    const light = contrastRatio(color, LIGHT_TEXT);
    return { background: color, text: dark >= light ? DARK_TEXT : LIGHT_TEXT };
  } catch {
    return null;
  }
}
