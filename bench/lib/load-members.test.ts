import { describe, expect, it } from 'vitest';
import { pickFromLodges } from './load-members.ts';

const row = (club: number, party: number) => ({
  username: `u${party}`,
  party_id: party,
  club_id: club,
});

describe('pickFromLodges', () => {
  it('takes one member of each lodge in turn, the biggest first, and answers them by lodge', () => {
    const rows = [row(1, 10), row(1, 11), row(2, 20), row(2, 21), row(2, 22), row(3, 30)];
    expect(pickFromLodges(rows, 4).map((m) => [m.clubId, m.partyId])).toEqual([
      [2, 20],
      [2, 21],
      [1, 10],
      [3, 30],
    ]);
  });

  it('takes a member of two lodges once, and stops when the lodges run out', () => {
    const rows = [row(1, 10), row(2, 10), row(2, 20)];
    expect(pickFromLodges(rows, 5).map((m) => m.partyId)).toEqual([10, 20]);
  });
});
