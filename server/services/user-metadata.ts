import type { UserMetadata } from '../../common/schemas/session.ts';
import { badgeCountsOf } from '../db/badge-counts.ts';
import type { ServiceContext } from './context.ts';

/** The badge counts sent with every signed answer (META-05): one prepared statement (D44). */
export async function userMetadata(ctx: ServiceContext, partyId: number): Promise<UserMetadata> {
  const counts = await badgeCountsOf(ctx.db, partyId);
  return {
    unseen_notice_count: counts.notices,
    unseen_chat_messages_count: counts.messages,
  };
}
