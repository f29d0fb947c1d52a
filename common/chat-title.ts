import { GROUP_CHAT_TYPE } from './constants.ts';
import { NEW_GROUP_CHAT } from './messages.ts';

/** What a title needs of a chat: its type, its name, and its other current members' names. */
export interface TitledChat {
  type: string;
  name: string | null;
}

/** Names shown before the rest are counted. */
const NAMED_MEMBERS = 3;

/**
 * A chat's title in the list and the header (docs/decisions.md D42): its name; else, for a
 * one-on-one, the other member; else the other members, the first three by name and the rest
 * counted; a group with no name and no one else is 'New Group Chat' (CONST-32).
 */
export function chatTitle(
  chat: TitledChat,
  otherNames: readonly string[],
  otherCount?: number,
): string {
  const name = chat.name?.trim();
  if (name) return name;
  const count = Math.max(otherCount ?? otherNames.length, otherNames.length);
  if (count === 0) return chat.type === GROUP_CHAT_TYPE ? NEW_GROUP_CHAT : '';
  const shown = otherNames.slice(0, NAMED_MEMBERS);
  const rest = count - shown.length;
  return rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.join(', ');
}
