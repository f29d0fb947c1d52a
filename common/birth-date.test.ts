import { describe, expect, it } from 'vitest';
import { birthDateForMask, birthDateFromIso, isBirthDateSeparator } from './birth-date.ts';
import { BIRTH_DATE_PATTERN, isRealBirthDate } from './schemas/registration.ts';

describe('birthDateForMask: a whole date as people write it (issue 8 §5, CONST-24)', () => {
  it.each([
    ['7/4/1949', '07/04/1949'],
    ['07/04/1949', '07/04/1949'],
    ['07-04-1949', '07/04/1949'],
    ['7-4-1949', '07/04/1949'],
    ['7.4.1949', '07/04/1949'],
    ['07.04.1949', '07/04/1949'],
    ['7 4 1949', '07/04/1949'],
    ['7 / 4 / 1949', '07/04/1949'],
    [' 7/4/1949 ', '07/04/1949'],
    ['7//4//1949', '07/04/1949'],
    ['07041949', '07/04/1949'],
    ['12/25/1950', '12/25/1950'],
    ['12/5/1950', '12/05/1950'],
    ['1/25/1950', '01/25/1950'],
    ['1949-07-04', '07/04/1949'],
    ['1949-7-4', '07/04/1949'],
  ])('%j gives %j', (written, masked) => {
    expect(birthDateForMask(written)).toBe(masked);
    expect(BIRTH_DATE_PATTERN.test(masked)).toBe(true);
    expect(isRealBirthDate(masked)).toBe(true);
  });
});

describe('birthDateForMask: while typing, one key at a time', () => {
  it.each([
    ['', ''],
    ['/', ''],
    ['1', '1'],
    ['1/', '01/'],
    ['1-', '01/'],
    ['1.', '01/'],
    ['1 ', '01/'],
    ['12', '12/'],
    ['12/', '12/'],
    ['12//', '12/'],
    ['01/3', '01/3'],
    ['01/3/', '01/03/'],
    ['01/31', '01/31/'],
    ['01/03/1', '01/03/1'],
    ['01/03/194', '01/03/194'],
    ['01/03/194/', '01/03/194'],
    ['0103', '01/03/'],
  ])('%j gives %j', (typed, masked) => {
    expect(birthDateForMask(typed)).toBe(masked);
  });

  it.each([
    ['7', '07/'],
    ['07/4', '07/04/'],
    ['74', '07/04/'],
    ['741949', '07/04/1949'],
    ['1261949', '12/06/1949'],
    ['1251950', '12/05/1950'],
  ])('a month from 2 or a day from 4 can only be one digit: %j gives %j', (typed, masked) => {
    expect(birthDateForMask(typed)).toBe(masked);
  });
});

describe('birthDateForMask: what it does not guess', () => {
  it('leaves a two-digit year short, for VAL-14 to call incomplete', () => {
    expect(birthDateForMask('7/4/49')).toBe('07/04/49');
    expect(BIRTH_DATE_PATTERN.test(birthDateForMask('7/4/49'))).toBe(false);
  });

  it('does not reorder a day-first date: 13/4/1949 is no month, and VAL-14 says so', () => {
    const masked = birthDateForMask('13/4/1949');
    expect(masked).toBe('13/04/1949');
    expect(isRealBirthDate(masked)).toBe(false);
  });

  it('drops what is past the mask and what is not a digit or a separator', () => {
    expect(birthDateForMask('07/04/19491')).toBe('07/04/1949');
    expect(birthDateForMask('born 7/4/1949')).toBe('07/04/1949');
    expect(birthDateForMask('abc')).toBe('');
  });

  it('pads only a month or a day that has one digit so far', () => {
    expect(birthDateForMask('10/1/1949')).toBe('10/01/1949');
    expect(birthDateForMask('01/10/1949')).toBe('01/10/1949');
  });
});

describe('isBirthDateSeparator', () => {
  it.each(['/', '-', '.', ' '])('%j separates', (character) => {
    expect(isBirthDateSeparator(character)).toBe(true);
  });

  it.each(['7', '_', ',', '', '//'])('%j does not', (character) => {
    expect(isBirthDateSeparator(character)).toBe(false);
  });
});

describe('birthDateFromIso', () => {
  it('writes the roster’s date as a member enters it', () => {
    expect(birthDateFromIso('1949-07-04')).toBe('07/04/1949');
    expect(birthDateForMask(birthDateFromIso('1961-03-14'))).toBe('03/14/1961');
  });
});
