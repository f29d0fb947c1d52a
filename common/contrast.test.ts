import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.ts';

describe('WCAG contrast ratio', () => {
  it('is 21 for black on white and 1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#16365f', '#16365f')).toBe(1);
  });

  it('reads the rgb() and rgba() a computed style gives', () => {
    expect(contrastRatio('rgb(255, 255, 255)', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('rgba(22, 54, 95, 1)', '#16365f')).toBe(1);
  });

  it('matches a published pair: #767676 on white is 4.54:1', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('refuses what it cannot read rather than guess', () => {
    expect(() => contrastRatio('navy', '#ffffff')).toThrow(/Not a colour/);
  });
});
