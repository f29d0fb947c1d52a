import { NO_SUCH_CHAT } from '../../common/messages.ts';
import { requireMember, type Actor } from '../auth/actor.ts';
import { NotFoundError } from '../errors.ts';
import { mayReadChat } from '../policies/chats.ts';
import type { ServiceContext } from './context.ts';

/**
 * GET /chats/{id}/last_activity_chat_message_id (API-CHAT-05, CHAT-15; docs/decisions.md
 * D44): the chat's newest message id, from memory (`ctx.chatActivity`, made in app.ts). The chat policy decides as for every chat
 * call: one who is not a current member (or left) gets the same 404 as for no such chat.
 */
export async function lastActivityChatMessageId(
  ctx: ServiceContext,
  actor: Actor,
  chatId: number,
): Promise<number | null> {
  const member = requireMember(actor);
  const chat = await ctx.chatActivity.get(chatId);
  // Memory holds current members only: one in the set has not left.
  const entry = chat?.memberIds.has(member.partyId) ? { leftAt: null } : undefined;
  if (!chat || !mayReadChat(member, entry)) throw new NotFoundError(NO_SUCH_CHAT);
  return chat.newestMessageId;
}
