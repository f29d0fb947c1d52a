/**
 * Chats started and changed (API-CHAT-02, -03, -07..10; docs/decisions.md D41, D42): a new
 * one-on-one or group, hiding, and the group actions (leave, rename, add a member). Each runs
 * in one transaction that records its bus events, published after the commit.
 */
import {
  ALREADY_IN_CHAT,
  NO_CHAT_WITH_SELF,
  NO_SUCH_PARTY,
  alreadyHaveChatWith,
  alreadyInChat,
  chatCreatedBy,
  chatMemberAdded,
  chatMemberLeft,
  chatRenamed,
} from '../../common/messages.ts';
import {
  chatNameSchema,
  type AddChatPartyRequest,
  type CreateChatAnswer,
  type CreateChatRequest,
} from '../../common/schemas/chat.ts';
import { requireMember, type Actor, type Member } from '../auth/actor.ts';
import { chatIdOfPair, insertGroupChat, insertPairChat, setChatName } from '../db/chats/chats.ts';
import {
  currentMemberIds,
  entryOf,
  hideEntry,
  insertEntries,
  leaveEntry,
  rejoinEntry,
  unhideEntry,
} from '../db/chats/entries.ts';
import { appendMessage } from '../db/chats/messages.ts';
import { sharesOrganization } from '../db/memberships.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { assertAllowed } from '../policies/assert.ts';
import { mayActOnGroup, mayChatWith, mayCreateChat } from '../policies/chats.ts';
import { publishAll, type BusEvent } from '../realtime/bus.ts';
import { inGroup, loadMemberChat } from './chat-access.ts';
import { recordRecentContact } from './contacts.ts';
import type { ServiceContext } from './context.ts';
import { messageEvent, nameOf, record, systemMessage } from './unguarded/chats.ts';

/** Records the chat as contacted in Members › Recent; a partner no longer visible is skipped. */
export async function recordChatContact(
  ctx: ServiceContext,
  member: Member,
  partyId: number,
  now: number,
): Promise<void> {
  try {
    await recordRecentContact(ctx, member, partyId, 'chat', now);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
}

/**
 * POST /chats.json (API-CHAT-02, -03; AMB-28). A group starts with only its creator and a
 * system message. A one-on-one needs a partner the member may see (else 404) other than
 * themself (VAL-05, a 422 under base); a pair has one chat (`pair_key`), so asking again
 * answers the existing one with an alert and un-hides it for the member.
 */
export async function createChat(
  ctx: ServiceContext,
  actor: Actor,
  input: CreateChatRequest['chat'],
): Promise<CreateChatAnswer> {
  const member = requireMember(actor);
  assertAllowed(mayCreateChat(member));
  const now = Date.now();
  if ('type' in input) return createGroup(ctx, member, now);

  const partnerId = input.party_id;
  if (partnerId === member.partyId) throw new ValidationError({ base: [NO_CHAT_WITH_SELF] });
  const shares = await sharesOrganization(ctx.db, member.partyId, partnerId);
  if (!mayChatWith(member, partnerId, shares)) throw new NotFoundError(NO_SUCH_PARTY);
  const pairKey = [member.partyId, partnerId].sort((a, b) => a - b).join(':');

  const events: BusEvent[] = [];
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const madeId = await insertPairChat(trx, pairKey, now);
    if (madeId !== undefined) {
      await insertEntries(trx, madeId, [member.partyId, partnerId], now, null);
      await record(
        trx,
        events,
        { kind: 'chat', chat_id: madeId },
        [member.partyId, partnerId].sort((a, b) => a - b),
        now,
      );
      return { id: madeId, existed: false };
    }
    const existingId = await chatIdOfPair(trx, pairKey);
    if (await unhideEntry(trx, existingId, member.partyId)) {
      await record(trx, events, { kind: 'chat', chat_id: existingId }, [member.partyId], now);
    }
    return { id: existingId, existed: true };
  });
  await publishAll(ctx.bus, events);
  await recordChatContact(ctx, member, partnerId, now);
  if (!outcome.existed) return { data: { chat: { id: outcome.id } } };
  const partner = await nameOf(ctx.db, partnerId);
  return {
    data: { chat: { id: outcome.id } },
    alert: { message: alreadyHaveChatWith(partner.display) },
  };
}

async function createGroup(
  ctx: ServiceContext,
  member: Member,
  now: number,
): Promise<CreateChatAnswer> {
  const me = await nameOf(ctx.db, member.partyId);
  const events: BusEvent[] = [];
  const chatId = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertGroupChat(trx, now);
    const created = await appendMessage(trx, systemMessage(id, chatCreatedBy(me.display), now));
    await insertEntries(trx, id, [member.partyId], now, created?.id ?? null);
    await record(trx, events, { kind: 'chat', chat_id: id }, [member.partyId], now);
    return id;
  });
  await publishAll(ctx.bus, events);
  return { data: { chat: { id: chatId } } };
}

/** POST /chats/{id}/hide.json (API-CHAT-07, CHAT-27): the member's own hid_at, any chat. */
export async function hideChat(ctx: ServiceContext, actor: Actor, chatId: number): Promise<void> {
  const member = requireMember(actor);
  const row = await loadMemberChat(ctx, member, chatId);
  const now = Date.now();
  const events: BusEvent[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    await hideEntry(trx, row.entry_id, now);
    await record(trx, events, { kind: 'chat', chat_id: chatId }, [member.partyId], now);
  });
  await publishAll(ctx.bus, events);
}

/**
 * POST /chats/{id}/leave.json (API-CHAT-08, CHAT-29): a system message, then the member is
 * out: their entry keeps `left_at` (the members list shows it, CHAT-32) and the chat leaves
 * their list and badge.
 */
export async function leaveChat(ctx: ServiceContext, actor: Actor, chatId: number): Promise<void> {
  const member = requireMember(actor);
  const me = await nameOf(ctx.db, member.partyId);
  await inGroup(ctx, member, chatId, async (trx, _chat, events) => {
    const now = Date.now();
    const row = await appendMessage(trx, systemMessage(chatId, chatMemberLeft(me.display), now));
    await leaveEntry(trx, chatId, member.partyId, now);
    const remaining = await currentMemberIds(trx, chatId);
    if (row) await record(trx, events, messageEvent(row), remaining, now);
    await record(trx, events, { kind: 'chat', chat_id: chatId }, [member.partyId], now);
  });
}

/** PUT /chats/{id}.json (API-CHAT-09, CHAT-30): 422s under `name` (VAL-07). */
export async function renameChat(
  ctx: ServiceContext,
  actor: Actor,
  chatId: number,
  name: string,
): Promise<void> {
  const member = requireMember(actor);
  const checked = chatNameSchema.safeParse(name);
  const errors = checked.success ? [] : checked.error.issues.map((issue) => issue.message);
  const trimmed = checked.success ? checked.data : name.trim();
  // The group check comes first: a one-on-one is a 403 whatever the name.
  const me = await nameOf(ctx.db, member.partyId);
  await inGroup(ctx, member, chatId, async (trx, chat, events) => {
    if (errors.length > 0) throw new ValidationError({ name: errors });
    if (chat.name === trimmed) return;
    const now = Date.now();
    await setChatName(trx, chatId, trimmed);
    const row = await appendMessage(
      trx,
      systemMessage(chatId, chatRenamed(me.display, trimmed), now),
    );
    const ids = await currentMemberIds(trx, chatId);
    if (row) await record(trx, events, messageEvent(row), ids, now);
    await record(trx, events, { kind: 'chat', chat_id: chatId }, ids, now);
  });
}

/**
 * POST /party_chats.json (API-CHAT-10, CHAT-31; AMB-50): adds someone the member may see
 * (else 404) to a group. Oneself is VAL-06 and a current member "{name} is already in this
 * chat.", both 422 under base; one who left comes back (their entry's `left_at` cleared), with
 * the history before as seen.
 */
export async function addChatMember(
  ctx: ServiceContext,
  actor: Actor,
  input: AddChatPartyRequest['party_chat'],
): Promise<void> {
  const member = requireMember(actor);
  const { chat_id: chatId, party_id: partyId } = input;
  const row = await loadMemberChat(ctx, member, chatId);
  assertAllowed(mayActOnGroup(member, row.type));
  if (partyId === member.partyId) throw new ValidationError({ base: [ALREADY_IN_CHAT] });
  const shares = await sharesOrganization(ctx.db, member.partyId, partyId);
  if (!mayChatWith(member, partyId, shares)) throw new NotFoundError(NO_SUCH_PARTY);
  const [me, added] = await Promise.all([nameOf(ctx.db, member.partyId), nameOf(ctx.db, partyId)]);
  await inGroup(ctx, member, chatId, async (trx, _chat, events) => {
    const entry = await entryOf(trx, chatId, partyId);
    if (entry && entry.left_at === null) {
      throw new ValidationError({ base: [alreadyInChat(added.display)] });
    }
    const now = Date.now();
    const message = await appendMessage(
      trx,
      systemMessage(chatId, chatMemberAdded(me.display, added.display), now),
    );
    const marker = message?.id ?? null;
    if (entry) await rejoinEntry(trx, entry.id, now, marker);
    else await insertEntries(trx, chatId, [partyId], now, marker);
    const ids = await currentMemberIds(trx, chatId);
    if (message) await record(trx, events, messageEvent(message), ids, now);
    await record(trx, events, { kind: 'chat', chat_id: chatId }, [partyId], now);
  });
}
