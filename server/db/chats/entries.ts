/**
 * Who is in a chat (`chat_parties`, docs/decisions.md D41, D42): each member's entry with its
 * marker, kept unseen count and hidden mark; a member who left keeps the entry with `left_at`.
 * The writes here move those kept facts; which of them a change makes is the service's.
 */
import type { Kysely } from 'kysely';
import type { PartySummaryRow } from '../../presenters/party.ts';
import type { ChatEntryRow } from '../../presenters/chat.ts';
import { prepare } from '../prepared.ts';
import { PARTY_SUMMARY_COLUMNS } from '../parties.ts';
import type { Database } from '../schema.ts';

type Db = Kysely<Database>;

const chatEntriesQuery = prepare<ChatEntryRow, 'chat'>((db, p) =>
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

/** Every entry of a chat, those who left included, in the order they joined. */
export async function chatEntries(db: Db, chatId: number): Promise<ChatEntryRow[]> {
  const { rows } = await chatEntriesQuery.run(db, { chat: chatId });
  return rows;
}

/** The party's own entry in a chat, whether they are in it now or left; undefined if never. */
export async function entryOf(db: Db, chatId: number, partyId: number) {
  return db
    .selectFrom('chat_parties')
    .select(['id', 'left_at', 'hid_at'])
    .where('chat_id', '=', chatId)
    .where('party_id', '=', partyId)
    .executeTakeFirst();
}

/** The chat's current members' party ids, in id order. */
export async function currentMemberIds(db: Db, chatId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('chat_parties')
    .select('party_id')
    .where('chat_id', '=', chatId)
    .where('left_at', 'is', null)
    .orderBy('party_id')
    .execute();
  return rows.map((row) => row.party_id);
}

/** A party's summary columns (for the names a system message and a summary line use). */
export async function partySummaryOf(
  db: Db,
  partyId: number,
): Promise<PartySummaryRow | undefined> {
  return db
    .selectFrom('parties as p')
    .select(PARTY_SUMMARY_COLUMNS)
    .where('p.id', '=', partyId)
    .executeTakeFirst();
}

/** An entry's read state, locked for the transaction when `forUpdate` (PostgreSQL). */
export async function readStateOf(db: Db, entryId: number, forUpdate: boolean) {
  let query = db
    .selectFrom('chat_parties')
    .select(['left_at', 'last_seen_chat_message_id', 'unseen_count'])
    .where('id', '=', entryId);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Puts the entry's marker at `marker` and its kept count at 0 (D41). */
export async function setEntryRead(db: Db, entryId: number, marker: number | null): Promise<void> {
  await db
    .updateTable('chat_parties')
    .set({ last_seen_chat_message_id: marker, unseen_count: 0 })
    .where('id', '=', entryId)
    .execute();
}

/** The sender's own entry: read up to their message (D41). */
export async function setMemberRead(
  db: Db,
  chatId: number,
  partyId: number,
  marker: number,
): Promise<void> {
  await db
    .updateTable('chat_parties')
    .set({ last_seen_chat_message_id: marker, unseen_count: 0 })
    .where('chat_id', '=', chatId)
    .where('party_id', '=', partyId)
    .execute();
}

/** New entries, in the chat from `now`, with nothing unseen. */
export async function insertEntries(
  db: Db,
  chatId: number,
  partyIds: readonly number[],
  now: number,
  marker: number | null,
): Promise<void> {
  await db
    .insertInto('chat_parties')
    .values(
      partyIds.map((partyId) => ({
        chat_id: chatId,
        party_id: partyId,
        joined_at: now,
        left_at: null,
        hid_at: null,
        last_seen_chat_message_id: marker,
        unseen_count: 0,
      })),
    )
    .execute();
}

/** One who left comes back: in from `now`, read up to `marker`, not hidden. */
export async function rejoinEntry(
  db: Db,
  entryId: number,
  now: number,
  marker: number | null,
): Promise<void> {
  await db
    .updateTable('chat_parties')
    .set({
      left_at: null,
      hid_at: null,
      joined_at: now,
      last_seen_chat_message_id: marker,
      unseen_count: 0,
    })
    .where('id', '=', entryId)
    .execute();
}

/** The party's entry is out from `now`: no longer hidden, nothing unseen. */
export async function leaveEntry(
  db: Db,
  chatId: number,
  partyId: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('chat_parties')
    .set({ left_at: now, hid_at: null, unseen_count: 0 })
    .where('chat_id', '=', chatId)
    .where('party_id', '=', partyId)
    .execute();
}

/** Hides a current entry (its own member's choice); a left one is left alone. */
export async function hideEntry(db: Db, entryId: number, now: number): Promise<void> {
  await db
    .updateTable('chat_parties')
    .set({ hid_at: now })
    .where('id', '=', entryId)
    .where('left_at', 'is', null)
    .execute();
}

/** Un-hides the party's entry; true when it was hidden. */
export async function unhideEntry(db: Db, chatId: number, partyId: number): Promise<boolean> {
  const unhidden = await db
    .updateTable('chat_parties')
    .set({ hid_at: null })
    .where('chat_id', '=', chatId)
    .where('party_id', '=', partyId)
    .where('hid_at', 'is not', null)
    .executeTakeFirst();
  return Number(unhidden.numUpdatedRows) > 0;
}

/** Un-hides the chat for every current member (AMB-27: new activity brings it back). */
export async function unhideForCurrentMembers(db: Db, chatId: number): Promise<void> {
  await db
    .updateTable('chat_parties')
    .set({ hid_at: null })
    .where('chat_id', '=', chatId)
    .where('left_at', 'is', null)
    .where('hid_at', 'is not', null)
    .execute();
}

/** One more unseen message for each current member but the sender (D41). */
export async function countUnseenForOthers(
  db: Db,
  chatId: number,
  senderId: number,
): Promise<void> {
  await db
    .updateTable('chat_parties')
    .set((eb) => ({ unseen_count: eb('unseen_count', '+', 1) }))
    .where('chat_id', '=', chatId)
    .where('left_at', 'is', null)
    .where('party_id', '<>', senderId)
    .execute();
}
