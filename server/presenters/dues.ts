import { centsToDollars } from '../../common/money.ts';
import { DUES_NOT_ONLINE } from '../../common/messages.ts';
import type { CreditCard, DuesLine, OrganizationDues } from '../../common/schemas/dues.ts';

/** A member's yearly dues row with its club (services/dues.ts). */
export interface DuesRow {
  club_id: number;
  club_name: string;
  organization_name: string;
  year: number;
  amount_cents: number;
  paid_at: number | null;
}

/** A lodge the member belongs to that has no dues rows: §3's message form. */
export interface DuesLessClubRow {
  club_id: number;
  club_name: string;
  organization_name: string;
}

function line(row: DuesRow): DuesLine {
  return {
    year: row.year,
    amount: centsToDollars(row.amount_cents),
    amount_cents: row.amount_cents,
  };
}

/**
 * GET /club_dues (ENT-23, docs/decisions.md D50): per club, this year's unpaid dues under
 * `dues`, earlier unpaid years under `arrears`, the unpaid total in dollars and cents. A club
 * whose dues are all paid still shows while the member belongs to it (total 0, no 'pay').
 * `rows` come sorted by club name, club and year.
 */
export function presentClubDues(
  rows: readonly DuesRow[],
  duesLess: readonly DuesLessClubRow[],
  currentClubIds: ReadonlySet<number>,
  currentYear: number,
): OrganizationDues[] {
  const byClub = new Map<number, DuesRow[]>();
  for (const row of rows) {
    const list = byClub.get(row.club_id) ?? [];
    list.push(row);
    byClub.set(row.club_id, list);
  }
  const items: { name: string; item: OrganizationDues }[] = [];
  for (const [clubId, clubRows] of byClub) {
    const unpaid = clubRows.filter((row) => row.paid_at === null);
    if (unpaid.length === 0 && !currentClubIds.has(clubId)) continue;
    const first = clubRows[0];
    if (!first) continue;
    const totalCents = unpaid.reduce((sum, row) => sum + row.amount_cents, 0);
    items.push({
      name: first.club_name,
      item: {
        club_id: clubId,
        club_name: first.club_name,
        organization_name: first.organization_name,
        dues_metadata: {
          dues: unpaid.filter((row) => row.year >= currentYear).map(line),
          arrears: unpaid.filter((row) => row.year < currentYear).map(line),
        },
        total: centsToDollars(totalCents),
        total_cents: totalCents,
        dues_payment_options_task_token_url: null,
      },
    });
  }
  for (const club of duesLess) {
    items.push({
      name: club.club_name,
      item: {
        club_id: club.club_id,
        club_name: club.club_name,
        organization_name: club.organization_name,
        message: DUES_NOT_ONLINE,
      },
    });
  }
  return items
    .sort((a, b) => a.name.localeCompare(b.name) || a.item.club_id - b.item.club_id)
    .map((entry) => entry.item);
}

export interface CreditCardRow {
  name: string;
  email_address: string;
  card_number: string;
  expires: string;
  added_at: number;
  brand: string | null;
}

export function presentCreditCard(row: CreditCardRow): CreditCard {
  return {
    name: row.name,
    email_address: row.email_address,
    card_number: row.card_number,
    expires: row.expires,
    added_at: row.added_at,
    brand: row.brand,
  };
}
