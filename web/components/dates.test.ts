import { describe, expect, it } from 'vitest';
import { formatLastContacted } from './dates.ts';

describe('Last contacted (PARTY-04, CONST-37)', () => {
  it('2024-03-05 14:07 local is 3/5/2024 - 2:07 PM', () => {
    expect(formatLastContacted(new Date(2024, 2, 5, 14, 7).getTime())).toBe('3/5/2024 - 2:07 PM');
    expect(formatLastContacted(new Date(2024, 10, 25, 9, 5).getTime())).toBe(
      '11/25/2024 - 9:05 AM',
    );
  });
});
