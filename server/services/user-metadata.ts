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

const unseenChatMessages = prepare<{ count: number }, 'partyId'>((db, p) =>
  db
    .selectFrom('chat_parties as cp')
    .innerJoin('chat_messages as m', 'm.chat_id', 'cp.chat_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('cp.party_id', '=', p<number>('partyId'))
    .where('cp.left_at', 'is', null)
    .whereRef('m.id', '>', (eb) => eb.fn.coalesce('cp.last_seen_chat_message_id', eb.lit(0)))
    .where('m.party_id', 'is not', null)
    .whereRef('m.party_id', '<>', 'cp.party_id'),
);

/**
 * The badge counts sent with every signed answer (META-05). Two indexed counts, built once
 * (prepared.ts): unread notices by (party_id, is_read), and messages from others after the
 * member's last-seen marker in each chat they are still in, by (chat_id, id).
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
