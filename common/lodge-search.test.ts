import { describe, expect, it } from 'vitest';
import { LODGE_SEARCH_CASES } from './lodge-search-cases.ts';
import {
  cleanLodgeSearchText,
  groupLodgesByCity,
  lodgeSearchKey,
  matchesLodgeSearch,
} from './lodge-search.ts';

describe('lodge search matching (SRCH-12, AMB-11)', () => {
  it.each(LODGE_SEARCH_CASES)('"$text" on $lodge.name: $why', (c) => {
    expect(matchesLodgeSearch(c.lodge, c.text)).toBe(c.matches);
  });
});

describe('cleanLodgeSearchText (SRCH-12)', () => {
  it('strips slashes and backslashes, then trims', () => {
    expect(cleanLodgeSearchText(' oak/\\ ')).toBe('oak');
    expect(cleanLodgeSearchText('\\/ r/o\\yal  oak ')).toBe('royal  oak');
  });
});

describe('lodgeSearchKey', () => {
  it('holds the three fields folded, one a line', () => {
    expect(lodgeSearchKey({ name: 'Núñez Lodge', formal_name: "St. John's", city: null })).toBe(
      'nunez lodge\nst johns\n',
    );
  });
});

describe('groupLodgesByCity (DIR-09, DIR-10)', () => {
  const lodge = (id: number, formal_name: string, city: string | null) => ({
    id,
    formal_name,
    city,
  });

  it('sorts the cities, and each city’s lodges by formal name, from any order', () => {
    const groups = groupLodgesByCity([
      lodge(1, 'Zion Lodge No. 10', 'Toledo'),
      lodge(2, 'Acacia Lodge No. 9', 'Toledo'),
      lodge(3, 'Unknown Lodge', null),
      lodge(4, 'Harmony Lodge No. 412', 'Columbus'),
      lodge(5, 'Acacia Lodge No. 10', 'Toledo'),
      lodge(6, 'Bexley Lodge', 'akron'),
    ]);
    expect(groups.map((group) => group.city)).toEqual(['akron', 'Columbus', 'Toledo', '']);
    expect(groups[2]?.lodges.map((item) => item.id)).toEqual([2, 5, 1]);
  });
});
