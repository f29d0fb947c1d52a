import { describe, expect, it } from 'vitest';
import { AUTH_CODE_PATTERN, isRealBirthDate, membershipProofSchema } from './registration.ts';

describe('membership proof (VAL-12..VAL-14)', () => {
  it('trims the member number and birth date and needs an integer organisation', () => {
    expect(
      membershipProofSchema.parse({
        organization_id: 3,
        member_number: ' 123 ',
        birth_date: ' 01/02/1990 ',
      }),
    ).toEqual({ organization_id: 3, member_number: '123', birth_date: '01/02/1990' });
    expect(
      membershipProofSchema.safeParse({
        organization_id: 1.5,
        member_number: '1',
        birth_date: '01/02/1990',
      }).success,
    ).toBe(false);
    expect(
      membershipProofSchema.safeParse({
        organization_id: 1,
        member_number: '  ',
        birth_date: '01/02/1990',
      }).success,
    ).toBe(false);
    expect(
      membershipProofSchema.safeParse({
        organization_id: 1,
        member_number: '1',
        birth_date: '01/02/19__',
      }).success,
    ).toBe(false);
  });

  it.each([
    ['07/04/1949', true],
    ['02/29/2000', true],
    ['02/29/1999', false],
    ['13/01/1990', false],
    ['00/10/1990', false],
    ['04/31/1990', false],
    ['01/02/19__', false],
    ['1/2/1990', false],
  ])('isRealBirthDate(%s) is %s', (value, real) => {
    expect(isRealBirthDate(value)).toBe(real);
  });
});

describe('authentication code (VAL-16, CONST-13)', () => {
  it.each([
    ['123456', true],
    ['12345', false],
    ['12345a', false],
    ['1234567', false],
  ])('%s matches: %s', (code, ok) => {
    expect(AUTH_CODE_PATTERN.test(code)).toBe(ok);
  });
});
