import { contrastRatio } from '../../../common/contrast.ts';

const DARK_TEXT = '#1a1b1e';
const LIGHT_TEXT = '#ffffff';

/**
 * A status card in its status's colour (STAT-03) with whichever text, near-black or white,
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
