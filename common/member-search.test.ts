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

describe('names with parts missing (search results carry null names)', () => {
  it('finds a name with no first or last name by what it has, and an empty part never matches', () => {
    const preferredOnly = { first_name: null, last_name: null, preferred_name: 'Jack Ray' };
    expect(matchesMemberSearch(preferredOnly, 'jack')).toBe(true);
    expect(matchesMemberSearch(preferredOnly, 'jack ra')).toBe(true);
    expect(matchesMemberSearch(preferredOnly, 'ray')).toBe(false);
    const lastOnly = { first_name: null, last_name: 'Smith' };
    expect(matchesMemberSearch(lastOnly, 'smi')).toBe(true);
    expect(matchesMemberSearch(lastOnly, 'jo smi')).toBe(false);
  });
  it('does not search text that folds to under 2 letters, and it finds nobody', () => {
    expect(isSearchable("''")).toBe(false);
    expect(isSearchable('a.')).toBe(false);
    expect(matchesMemberSearch({ first_name: 'John', last_name: 'Smith' }, "''")).toBe(false);
  });
});
