import { describe, expect, it } from 'vitest';
import { CANT_BE_BLANK, MEMBER_NUMBER_DIGITS_ONLY } from '../messages.ts';
import { memberNumberErrors } from './member-status.ts';

const criteria = (minimum: number | null, maximum: number | null) => ({
  member_number: { minimum_length: minimum, maximum_length: maximum },
});

describe('memberNumberErrors (VAL-44..46)', () => {
  it('needs a number, digits only (VAL-44, VAL-46)', () => {
    expect(memberNumberErrors('', criteria(null, null))).toEqual([CANT_BE_BLANK]);
    expect(memberNumberErrors('12a4', criteria(null, null))).toEqual([MEMBER_NUMBER_DIGITS_ONLY]);
    expect(memberNumberErrors(' 1234', criteria(null, null))).toEqual([MEMBER_NUMBER_DIGITS_ONLY]);
  });

  it('an org with min 4 / max 6 blocks 123 and 1234567 and accepts 12345 (VAL-45)', () => {
    const rule = criteria(4, 6);
    expect(memberNumberErrors('123', rule)).toEqual(['Must be 4 to 6 digits.']);
    expect(memberNumberErrors('1234567', rule)).toEqual(['Must be 4 to 6 digits.']);
    expect(memberNumberErrors('12345', rule)).toEqual([]);
  });

  it('a one-sided rule, or none', () => {
    expect(memberNumberErrors('12', criteria(3, null))).toEqual(['Must be at least 3 digits.']);
    expect(memberNumberErrors('1234', criteria(null, 3))).toEqual(['Must be at most 3 digits.']);
    expect(memberNumberErrors('1', criteria(null, null))).toEqual([]);
    expect(memberNumberErrors('12345', null)).toEqual([]);
  });
});
