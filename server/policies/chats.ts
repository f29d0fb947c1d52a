import type { ChatAbilities } from '../../common/schemas/chat.ts';
import type { Actor } from '../auth/actor.ts';
import type { ChatType } from '../db/schema.ts';

/**
 * Who reads and writes a chat (docs/decisions.md D42). A chat belongs to its current members:
 * a member who left is no longer one, and a chat one is not in is a 404, worded as an unknown
 * one, never a 403. Rename, add and leave are group actions (PERM-17, CHAT-24): on a
 * one-on-one they are a 403. The chat list (db/chats/chats.ts `chatsOfMember`) says
 * `mayReadChat` in SQL and is held to it by chats.db.test.ts.
 */

/** The viewer's own entry in a chat, or none. */
export interface ChatEntryFacts {
  /** When the viewer left; null while they are a member. */
  readonly leftAt: number | null;
}

/** A current member reads the chat, sends to it, hides it. */
export function mayReadChat(actor: Actor, entry: ChatEntryFacts | undefined): boolean {
  return actor.kind === 'member' && entry !== undefined && entry.leftAt === null;
}

/** Hide applies to any chat the member is in (CHAT-26). */
export function mayHideChat(actor: Actor, entry: ChatEntryFacts | undefined): boolean {
  return mayReadChat(actor, entry);
}

/** Rename, add a member and leave: group chats only (PERM-17), for a member of it. */
export function mayActOnGroup(actor: Actor, type: ChatType): boolean {
  return actor.kind === 'member' && type === 'GroupChat';
}

/**
 * Whom a member may start a one-on-one with or add to a group: someone they may see in the
 * directory (D37, `sharesOrganization`), never themself (that is a 422, VAL-05/06, not this).
 */
export function mayChatWith(actor: Actor, partyId: number, sharesOrganization: boolean): boolean {
  return actor.kind === 'member' && partyId !== actor.partyId && sharesOrganization;
}

/** Any signed-in member may start a chat (§6: chat). */
export function mayCreateChat(actor: Actor): boolean {
  return actor.kind === 'member';
}

/**
 * What the viewer may do with a chat, as the answers carry it (`abilities`): each from the rule
 * that guards that write, so the browser shows a control exactly when the server would allow it.
 * List Members has no write of its own; it is a group action with the others (PERM-17).
 */
export function chatAbilities(
  actor: Actor,
  type: ChatType,
  entry: ChatEntryFacts | undefined,
): ChatAbilities {
  const member = mayReadChat(actor, entry);
  const group = member && mayActOnGroup(actor, type);
  return {
    send: member,
    hide: mayHideChat(actor, entry),
    list_members: group,
    add_member: group,
    rename: group,
    leave: group,
  };
}
