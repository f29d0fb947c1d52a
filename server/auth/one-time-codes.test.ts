import { describe, expect, it } from 'vitest';
import { anonymizeEmail, anonymizePhone } from '../services/unguarded/contacts-on-file.ts';
import { codeMatches, contactKey, hashCode, newCode } from './one-time-codes.ts';

describe('one-time codes', () => {
  it('are six digits, leading zeros kept (CONST-13)', () => {
    for (let i = 0; i < 200; i += 1) expect(newCode()).toMatch(/^\d{6}$/);
  });

  it('hash differently under another flow token, and match only their own code', () => {
    const stored = hashCode('token-a', '012345');
    expect(stored).not.toBe(hashCode('token-b', '012345'));
    expect(codeMatches('token-a', '012345', stored)).toBe(true);
    expect(codeMatches('token-a', '012346', stored)).toBe(false);
    expect(codeMatches('token-b', '012345', stored)).toBe(false);
  });

  it('give contacts keys that are opaque and differ between flows', () => {
    const key = contactKey('token-a', 'email', 42);
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(key).not.toBe(contactKey('token-b', 'email', 42));
    expect(key).not.toBe(contactKey('token-a', 'phone', 42));
  });
});

describe('anonymised contacts', () => {
  it.each([
    ['daniel.whitfield@example.com', 'd*****.w********@e******.com'],
    ['bill_harper+lodge@mail.example.net', 'b***_h*****+l****@m***.e******.net'],
    ['x@y.org', 'x@y.org'],
  ])('%s shows as %s', (address, shown) => {
    expect(anonymizeEmail(address)).toBe(shown);
  });

  it('shows only the last two digits of a phone', () => {
    expect(anonymizePhone('6145550142')).toBe('(***) ***-**42');
    expect(anonymizePhone('447700900123')).toBe('**********23');
  });
});
