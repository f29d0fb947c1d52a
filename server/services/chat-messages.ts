/**
 * A send to a chat (API-CHAT-06, CHAT-19/20; docs/decisions.md D41, AMB-27, AMB-49): the
 * message, the un-hide and the kept counts it moves, in one transaction on the locked chat.
 */
import {
  CHAT_MESSAGE_BLANK,
  CHAT_MESSAGE_CONTROL_CHARACTERS,
  CHAT_MESSAGE_TEXT_OR_IMAGE,
  chatMessageTooLong,
  chatPhotoSummary,
} from '../../common/messages.ts';
import {
  CHAT_MESSAGE_MAX,
  type ChatMessage,
  type SendChatMessageRequest,
} from '../../common/schemas/chat.ts';
import { requireMember, type Actor, type Member } from '../auth/actor.ts';
import {
  countUnseenForOthers,
  currentMemberIds,
  setMemberRead,
  unhideForCurrentMembers,
} from '../db/chats/entries.ts';
import { appendMessage, messageByClientId } from '../db/chats/messages.ts';
import { ValidationError } from '../errors.ts';
import { processImage } from '../images/process-image.ts';
import { presentChatMessage, type ChatMessageRow } from '../presenters/chat.ts';
import { publishAll, type BusEvent } from '../realtime/bus.ts';
import { loadMemberChat, lockMemberChat } from './chat-access.ts';
import { recordChatContact } from './chat-changes.ts';
import type { ServiceContext } from './context.ts';
import { insertPhotoRows, withStoredUploads, type StoredUpload } from './unguarded/photos.ts';
import { cut, messageEvent, nameOf, record } from './unguarded/chats.ts';

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

async function firstSend(
  ctx: ServiceContext,
  member: Member,
  chatId: number,
  clientId: string,
  shape: SendShape,
): Promise<ChatMessage | undefined> {
  const row = await messageByClientId(ctx.db, chatId, clientId);
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
    const first = await firstSend(ctx, member, chatId, clientId, shape);
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
        await lockMemberChat(ctx, trx, member, chatId);
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
        await unhideForCurrentMembers(trx, chatId);
        await countUnseenForOthers(trx, chatId, member.partyId);
        await setMemberRead(trx, chatId, member.partyId, row.id);
        const ids = await currentMemberIds(trx, chatId);
        await record(trx, events, messageEvent(row), ids, now);
        return { saved: row, memberIds: ids };
      }),
    ));
  } catch (error) {
    if (!(error instanceof RepeatedSend) || clientId === null) throw error;
    // A retry that raced its first send: the first one is the answer.
    const first = await firstSend(ctx, member, chatId, clientId, shape);
    if (!first) throw error;
    return { message: first, created: false };
  }
  await publishAll(ctx.bus, events);
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
