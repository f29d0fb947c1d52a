import type { UserMetadata } from '../../common/schemas/session.ts';
import { prepare } from '../db/prepared.ts';
import type { ServiceContext } from './context.ts';

const unreadNotices = prepare<{ count: number }, 'partyId'>((db, p) =>
  db
    .selectFrom('notices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('party_id', '=', p<number>('partyId'))
    .where('is_read', '=', 0),
);

/**
 * The kept counts (D41): a sum over the member's current chats, never a recount. A hidden chat
 * is left out: with SHOW_HIDDEN_CHATS at NO the list does not show it, and a badge the member
 * cannot clear would stay; its next message un-hides it and its count is back.
 */
const unseenChatMessages = prepare<{ count: number | null }, 'partyId'>((db, p) =>
  db
    .selectFrom('chat_parties as cp')
    .select((eb) => eb.fn.sum<number | null>('cp.unseen_count').as('count'))
    .where('cp.party_id', '=', p<number>('partyId'))
    .where('cp.left_at', 'is', null)
    .where('cp.hid_at', 'is', null),
);

/**
 * The badge counts sent with every signed answer (META-05). Two indexed counts, built once
 * (prepared.ts): unread notices by (party_id, is_read), and the sum of the member's kept
 * `unseen_count` over the chats they are still in and have not hidden, by chat_parties
 * (party_id, chat_id).
 */
export async function userMetadata(ctx: ServiceContext, partyId: number): Promise<UserMetadata> {
  const [notices, messages] = await Promise.all([
    unreadNotices.run(ctx.db, { partyId }),
    unseenChatMessages.run(ctx.db, { partyId }),
  ]);
  return {
    unseen_notice_count: Number(notices.rows[0]?.count ?? 0),
    unseen_chat_messages_count: Number(messages.rows[0]?.count ?? 0),
  };
}
