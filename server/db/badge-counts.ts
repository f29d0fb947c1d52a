import type { Kysely } from 'kysely';
import { prepare } from './prepared.ts';
import type { Database } from './schema.ts';

/**
 * The badge counts sent with every signed answer (META-05), in one statement built once
 * (prepared.ts): unread notices by (party_id, is_read), and the sum of the member's kept
 * `unseen_count` (D41, never a recount) over the chats they are still in and have not hidden, by
 * chat_parties (party_id, chat_id). A hidden chat is left out: with SHOW_HIDDEN_CHATS at NO the
 * list does not show it, and a badge the member cannot clear would stay; its next message
 * un-hides it and its count is back. One statement, not two: it runs on every signed answer, and
 * the second query's round through Kysely cost more than its lookup (docs/decisions.md D44).
 */
const badgeCounts = prepare<{ notices: number | null; messages: number | null }, 'partyId'>(
  (db, p) =>
    db.selectNoFrom((eb) => [
      eb
        .selectFrom('notices')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .where('party_id', '=', p<number>('partyId'))
        .where('is_read', '=', 0)
        .as('notices'),
      eb
        .selectFrom('chat_parties as cp')
        .select((inner) => inner.fn.sum<number | null>('cp.unseen_count').as('count'))
        .where('cp.party_id', '=', p<number>('partyId'))
        .where('cp.left_at', 'is', null)
        .where('cp.hid_at', 'is', null)
        .as('messages'),
    ]),
);

/** The party's unread notices and unseen chat messages. */
export async function badgeCountsOf(
  db: Kysely<Database>,
  partyId: number,
): Promise<{ notices: number; messages: number }> {
  const { rows } = await badgeCounts.run(db, { partyId });
  return { notices: Number(rows[0]?.notices ?? 0), messages: Number(rows[0]?.messages ?? 0) };
}
