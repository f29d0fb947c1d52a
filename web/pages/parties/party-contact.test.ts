import { describe, expect, it } from 'vitest';
import {
  contactTypeOfPhone,
  mailtoHref,
  phoneHref,
  phoneLabel,
  phoneText,
} from './party-contact.ts';

describe('phones on the party page (PARTY-06, PARTY-07)', () => {
  it('labels CellPhone, HomePhone, OfficePhone and any other type Mobile, Home, Office, other', () => {
    expect(['CellPhone', 'HomePhone', 'OfficePhone', 'FaxLine'].map(phoneLabel)).toEqual([
      'Mobile',
      'Home',
      'Office',
      'other',
    ]);
  });

  it('shows ten digits as (xxx) xxx-xxxx, with an extension after', () => {
    const phone = { type: 'CellPhone', number: '5551234567', extension: null };
    expect(phoneText(phone)).toBe('(555) 123-4567');
    expect(phoneText({ ...phone, extension: '204' })).toBe('(555) 123-4567 ext. 204');
    expect(phoneText({ ...phone, number: '+44 20 7946 0958' })).toBe('+44 20 7946 0958');
  });

  it('dials the digits, and the extension after a pause', () => {
    const phone = { type: 'OfficePhone', number: '5551234567', extension: null };
    expect(phoneHref(phone)).toBe('tel:5551234567');
    expect(phoneHref({ ...phone, extension: '204' })).toBe('tel:5551234567,204');
  });

  it('records a call by the phone’s own type, or cell for another type (ENT-18)', () => {
    expect(['CellPhone', 'HomePhone', 'OfficePhone', 'FaxLine'].map(contactTypeOfPhone)).toEqual([
      'CellPhone',
      'HomePhone',
      'OfficePhone',
      'cell',
    ]);
  });
});

describe('the e-mail link on the party page (PARTY-06, issue 21)', () => {
  it('writes an ordinary address as it stands', () => {
    for (const address of ['bill.harper@example.net', "o'neil+lodge@example.co.uk"]) {
      expect(mailtoHref(address)).toBe(`mailto:${address}`);
    }
  });

  it('writes to the address shown and nobody else: "?", "#" and "%" cannot add header fields', () => {
    const address = 'member@example.com?bcc=everyone%40evil.example&body=Click%0Ahere#top';
    const link = new URL(mailtoHref(address));
    expect([link.protocol, link.search, link.hash]).toEqual(['mailto:', '', '']);
    expect(decodeURIComponent(link.pathname)).toBe(address);
  });
});
