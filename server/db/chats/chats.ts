/**
 * The chats rows (§7 Chats; docs/decisions.md D41, D42): a member's list, one chat as the
 * member's own entry sees it, the row a write locks, and the writes to `chats` itself. Who may
 * read a chat is the policy's (policies/chats.ts); `chatsOfMember` lists the chats of the
 * member's current entries, which chats.db.test.ts holds to `mayReadChat`.
 *
 * The list and the single chat are prepared statements (db/prepared.ts): the chat screen and
 * the list are read on every visit and refetch.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { CHAT_AVATAR_MAX, PREF_SHOW_HIDDEN_CHATS } from '../../../common/constants.ts';
import type { ChatEntryRow, ChatRow } from '../../presenters/chat.ts';
import { prepare } from '../prepared.ts';
import type { Database } from '../schema.ts';
import { PARTY_SUMMARY_COLUMNS } from '../parties.ts';

type Db = Kysely<Database>;

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

/** A chat with the member's own entry in it (any entry: the caller asks the policy). */
export type MemberChatRow = ChatRow & {
  entry_id: number;
  left_at: number | null;
  last_seen_chat_message_id: number | null;
};

const chatOfMemberQuery = prepare<MemberChatRow, 'chat' | 'party'>((db, p) =>
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

/** The chat as the party's own entry sees it (one row, by primary keys); undefined without one. */
export async function chatOfMember(
  db: Db,
  chatId: number,
  partyId: number,
): Promise<MemberChatRow | undefined> {
  const { rows } = await chatOfMemberQuery.run(db, { chat: chatId, party: partyId });
  return rows[0];
}

const chatsOfMemberQuery = prepare<ChatRow, 'party'>((db, p) =>
  db
    .selectFrom('chat_parties as cp')
    .innerJoin('chats as c', 'c.id', 'cp.chat_id')
    .select(CHAT_ROW_COLUMNS)
    .where('cp.party_id', '=', p<number>('party'))
    .where('cp.left_at', 'is', null)
    .orderBy('c.last_activity_at', 'desc')
    .orderBy('c.id', 'desc'),
);

/** The party's current chats (hidden ones too: the client filters, AMB-27), newest first. */
export async function chatsOfMember(db: Db, partyId: number): Promise<ChatRow[]> {
  const { rows } = await chatsOfMemberQuery.run(db, { party: partyId });
  return rows;
}

export interface OtherMemberRow extends ChatEntryRow {
  chat_id: number;
  rank: number;
  total: number;
}

const otherMembersOfChatsQuery = prepare<OtherMemberRow, 'party'>((db, p) =>
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
 * The other current members of each of the party's current chats, the first
 * CHAT_AVATAR_MAX + 1 by joining order, and how many there are: one statement for the list.
 */
export async function otherMembersOfChats(db: Db, partyId: number): Promise<OtherMemberRow[]> {
  const { rows } = await otherMembersOfChatsQuery.run(db, { party: partyId });
  return rows;
}

/*
 * Built once (prepared.ts): the list is read on every visit to the chats screen, and Kysely
 * building this query each time cost more than running it.
 */
const showHiddenChatsQuery = prepare<{ value: string }, 'party'>((db, p) =>
  db
    .selectFrom('party_preferences')
    .select('value')
    .where('party_id', '=', p<number>('party'))
    .where('code', '=', PREF_SHOW_HIDDEN_CHATS),
);

/** The party's stored SHOW_HIDDEN_CHATS, undefined when never set. */
export async function storedShowHiddenChats(db: Db, partyId: number): Promise<string | undefined> {
  const { rows } = await showHiddenChatsQuery.run(db, { party: partyId });
  return rows[0]?.value;
}

/**
 * The chat's row, locked for the rest of the transaction when `forUpdate` (PostgreSQL; SQLite
 * has one writer); undefined when there is no such chat.
 */
export async function lockChat(db: Db, chatId: number, forUpdate: boolean) {
  let query = db
    .selectFrom('chats')
    .select(['id', 'type', 'name', 'pair_key'])
    .where('id', '=', chatId);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The chat's newest message id, as `chats.last_chat_message_id` keeps it. */
export async function lastMessageIdOf(db: Db, chatId: number): Promise<number | null> {
  const chat = await db
    .selectFrom('chats')
    .select('last_chat_message_id')
    .where('id', '=', chatId)
    .executeTakeFirstOrThrow();
  return chat.last_chat_message_id;
}

const NEW_CHAT = {
  name: null,
  last_activity_party_id: null,
  last_activity_summary: null,
  last_chat_message_id: null,
} as const;

/** A new group chat with no name and no message yet. */
export async function insertGroupChat(db: Db, now: number): Promise<number> {
  const chat = await db
    .insertInto('chats')
    .values({
      ...NEW_CHAT,
      type: 'GroupChat',
      pair_key: null,
      created_at: now,
      last_activity_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return chat.id;
}

/** A new one-on-one chat for a pair; undefined when the pair has one already (its key is unique). */
export async function insertPairChat(
  db: Db,
  pairKey: string,
  now: number,
): Promise<number | undefined> {
  const made = await db
    .insertInto('chats')
    .values({
      ...NEW_CHAT,
      type: 'OneOnOneChat',
      pair_key: pairKey,
      created_at: now,
      last_activity_at: now,
    })
    .onConflict((conflict) => conflict.columns(['pair_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return made?.id;
}

/** The one-on-one chat of a pair (its key is the two party ids, lower first). */
export async function chatIdOfPair(db: Db, pairKey: string): Promise<number> {
  const chat = await db
    .selectFrom('chats')
    .select('id')
    .where('pair_key', '=', pairKey)
    .executeTakeFirstOrThrow();
  return chat.id;
}

export async function setChatName(db: Db, chatId: number, name: string): Promise<void> {
  await db.updateTable('chats').set({ name }).where('id', '=', chatId).execute();
}
