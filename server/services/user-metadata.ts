import type { UserMetadata } from '../../common/schemas/session.ts';
import type { ServiceContext } from './context.ts';

/**
 * The badge counts sent with every signed answer (META-05). Two indexed counts: unread notices
 * by (party_id, is_read), and messages from others after the member's last-seen marker in each
 * chat they are still in, by (chat_id, id).
 */
export async function userMetadata(ctx: ServiceContext, partyId: number): Promise<UserMetadata> {
  const [notices, messages] = await Promise.all([
    ctx.db
      .selectFrom('notices')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('party_id', '=', partyId)
      .where('is_read', '=', 0)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('chat_parties as cp')
      .innerJoin('chat_messages as m', 'm.chat_id', 'cp.chat_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('cp.party_id', '=', partyId)
      .where('cp.left_at', 'is', null)
      .whereRef('m.id', '>', (eb) => eb.fn.coalesce('cp.last_seen_chat_message_id', eb.lit(0)))
      .where('m.party_id', 'is not', null)
      .where('m.party_id', '<>', partyId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    unseen_notice_count: Number(notices.count),
    unseen_chat_messages_count: Number(messages.count),
  };
}
