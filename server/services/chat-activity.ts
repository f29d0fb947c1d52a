import { requireMember, type Actor } from '../auth/actor.ts';
import { NotFoundError } from '../errors.ts';
import type { ChatActivityCache } from '../realtime/chat-activity.ts';

/**
 * GET /chats/{id}/last_activity_chat_message_id (API-CHAT-05, CHAT-15; docs/decisions.md
 * D44): the chat's newest message id, from memory. Members only, as every chat call: one who
 * is not (or left) gets the same 404 as for a chat that does not exist.
 */
export async function lastActivityChatMessageId(
  activity: ChatActivityCache,
  actor: Actor,
  chatId: number,
): Promise<number | null> {
  const member = requireMember(actor);
  const chat = await activity.get(chatId);
  if (!chat || !chat.memberIds.has(member.partyId)) throw new NotFoundError();
  return chat.newestMessageId;
}
