import { describe, expect, it } from 'vitest';
import {
  brandName,
  cardBrand,
  cardExpiry,
  digitsOnly,
  maskedCardNumber,
  passesLuhn,
} from './card.ts';

describe('what is kept of a card (D50)', () => {
  it('masks all but the last four digits and writes the expiry as MM/YYYY', () => {
    expect(maskedCardNumber('4242')).toBe('XXXX-XXXX-XXXX-4242');
    expect(cardExpiry(7, 2031)).toBe('07/2031');
  });

  it('checks numbers with Luhn and names the brand', () => {
    expect(passesLuhn(digitsOnly('4242 4242 4242 4242'))).toBe(true);
    expect(passesLuhn(digitsOnly('4242-4242-4242-4241'))).toBe(false);
    expect(passesLuhn('12ab')).toBe(false);
    expect(cardBrand('4242424242424242')).toBe('Visa');
    expect(cardBrand('5555555555554444')).toBe('Mastercard');
    expect(cardBrand('378282246310005')).toBe('American Express');
    expect(brandName('amex')).toBe('American Express');
    expect(brandName('something')).toBe('Card');
  });
});
