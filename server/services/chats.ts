/**
 * Chats (§7 Chats; API-CHAT-01..04, -06..10; docs/decisions.md D41, D42).
 *
 * A chat belongs to its current members (policies/chats.ts): a chat one is not in is a 404.
 * Every change runs in one transaction that also records the bus events it causes
 * (realtime/bus.ts `recordBusEvent`); they are published after the commit (`publishAll`), so
 * a stream never announces what a reader cannot yet see.
 *
 * Kept state (D41): `chat_parties.unseen_count` is the member's count of others' messages past
 * their marker, moved by every send (+1 for each other current member) and every read (0), so
 * the badge is a sum, never a recount. `chats.last_*` hold the newest message for the list.
 *
 * Ordering on PostgreSQL: a write locks the chat's row first, so message ids of one chat are
 * committed in id order (a reader that saw id N never later finds a new id below N); a read
 * locks the reader's own entry first and then reads the chat, so a send that commits meanwhile
 * is either before the marker or counted after it.
 */
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { CHAT_AVATAR_MAX, PREF_SHOW_HIDDEN_CHATS } from '../../common/constants.ts';
import { displayName } from '../../common/display-name.ts';
import {
  ALREADY_IN_CHAT,
  CHAT_MESSAGE_BLANK,
  CHAT_MESSAGE_CONTROL_CHARACTERS,
  CHAT_MESSAGE_TEXT_OR_IMAGE,
  NO_CHAT_WITH_SELF,
  NO_SUCH_CHAT,
  NO_SUCH_PARTY,
  alreadyHaveChatWith,
  alreadyInChat,
  chatCreatedBy,
  chatMemberAdded,
  chatMemberLeft,
  chatMessageTooLong,
  chatPhotoSummary,
  chatRenamed,
} from '../../common/messages.ts';
import {
  CHAT_MESSAGE_MAX,
  CHAT_MESSAGES_PAGE,
  chatNameSchema,
  type AddChatPartyRequest,
  type ChatDetail,
  type ChatMessage,
  type ChatSummary,
  type CreateChatAnswer,
  type CreateChatRequest,
  type PartyPreference,
  type SendChatMessageRequest,
} from '../../common/schemas/chat.ts';
import { MAX_RECORD_ID } from '../../common/schemas/record-id.ts';
import type { SessionParty } from '../../common/schemas/session.ts';
import { requireMember, type Actor, type Member } from '../auth/actor.ts';
import { prepare } from '../db/prepared.ts';
import { sharesOrganization } from '../db/memberships.ts';
import type { ChatMessageType, Database } from '../db/schema.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { processImage } from '../images/process-image.ts';
import { assertAllowed } from '../policies/assert.ts';
import { mayActOnGroup, mayChatWith, mayCreateChat, mayReadChat } from '../policies/chats.ts';
import {
  presentChatDetail,
  presentChatMessage,
  presentChatSummary,
  type ChatEntryRow,
  type ChatMessageRow,
  type ChatRow,
} from '../presenters/chat.ts';
import { presentPartySummary } from '../presenters/party.ts';
import { publishAll, recordBusEvent, type BusEvent, type BusPayload } from '../realtime/bus.ts';
import { recordRecentContact } from './contacts.ts';
import type { ServiceContext } from './context.ts';
import { PARTY_SUMMARY_COLUMNS } from './parties.ts';
import { insertPhotoRows, withStoredUploads, type StoredUpload } from './photos.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** The list summary's longest quoted text, as the demo data cuts it. */
const SUMMARY_TEXT_MAX = 80;

/*
 * Control characters: PostgreSQL refuses NUL in text (a 500 instead of a 422), and the others
 * only garble a screen. A message keeps tabs and line breaks; a name and a file name are one line.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const MESSAGE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const LINE_CONTROL = /[\u0000-\u001f\u007f]/g;

// ---- Reading -------------------------------------------------------------------------------

/** A chat with the viewer's own entry's hid_at and kept count: the list's row (ChatRow). */
const CHAT_ROW_COLUMNS = [
  'c.id',
  'c.type',
  'c.name',
  'c.created_at',
  'c.last_activity_at',
  'c.last_activity_party_id',
  'c.last_activity_summary',
  'c.last_chat_message_id',
  'cp.hid_at',
  'cp.unseen_count',
] as const;

/** A chat as the viewer's own entry sees it, with the entry (one row, by primary keys). */
const chatOfMember = prepare<
  ChatRow & { entry_id: number; left_at: number | null; last_seen_chat_message_id: number | null },
  'chat' | 'party'
>((db, p) =>
  db
    .selectFrom('chat_parties as cp')
    .innerJoin('chats as c', 'c.id', 'cp.chat_id')
    .select([
      ...CHAT_ROW_COLUMNS,
      'cp.id as entry_id',
      'cp.left_at',
      'cp.last_seen_chat_message_id',
    ])
    .where('cp.chat_id', '=', p<number>('chat'))
    .where('cp.party_id', '=', p<number>('party')),
);

/**
 * A page of messages, newest first, with their photos: a backward walk of
 * chat_messages (chat_id, id) from `upTo`, however long the chat.
 */
const messagePage = prepare<ChatMessageRow, 'chat' | 'upTo' | 'limit'>((db, p) =>
  db
    .selectFrom('chat_messages as m')
    .leftJoin('photos as ph', 'ph.id', 'm.photo_id')
    .select([
      'm.id',
      'm.chat_id',
      'm.type',
      'm.party_id',
      'm.content',
      'm.client_id',
      'm.created_at',
      'm.photo_id',
      'ph.storage_key as photo_storage_key',
      'ph.medium_key as photo_medium_key',
    ])
    .where('m.chat_id', '=', p<number>('chat'))
    .where('m.id', '<=', p<number>('upTo'))
    .orderBy('m.id', 'desc')
    .limit(p<number>('limit')),
);

/** Every entry of a chat, those who left included, in the order they joined. */
const chatEntries = prepare<ChatEntryRow, 'chat'>((db, p) =>
  db
    .selectFrom('chat_parties as o')
    .innerJoin('parties as p', 'p.id', 'o.party_id')
    .select([
      ...PARTY_SUMMARY_COLUMNS,
      'o.id as entry_id',
      'o.joined_at',
      'o.left_at',
      'o.last_seen_chat_message_id',
    ])
    .where('o.chat_id', '=', p<number>('chat'))
    .orderBy('o.joined_at')
    .orderBy('o.id'),
);

/** The member's chats (hidden ones too: the client filters, AMB-27), newest activity first. */
const chatsOfMember = prepare<ChatRow, 'party'>((db, p) =>
  db
    .selectFrom('chat_parties as cp')
    .innerJoin('chats as c', 'c.id', 'cp.chat_id')
    .select(CHAT_ROW_COLUMNS)
    .where('cp.party_id', '=', p<number>('party'))
    .where('cp.left_at', 'is', null)
    .orderBy('c.last_activity_at', 'desc')
    .orderBy('c.id', 'desc'),
);

interface OtherMemberRow extends ChatEntryRow {
  chat_id: number;
  rank: number;
  total: number;
}

/**
 * The other current members of each of the member's chats, the first CHAT_AVATAR_MAX + 1 by
 * joining order, and how many there are: one statement for the whole list.
 */
const otherMembersOfChats = prepare<OtherMemberRow, 'party'>((db, p) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom('chat_parties as o')
        .innerJoin('parties as p', 'p.id', 'o.party_id')
        .select([
          ...PARTY_SUMMARY_COLUMNS,
          'o.chat_id',
          'o.id as entry_id',
          'o.joined_at',
          'o.left_at',
          'o.last_seen_chat_message_id',
          sql<number>`row_number() over (partition by o.chat_id order by o.joined_at, o.id)`.as(
            'rank',
          ),
          sql<number>`count(*) over (partition by o.chat_id)`.as('total'),
        ])
        .where(
          'o.chat_id',
          'in',
          eb
            .selectFrom('chat_parties as mine')
            .select('mine.chat_id')
            .where('mine.party_id', '=', p<number>('party'))
            .where('mine.left_at', 'is', null),
        )
        .where('o.left_at', 'is', null)
        .where('o.party_id', '<>', p<number>('party'))
        .as('r'),
    )
    .selectAll('r')
    .where('r.rank', '<=', CHAT_AVATAR_MAX + 1)
    .orderBy('r.chat_id')
    .orderBy('r.rank'),
);

/**
 * The member's stored SHOW_HIDDEN_CHATS, built once (prepared.ts): the list is read on every
 * visit to the chats screen, and Kysely building this query each time cost more than running it.
 */
const showHiddenChatsOf = prepare<{ value: string }, 'party'>((db, p) =>
  db
    .selectFrom('party_preferences')
    .select('value')
    .where('party_id', '=', p<number>('party'))
    .where('code', '=', PREF_SHOW_HIDDEN_CHATS),
);

/** The member's stored preferences, with SHOW_HIDDEN_CHATS defaulting to NO (CHAT-04). */
async function preferencesOf(db: Db, partyId: number): Promise<PartyPreference[]> {
  const { rows } = await showHiddenChatsOf.run(db, { party: partyId });
  const stored = rows[0]?.value;
  return [{ code: PREF_SHOW_HIDDEN_CHATS, value: stored === 'YES' ? 'YES' : 'NO' }];
}

/** GET /chats.json (API-CHAT-01, CHAT-01..09): two statements however many chats. */
export async function listChats(
  ctx: ServiceContext,
  actor: Actor,
): Promise<{ chats: ChatSummary[]; party_preferences: PartyPreference[] }> {
  const member = requireMember(actor);
  const [chats, others, preferences] = await Promise.all([
    chatsOfMember.run(ctx.db, { party: member.partyId }),
    otherMembersOfChats.run(ctx.db, { party: member.partyId }),
    preferencesOf(ctx.db, member.partyId),
  ]);
  const byChat = new Map<number, { parties: SessionParty[]; total: number }>();
  for (const row of others.rows) {
    const entry = byChat.get(row.chat_id) ?? { parties: [], total: Number(row.total) };
    entry.parties.push(presentPartySummary(row));
    byChat.set(row.chat_id, entry);
  }
  return {
    chats: chats.rows.map((row) => {
      const entry = byChat.get(row.id);
      return presentChatSummary(row, entry?.parties ?? [], (entry?.total ?? 0) + 1);
    }),
    party_preferences: preferences,
  };
}

/** The chat and the member's entry; a 404 unless the member is in it now (mayReadChat). */
async function loadMemberChat(ctx: ServiceContext, member: Member, chatId: number) {
  const { rows } = await chatOfMember.run(ctx.db, { chat: chatId, party: member.partyId });
  const row = rows[0];
  if (!row || !mayReadChat(member, { leftAt: row.left_at })) throw new NotFoundError(NO_SUCH_CHAT);
  return row;
}

/** Locks the chat's row for the rest of the transaction (PostgreSQL; SQLite has one writer). */
async function lockChat(ctx: ServiceContext, trx: Trx, chatId: number) {
  let query = trx
    .selectFrom('chats')
    .select(['id', 'type', 'name', 'pair_key'])
    .where('id', '=', chatId);
  if (ctx.engine === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The member's entry in a locked chat, a 404 unless they are in it now. */
async function currentEntry(trx: Trx, member: Member, chatId: number) {
  const entry = await trx
    .selectFrom('chat_parties')
    .select(['id', 'left_at', 'hid_at'])
    .where('chat_id', '=', chatId)
    .where('party_id', '=', member.partyId)
    .executeTakeFirst();
  if (!entry || !mayReadChat(member, { leftAt: entry.left_at })) {
    throw new NotFoundError(NO_SUCH_CHAT);
  }
  return entry;
}

async function currentMemberIds(db: Db, chatId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('chat_parties')
    .select('party_id')
    .where('chat_id', '=', chatId)
    .where('left_at', 'is', null)
    .orderBy('party_id')
    .execute();
  return rows.map((row) => row.party_id);
}

/**
 * Moves the reader's marker to the chat's newest message and zeroes their count (D41), in a
 * transaction that records a `read` event for the chat's members; answers the events to publish
 * and the marker it left (null when there is no message to have read).
 */
async function markRead(
  ctx: ServiceContext,
  member: Member,
  chatId: number,
  entryId: number,
  now: number,
): Promise<{ events: BusEvent[]; marker: number | null }> {
  const { events, marker } = await ctx.db.transaction().execute(async (trx) => {
    let lock = trx
      .selectFrom('chat_parties')
      .select(['left_at', 'last_seen_chat_message_id', 'unseen_count'])
      .where('id', '=', entryId);
    if (ctx.engine === 'postgres') lock = lock.forUpdate();
    const entry = await lock.executeTakeFirst();
    if (!entry || entry.left_at !== null) return { events: [], marker: null };
    const chat = await trx
      .selectFrom('chats')
      .select('last_chat_message_id')
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow();
    const newest = chat.last_chat_message_id;
    const marker = entry.last_seen_chat_message_id;
    const moves = newest !== null && (marker === null || marker < newest);
    const kept = moves ? newest : marker;
    if (!moves && Number(entry.unseen_count) === 0) return { events: [], marker: kept };
    await trx
      .updateTable('chat_parties')
      .set({ last_seen_chat_message_id: kept, unseen_count: 0 })
      .where('id', '=', entryId)
      .execute();
    if (!moves || newest === null) return { events: [], marker: kept };
    const event = await recordBusEvent(
      trx,
      {
        kind: 'read',
        chat_id: chatId,
        party_id: member.partyId,
        last_seen_chat_message_id: newest,
      },
      await currentMemberIds(trx, chatId),
      now,
    );
    return { events: [event], marker: kept };
  });
  return { events, marker };
}

export interface ChatPageOptions {
  /** Page back from this message id (exclusive); never marks read. */
  beforeId?: number;
  /** False to look without reading (the members, rename and add screens); default true. */
  markRead?: boolean;
}

/**
 * GET /chats/{id} (API-CHAT-04, CHAT-12): the chat, every member entry and a page of messages,
 * newest first. Without `before_id` it is the reader opening the chat: their marker moves to the
 * newest message and their count goes to 0 (D41), unless `markRead` is false (a screen that
 * only looks at the members or the name). With `before_id` it is paging back, and changes
 * nothing.
 */
export async function getChat(
  ctx: ServiceContext,
  actor: Actor,
  chatId: number,
  { beforeId, markRead: reads = true }: ChatPageOptions = {},
): Promise<ChatDetail> {
  const member = requireMember(actor);
  const row = await loadMemberChat(ctx, member, chatId);
  let chat: ChatRow = row;
  const newest = row.last_chat_message_id;
  const unread =
    Number(row.unseen_count) > 0 ||
    (newest !== null && (row.last_seen_chat_message_id ?? 0) < newest);
  const opening = beforeId === undefined && reads;
  let upTo = beforeId === undefined ? MAX_RECORD_ID : beforeId - 1;
  if (opening) {
    // Opening a chat already read writes nothing (the common case of a refetch).
    let seen = newest;
    if (unread) {
      const read = await markRead(ctx, member, chatId, row.entry_id, Date.now());
      publishAll(ctx.bus, read.events);
      seen = read.marker ?? newest;
    }
    // The page stops at what was marked read: a message sent since is not shown as read while
    // it still counts unseen; its id reaches the poll, and the client's refetch reads it.
    upTo = seen ?? 0;
    chat = { ...row, unseen_count: 0, last_chat_message_id: seen };
  }
  const [messages, entries] = await Promise.all([
    messagePage.run(ctx.db, { chat: chatId, upTo, limit: CHAT_MESSAGES_PAGE + 1 }),
    chatEntries.run(ctx.db, { chat: chatId }),
  ]);
  const page = messages.rows.slice(0, CHAT_MESSAGES_PAGE);
  return presentChatDetail(chat, entries.rows, page, messages.rows.length > CHAT_MESSAGES_PAGE);
}

// ---- Writing -------------------------------------------------------------------------------

interface PartyName {
  display: string;
  /** The name people go by in a summary: "Bill" for Bill Harper (as the demo data). */
  first: string;
}

async function nameOf(db: Db, partyId: number): Promise<PartyName> {
  const party = await db
    .selectFrom('parties as p')
    .select(PARTY_SUMMARY_COLUMNS)
    .where('p.id', '=', partyId)
    .executeTakeFirst();
  const display = party ? displayName(party) : 'A member';
  return { display, first: display.split(' ')[0] ?? display };
}

function cut(text: string, length: number): string {
  if (text.length <= length) return text;
  // A cut between the halves of a surrogate pair would store U+FFFD (an emoji turned into '?').
  const end = /[\uD800-\uDBFF]/.test(text.charAt(length - 2)) ? length - 2 : length - 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

interface NewMessage {
  chatId: number;
  partyId: number | null;
  type: ChatMessageType;
  content: string | null;
  photoId: number | null;
  clientId: string | null;
  /** The list's line for it (ENT-06 last_activity_summary). */
  summary: string;
  now: number;
}

/**
 * Adds a message to a locked chat and makes it the chat's last activity; undefined when the
 * client id was used already in this chat (the first send won).
 */
async function appendMessage(trx: Trx, message: NewMessage): Promise<ChatMessageRow | undefined> {
  const inserted = await trx
    .insertInto('chat_messages')
    .values({
      chat_id: message.chatId,
      party_id: message.partyId,
      type: message.type,
      content: message.content,
      photo_id: message.photoId,
      client_id: message.clientId,
      created_at: message.now,
    })
    .onConflict((conflict) => conflict.columns(['chat_id', 'client_id']).doNothing())
    .returning([
      'id',
      'chat_id',
      'type',
      'party_id',
      'content',
      'client_id',
      'created_at',
      'photo_id',
    ])
    .executeTakeFirst();
  if (!inserted) return undefined;
  await trx
    .updateTable('chats')
    .set({
      last_activity_at: message.now,
      last_activity_party_id: message.partyId,
      last_activity_summary: message.summary,
      last_chat_message_id: inserted.id,
    })
    .where('id', '=', message.chatId)
    .execute();
  return { ...inserted, photo_storage_key: null, photo_medium_key: null };
}

/** A system message (CHAT-13): no party, not counted unseen (D41). */
function systemMessage(chatId: number, content: string, now: number): NewMessage {
  return {
    chatId,
    partyId: null,
    type: 'SystemChatMessage',
    content,
    photoId: null,
    clientId: null,
    summary: content,
    now,
  };
}

/** Records `payload` for `partyIds` in the transaction; none when there is nobody to tell. */
async function record(
  trx: Trx,
  events: BusEvent[],
  payload: BusPayload,
  partyIds: readonly number[],
  now: number,
): Promise<void> {
  if (partyIds.length > 0) events.push(await recordBusEvent(trx, payload, partyIds, now));
}

function messageEvent(row: ChatMessageRow): BusPayload {
  return { kind: 'message', chat_id: row.chat_id, chat_message_id: row.id, party_id: row.party_id };
}

/** Records the chat as contacted in Members › Recent; a partner no longer visible is skipped. */
async function recordChatContact(
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
    const made = await trx
      .insertInto('chats')
      .values({
        type: 'OneOnOneChat',
        name: null,
        pair_key: pairKey,
        created_at: now,
        last_activity_at: now,
        last_activity_party_id: null,
        last_activity_summary: null,
        last_chat_message_id: null,
      })
      .onConflict((conflict) => conflict.columns(['pair_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (made) {
      await trx
        .insertInto('chat_parties')
        .values(
          [member.partyId, partnerId].map((partyId) => ({
            chat_id: made.id,
            party_id: partyId,
            joined_at: now,
            left_at: null,
            hid_at: null,
            last_seen_chat_message_id: null,
            unseen_count: 0,
          })),
        )
        .execute();
      await record(
        trx,
        events,
        { kind: 'chat', chat_id: made.id },
        [member.partyId, partnerId].sort((a, b) => a - b),
        now,
      );
      return { id: made.id, existed: false };
    }
    const existing = await trx
      .selectFrom('chats')
      .select('id')
      .where('pair_key', '=', pairKey)
      .executeTakeFirstOrThrow();
    const unhidden = await trx
      .updateTable('chat_parties')
      .set({ hid_at: null })
      .where('chat_id', '=', existing.id)
      .where('party_id', '=', member.partyId)
      .where('hid_at', 'is not', null)
      .executeTakeFirst();
    if (Number(unhidden.numUpdatedRows) > 0) {
      await record(trx, events, { kind: 'chat', chat_id: existing.id }, [member.partyId], now);
    }
    return { id: existing.id, existed: true };
  });
  publishAll(ctx.bus, events);
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
    const chat = await trx
      .insertInto('chats')
      .values({
        type: 'GroupChat',
        name: null,
        pair_key: null,
        created_at: now,
        last_activity_at: now,
        last_activity_party_id: null,
        last_activity_summary: null,
        last_chat_message_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await appendMessage(
      trx,
      systemMessage(chat.id, chatCreatedBy(me.display), now),
    );
    await trx
      .insertInto('chat_parties')
      .values({
        chat_id: chat.id,
        party_id: member.partyId,
        joined_at: now,
        left_at: null,
        hid_at: null,
        last_seen_chat_message_id: created?.id ?? null,
        unseen_count: 0,
      })
      .execute();
    await record(trx, events, { kind: 'chat', chat_id: chat.id }, [member.partyId], now);
    return chat.id;
  });
  publishAll(ctx.bus, events);
  return { data: { chat: { id: chatId } } };
}

const CLIENT_ID_USED = 'has already been used';

/** Thrown inside a send's transaction when its client id was used: rolls the photo back. */
class RepeatedSend extends Error {}

function sendErrors(input: SendChatMessageRequest['chat_message']): {
  content: string | null;
  errors: string[];
} {
  const content = input.content?.trim() ?? '';
  const photo = input.photo_attributes ?? null;
  const errors: string[] = [];
  if (photo && content !== '') errors.push(CHAT_MESSAGE_TEXT_OR_IMAGE);
  else if (!photo && content === '') errors.push(CHAT_MESSAGE_BLANK);
  if (content.length > CHAT_MESSAGE_MAX) errors.push(chatMessageTooLong(CHAT_MESSAGE_MAX));
  if (MESSAGE_CONTROL.test(content)) errors.push(CHAT_MESSAGE_CONTROL_CHARACTERS);
  return { content: content === '' ? null : content, errors };
}

/** What a send asks for, to tell a retry from a different message under a reused client id. */
interface SendShape {
  content: string | null;
  photo: boolean;
}

async function messageByClientId(
  ctx: ServiceContext,
  member: Member,
  chatId: number,
  clientId: string,
  shape: SendShape,
): Promise<ChatMessage | undefined> {
  const row = await ctx.db
    .selectFrom('chat_messages as m')
    .leftJoin('photos as ph', 'ph.id', 'm.photo_id')
    .select([
      'm.id',
      'm.chat_id',
      'm.type',
      'm.party_id',
      'm.content',
      'm.client_id',
      'm.created_at',
      'm.photo_id',
      'ph.storage_key as photo_storage_key',
      'ph.medium_key as photo_medium_key',
    ])
    .where('m.chat_id', '=', chatId)
    .where('m.client_id', '=', clientId)
    .executeTakeFirst();
  if (!row) return undefined;
  // Another member's id: the client made a poor one; it must not read someone else's send.
  // A different message under the member's own id is not a retry (a client that made the id
  // again): answering the first would drop the new text without a word.
  const same =
    row.party_id === member.partyId &&
    (row.photo_id !== null) === shape.photo &&
    (shape.photo || row.content === shape.content);
  if (!same) throw new ValidationError({ client_id: [CLIENT_ID_USED] });
  return presentChatMessage(row);
}

/**
 * POST /chats/{id}/party_chat_messages.json (API-CHAT-06, CHAT-19/20; D41, AMB-27, AMB-49).
 * Text (trimmed, 1..CHAT_MESSAGE_MAX) or one image; the client's `party_id` and `created_at`
 * are ignored. A `client_id` makes the send idempotent: sent again, it answers the first
 * message and `created: false`. The message un-hides the chat for everyone in it, counts as
 * unseen for the other current members, and moves the sender's own marker to it.
 */
export async function sendChatMessage(
  ctx: ServiceContext,
  actor: Actor,
  chatId: number,
  input: SendChatMessageRequest['chat_message'],
): Promise<{ message: ChatMessage; created: boolean }> {
  const member = requireMember(actor);
  const chat = await loadMemberChat(ctx, member, chatId);
  const { content, errors } = sendErrors(input);
  if (errors.length > 0) throw new ValidationError({ base: errors });
  const clientId = input.client_id ?? null;
  const shape: SendShape = { content, photo: Boolean(input.photo_attributes) };
  if (clientId !== null) {
    const first = await messageByClientId(ctx, member, chatId, clientId, shape);
    if (first) return { message: first, created: false };
  }

  const photo = input.photo_attributes ?? null;
  const uploads: StoredUpload[] = [];
  if (photo) {
    const fileName =
      photo.image_file_name.replace(LINE_CONTROL, '').trim().slice(0, 255) || 'photo';
    // VAL-02: a single attachment's refusal, under base (ERR-08).
    const image = await processImage(ctx.storage, photo.image_base64, fileName, {
      field: 'base',
      single: true,
    });
    uploads.push({ image, fileName });
  }
  const me = await nameOf(ctx.db, member.partyId);
  const summary = photo
    ? chatPhotoSummary(me.first)
    : `${me.first}: ${cut(content ?? '', SUMMARY_TEXT_MAX)}`;
  const now = Date.now();
  const events: BusEvent[] = [];
  let saved: ChatMessageRow;
  let memberIds: number[];
  try {
    ({ saved, memberIds } = await withStoredUploads(ctx, uploads, () =>
      ctx.db.transaction().execute(async (trx) => {
        if (!(await lockChat(ctx, trx, chatId))) throw new NotFoundError(NO_SUCH_CHAT);
        await currentEntry(trx, member, chatId);
        const [photoId] = await insertPhotoRows(trx, uploads, member.partyId, now);
        const row = await appendMessage(trx, {
          chatId,
          partyId: member.partyId,
          type: 'PartyChatMessage',
          content: photo ? null : content,
          photoId: photoId ?? null,
          clientId,
          summary,
          now,
        });
        if (!row) throw new RepeatedSend();
        // AMB-27: new activity brings a hidden chat back for everyone in it.
        await trx
          .updateTable('chat_parties')
          .set({ hid_at: null })
          .where('chat_id', '=', chatId)
          .where('left_at', 'is', null)
          .where('hid_at', 'is not', null)
          .execute();
        await trx
          .updateTable('chat_parties')
          .set((eb) => ({ unseen_count: eb('unseen_count', '+', 1) }))
          .where('chat_id', '=', chatId)
          .where('left_at', 'is', null)
          .where('party_id', '<>', member.partyId)
          .execute();
        await trx
          .updateTable('chat_parties')
          .set({ last_seen_chat_message_id: row.id, unseen_count: 0 })
          .where('chat_id', '=', chatId)
          .where('party_id', '=', member.partyId)
          .execute();
        const ids = await currentMemberIds(trx, chatId);
        await record(trx, events, messageEvent(row), ids, now);
        return { saved: row, memberIds: ids };
      }),
    ));
  } catch (error) {
    if (!(error instanceof RepeatedSend) || clientId === null) throw error;
    // A retry that raced its first send: the first one is the answer.
    const first = await messageByClientId(ctx, member, chatId, clientId, shape);
    if (!first) throw error;
    return { message: first, created: false };
  }
  publishAll(ctx.bus, events);
  if (chat.type === 'OneOnOneChat') {
    const partner = memberIds.find((id) => id !== member.partyId);
    if (partner !== undefined) await recordChatContact(ctx, member, partner, now);
  }
  const message = presentChatMessage({
    ...saved,
    photo_storage_key: uploads[0]?.image.key ?? null,
    photo_medium_key: uploads[0]?.image.mediumKey ?? null,
  });
  return { message, created: true };
}

/** POST /chats/{id}/hide.json (API-CHAT-07, CHAT-27): the member's own hid_at, any chat. */
export async function hideChat(ctx: ServiceContext, actor: Actor, chatId: number): Promise<void> {
  const member = requireMember(actor);
  const row = await loadMemberChat(ctx, member, chatId);
  const now = Date.now();
  const events: BusEvent[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('chat_parties')
      .set({ hid_at: now })
      .where('id', '=', row.entry_id)
      .where('left_at', 'is', null)
      .execute();
    await record(trx, events, { kind: 'chat', chat_id: chatId }, [member.partyId], now);
  });
  publishAll(ctx.bus, events);
}

/**
 * Runs a group action (rename, add, leave) on a locked chat the member is in: 404 when they
 * are not, 403 on a one-on-one (PERM-17).
 */
async function inGroup<T>(
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
    const chat = await lockChat(ctx, trx, chatId);
    if (!chat) throw new NotFoundError(NO_SUCH_CHAT);
    await currentEntry(trx, member, chatId);
    return work(trx, chat, events);
  });
  publishAll(ctx.bus, events);
  return result;
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
    await trx
      .updateTable('chat_parties')
      .set({ left_at: now, hid_at: null, unseen_count: 0 })
      .where('chat_id', '=', chatId)
      .where('party_id', '=', member.partyId)
      .execute();
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
    await trx.updateTable('chats').set({ name: trimmed }).where('id', '=', chatId).execute();
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
    const entry = await trx
      .selectFrom('chat_parties')
      .select(['id', 'left_at'])
      .where('chat_id', '=', chatId)
      .where('party_id', '=', partyId)
      .executeTakeFirst();
    if (entry && entry.left_at === null) {
      throw new ValidationError({ base: [alreadyInChat(added.display)] });
    }
    const now = Date.now();
    const message = await appendMessage(
      trx,
      systemMessage(chatId, chatMemberAdded(me.display, added.display), now),
    );
    const marker = message?.id ?? null;
    if (entry) {
      await trx
        .updateTable('chat_parties')
        .set({
          left_at: null,
          hid_at: null,
          joined_at: now,
          last_seen_chat_message_id: marker,
          unseen_count: 0,
        })
        .where('id', '=', entry.id)
        .execute();
    } else {
      await trx
        .insertInto('chat_parties')
        .values({
          chat_id: chatId,
          party_id: partyId,
          joined_at: now,
          left_at: null,
          hid_at: null,
          last_seen_chat_message_id: marker,
          unseen_count: 0,
        })
        .execute();
    }
    const ids = await currentMemberIds(trx, chatId);
    if (message) await record(trx, events, messageEvent(message), ids, now);
    await record(trx, events, { kind: 'chat', chat_id: chatId }, [partyId], now);
  });
}
