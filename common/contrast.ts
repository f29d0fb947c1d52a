/**
 * WCAG 2 contrast (1.4.3, 1.4.11, 2.4.13): the ratio of two colours' relative luminances,
 * from 1 (the same) to 21 (black on white). Colours are `#rrggbb` or the `rgb(r, g, b)` /
 * `rgba(r, g, b, a)` a browser's computed style gives (alpha ignored: callers pass opaque ones).
 */

function channels(colour: string): [number, number, number] {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour.trim());
  if (hex)
    return [parseInt(hex[1] ?? '', 16), parseInt(hex[2] ?? '', 16), parseInt(hex[3] ?? '', 16)];
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(colour.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`Not a colour this helper reads: ${colour}`);
}

/** Relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(colour: string): number {
  const linear = (value: number) => {
    const share = value / 255;
    return share <= 0.03928 ? share / 12.92 : ((share + 0.055) / 1.055) ** 2.4;
  };
  const [red, green, blue] = channels(colour);
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

export function contrastRatio(first: string, second: string): number {
  const one = relativeLuminance(first);
  const other = relativeLuminance(second);
  return (Math.max(one, other) + 0.05) / (Math.min(one, other) + 0.05);
}
