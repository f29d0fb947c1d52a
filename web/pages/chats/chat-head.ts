import { chatTitle } from '../../../common/chat-title.ts';
import type { ChatDetail, ChatPartyEntry } from '../../../common/schemas/chat.ts';

/** The members still in the chat other than the viewer. */
export function otherCurrentMembers(
  chat: ChatDetail,
  viewerPartyId: number | undefined,
): ChatPartyEntry[] {
  return chat.parties.filter((entry) => entry.left_at === null && entry.party.id !== viewerPartyId);
}

/** A chat's title from its full answer (D42 title rule, CONST-32), as the list would show it. */
export function chatDetailTitle(chat: ChatDetail, viewerPartyId: number | undefined): string {
  const others = otherCurrentMembers(chat, viewerPartyId);
  return chatTitle(
    chat,
    others.map((entry) => entry.party.display_name),
    others.length,
  );
}
