import { describe, expect, it } from 'vitest';
import { AVATAR_PALETTE, avatarColor, avatarColorIndex, avatarInitials } from './avatar-color.ts';
import { contrastRatio } from './contrast.ts';

describe('avatar colour (CONST-30, AMB-31)', () => {
  it('is the sum of the character codes of the name modulo 20', () => {
    const name = 'John Smith';
    let sum = 0;
    for (const char of name) sum += char.charCodeAt(0);
    expect(sum).toBe(948);
    expect(avatarColorIndex(name)).toBe(948 % 20);
    expect(avatarColorIndex(name)).toBe(8);
    expect(avatarColor(name)).toBe(AVATAR_PALETTE[8]);
  });

  it('always gives the same colour for the same name', () => {
    expect(avatarColor('Daniel Thomas Whitfield')).toBe(avatarColor('Daniel Thomas Whitfield'));
  });

  it('gives names with the same sum the same colour', () => {
    // 'ab' and 'ba' have the same codes; 'ac' and 'bb' the same sum.
    expect(avatarColorIndex('ab')).toBe(avatarColorIndex('ba'));
    expect(avatarColor('ac')).toBe(avatarColor('bb'));
  });

  it('maps the empty name to the first colour', () => {
    expect(avatarColorIndex('')).toBe(0);
  });

  it('has 20 different colours', () => {
    expect(AVATAR_PALETTE).toHaveLength(20);
    expect(new Set(AVATAR_PALETTE.map((hex) => hex.toLowerCase())).size).toBe(20);
  });

  it.each(AVATAR_PALETTE.map((hex) => [hex]))('%s meets WCAG AA (4.5:1) with white text', (hex) => {
    expect(contrastRatio(hex, '#ffffff')).toBeGreaterThanOrEqual(5);
  });
});

describe('avatar initials (AMB-31)', () => {
  it('takes the first letters of the first and last name, upper case', () => {
    expect(avatarInitials('daniel', 'whitfield')).toBe('DW');
    expect(avatarInitials(' William ', 'Harper')).toBe('WH');
  });

  it('makes do with one name, or the fallback', () => {
    expect(avatarInitials('Cher', null)).toBe('C');
    expect(avatarInitials(null, 'Baxter')).toBe('B');
    expect(avatarInitials(null, '', 'lodge secretary')).toBe('L');
    expect(avatarInitials(null, null)).toBe('');
  });

  it('keeps letters beyond the basic plane whole', () => {
    expect(avatarInitials('𝒜lice', 'Émile')).toBe('𝒜É');
  });
});
