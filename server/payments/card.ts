/**
 * What may be kept of a card (docs/decisions.md D50): its brand, last four digits, expiry, and
 * the name and e-mail given with it. Never the number itself, never the CVC.
 */

export interface SavedCardDetails {
  brand: string;
  last4: string;
  /** 1..12. */
  expMonth: number;
  /** Four digits. */
  expYear: number;
  name: string;
  email: string;
  /** The provider's handle to charge it again (a Stripe PaymentMethod id); never card data. */
  providerToken: string;
}

/** The form `payment_credentials.card_number` keeps: XXXX-XXXX-XXXX-4242. */
export function maskedCardNumber(last4: string): string {
  return `XXXX-XXXX-XXXX-${last4}`;
}

/** 'MM/YYYY', as `payment_credentials.expires` keeps it. */
export function cardExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}

export function digitsOnly(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** The Luhn check every card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand by the number's prefix, as Stripe names them. */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^(6011|65)/.test(digits)) return 'Discover';
  return 'Card';
}

/** Stripe's brand codes ('visa', 'amex'...) in the words the card shows. */
export function brandName(code: string): string {
  const names: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    discover: 'Discover',
    diners: 'Diners Club',
    jcb: 'JCB',
    unionpay: 'UnionPay',
  };
  return names[code] ?? 'Card';
}
