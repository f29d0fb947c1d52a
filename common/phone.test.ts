import { describe, expect, it } from 'vitest';
import { formatPhone, telHref } from './phone.ts';

describe('formatPhone (CONST-35)', () => {
  it.each([
    ['5551234567', '(555) 123-4567'],
    ['555-123-4567', '(555) 123-4567'],
    ['(555) 123 4567', '(555) 123-4567'],
    ['+1 555 123 4567', '(555) 123-4567'],
    ['12345', '12345'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['555123456x7', '555123456x7'],
  ])('shows %s as %s', (input, shown) => {
    expect(formatPhone(input)).toBe(shown);
  });
});

describe('telHref (ERR-47)', () => {
  it('keeps the digits and a leading plus', () => {
    expect(telHref('(555) 123-4567')).toBe('tel:5551234567');
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
  });
});
