import { describe, expect, it } from 'vitest';
import { MEMBER_SEARCH_CASES } from './member-search-cases.ts';
import { foldName, isSearchable, matchesMemberSearch, searchTokens } from './member-search.ts';

describe('member search matching (SRCH-03..08, AMB-10)', () => {
  it.each(MEMBER_SEARCH_CASES)('$text on $name.first_name $name.last_name: $why', (c) => {
    expect(matchesMemberSearch(c.name, c.text)).toBe(c.matches);
  });
});

describe('foldName', () => {
  it('folds accents, case, apostrophes, full stops and spaces', () => {
    expect(foldName('  José  Núñez ')).toBe('jose nunez');
    expect(foldName('O’Brien')).toBe('obrien');
    expect(foldName('St. John')).toBe('st john');
    expect(foldName('ÅNGSTRÖM')).toBe('angstrom');
  });
});

describe('searchTokens and isSearchable (SRCH-01)', () => {
  it('splits folded text on spaces', () => {
    expect(searchTokens(' Jo  SM ')).toEqual(['jo', 'sm']);
    expect(searchTokens('   ')).toEqual([]);
  });
  it('needs 2 characters after trimming', () => {
    expect(isSearchable(' j ')).toBe(false);
    expect(isSearchable('jo')).toBe(true);
  });
});
