import { describe, expect, it } from 'vitest';
import { DUES_NOT_ONLINE } from '../../common/messages.ts';
import { presentClubDues } from './dues.ts';
import type { DuesRow } from './dues.ts';

const row = (clubId: number, year: number, cents: number, paidAt: number | null): DuesRow => ({
  club_id: clubId,
  club_name: clubId === 1 ? 'Acacia Lodge' : 'Zion Lodge',
  organization_name: 'Grand Lodge',
  year,
  amount_cents: cents,
  paid_at: paidAt,
});

describe('GET /club_dues items (ENT-23, D50)', () => {
  it("splits unpaid years into this year's dues and earlier arrears, totals in dollars and cents", () => {
    const items = presentClubDues(
      [row(1, 2024, 5000, 1), row(1, 2025, 1250, null), row(1, 2026, 5000, null)],
      [],
      new Set([1]),
      2026,
    );
    expect(items).toEqual([
      {
        club_id: 1,
        club_name: 'Acacia Lodge',
        organization_name: 'Grand Lodge',
        dues_metadata: {
          dues: [{ year: 2026, amount: 50, amount_cents: 5000 }],
          arrears: [{ year: 2025, amount: 12.5, amount_cents: 1250 }],
        },
        total: 62.5,
        total_cents: 6250,
        dues_payment_options_task_token_url: null,
      },
    ]);
  });

  it('keeps a paid-up current club, drops a paid-up club the member left, adds the message form', () => {
    const items = presentClubDues(
      [row(1, 2026, 5000, 1), row(2, 2026, 5000, 1)],
      [{ club_id: 3, club_name: 'Mystic Lodge', organization_name: 'Grand Lodge' }],
      new Set([1, 3]),
      2026,
    );
    expect(items.map((item) => item.club_id)).toEqual([1, 3]);
    expect(items[1]).toEqual({
      club_id: 3,
      club_name: 'Mystic Lodge',
      organization_name: 'Grand Lodge',
      message: DUES_NOT_ONLINE,
    });
  });
});
