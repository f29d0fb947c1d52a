import { GROUP_CHAT_TYPE } from '../../common/constants.ts';
import { publishAll, recordBusEvent } from '../realtime/bus.ts';
import type { BusEvent } from '../realtime/bus.ts';
import type { TestServer } from './api-harness.ts';

/*
 * Chat changes made the way the chat services make them (docs/decisions.md D41, D43): the rows,
 * the kept unseen counts and the bus event in one transaction, published after the commit.
 * The stream and poll tests use them to make events without depending on the chat calls.
 */

/** A group chat whose current members are `partyIds`. */
export async function makeChat(server: TestServer, partyIds: readonly number[]): Promise<number> {
  const db = server.database.handle.db;
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const chat = await trx
      .insertInto('chats')
      .values({
        type: GROUP_CHAT_TYPE,
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
    await trx
      .insertInto('chat_parties')
      .values(
        partyIds.map((partyId) => ({
          chat_id: chat.id,
          party_id: partyId,
          joined_at: now,
          left_at: null,
          hid_at: null,
          last_seen_chat_message_id: null,
        })),
      )
      .execute();
    return chat.id;
  });
}

/**
 * The event with the id its row holds after the commit: on PostgreSQL the id an insert answers
 * is provisional, the row is numbered again at commit (docs/decisions.md D74). The newest row
 * of the same payload is this one: the fixtures run one change at a time.
 */
async function asStored(server: TestServer, event: BusEvent): Promise<BusEvent> {
  const row = await server.database.handle.db
    .selectFrom('bus_events')
    .select('id')
    .where('payload', '=', JSON.stringify(event.payload))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { ...event, id: row.id };
}

async function currentMembers(server: TestServer, chatId: number): Promise<number[]> {
  const rows = await server.database.handle.db
    .selectFrom('chat_parties')
    .select('party_id')
    .where('chat_id', '=', chatId)
    .where('left_at', 'is', null)
    .execute();
  return rows.map((row) => row.party_id);
}

/** A text message from `partyId`: one unseen more for each other current member. */
export async function sendMessage(
  server: TestServer,
  chatId: number,
  partyId: number,
  content: string,
): Promise<{ messageId: number; event: BusEvent }> {
  const db = server.database.handle.db;
  const now = Date.now();
  const members = await currentMembers(server, chatId);
  const result = await db.transaction().execute(async (trx) => {
    const message = await trx
      .insertInto('chat_messages')
      .values({
        chat_id: chatId,
        party_id: partyId,
        type: 'PartyChatMessage',
        content,
        photo_id: null,
        client_id: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('chats')
      .set({
        last_activity_at: now,
        last_activity_party_id: partyId,
        last_activity_summary: content,
        last_chat_message_id: message.id,
      })
      .where('id', '=', chatId)
      .execute();
    await trx
      .updateTable('chat_parties')
      .set((eb) => ({ unseen_count: eb('unseen_count', '+', 1) }))
      .where('chat_id', '=', chatId)
      .where('left_at', 'is', null)
      .where('party_id', '<>', partyId)
      .execute();
    const event = await recordBusEvent(
      trx,
      { kind: 'message', chat_id: chatId, chat_message_id: message.id, party_id: partyId },
      members,
      now,
    );
    return { messageId: message.id, event };
  });
  await publishAll(server.app.services.bus, [result.event]);
  return { messageId: result.messageId, event: await asStored(server, result.event) };
}

/** `partyId` leaves: no longer a member; the chat event goes to the others and the leaver. */
export async function leaveChat(server: TestServer, chatId: number, partyId: number) {
  const db = server.database.handle.db;
  const now = Date.now();
  const members = await currentMembers(server, chatId);
  const event = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('chat_parties')
      .set({ left_at: now, unseen_count: 0 })
      .where('chat_id', '=', chatId)
      .where('party_id', '=', partyId)
      .execute();
    return recordBusEvent(trx, { kind: 'chat', chat_id: chatId }, members, now);
  });
  await publishAll(server.app.services.bus, [event]);
}
