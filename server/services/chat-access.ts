/**
 * The chat policy's checks as the chat use cases need them (policies/chats.ts, D42): the chat
 * and the member's entry, a 404 unless they are in it now; the same inside a write's
 * transaction, on the locked chat; and a group action's 403 on a one-on-one (PERM-17).
 */
import type { Transaction } from 'kysely';
import { NO_SUCH_CHAT } from '../../common/messages.ts';
import type { Member } from '../auth/actor.ts';
import { chatOfMember, lockChat, type MemberChatRow } from '../db/chats/chats.ts';
import { entryOf } from '../db/chats/entries.ts';
import type { Database } from '../db/schema.ts';
import { NotFoundError } from '../errors.ts';
import { assertAllowed } from '../policies/assert.ts';
import { mayActOnGroup, mayReadChat } from '../policies/chats.ts';
import type { BusEvent } from '../realtime/bus.ts';
import { publishAll } from '../realtime/bus.ts';
import type { ServiceContext } from './context.ts';

type Trx = Transaction<Database>;

/** The chat and the member's entry; a 404 unless the member is in it now (mayReadChat). */
export async function loadMemberChat(
  ctx: ServiceContext,
  member: Member,
  chatId: number,
): Promise<MemberChatRow> {
  const row = await chatOfMember(ctx.db, chatId, member.partyId);
  if (!row || !mayReadChat(member, { leftAt: row.left_at })) throw new NotFoundError(NO_SUCH_CHAT);
  return row;
}

/**
 * Locks the chat's row for the rest of the transaction (PostgreSQL; SQLite has one writer) and
 * checks the member is in it now: a 404 when the chat is gone or they are not.
 */
export async function lockMemberChat(
  ctx: ServiceContext,
  trx: Trx,
  member: Member,
  chatId: number,
) {
  const chat = await lockChat(trx, chatId, ctx.engine === 'postgres');
  if (!chat) throw new NotFoundError(NO_SUCH_CHAT);
  const entry = await entryOf(trx, chatId, member.partyId);
  if (!entry || !mayReadChat(member, { leftAt: entry.left_at })) {
    throw new NotFoundError(NO_SUCH_CHAT);
  }
  return chat;
}

/**
 * Runs a group action (rename, add, leave) on a locked chat the member is in: 404 when they
 * are not, 403 on a one-on-one (PERM-17). The events `work` records are published after the
 * commit.
 */
export async function inGroup<T>(
  ctx: ServiceContext,
  member: Member,
  chatId: number,
  work: (trx: Trx, chat: { name: string | null }, events: BusEvent[]) => Promise<T>,
): Promise<T> {
  // A 404 or 403 before any write, from the committed state.
  const row = await loadMemberChat(ctx, member, chatId);
  assertAllowed(mayActOnGroup(member, row.type));
  const events: BusEvent[] = [];
  const result = await ctx.db.transaction().execute(async (trx) => {
    const chat = await lockMemberChat(ctx, trx, member, chatId);
    return work(trx, chat, events);
  });
  await publishAll(ctx.bus, events);
  return result;
}
