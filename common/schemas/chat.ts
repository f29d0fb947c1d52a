import { z } from 'zod';
import { GROUP_CHAT_TYPE, PREF_SHOW_HIDDEN_CHATS } from '../constants.ts';
import { FIELD_BLANK, FIELD_CONTROL_CHARACTERS, chatNameTooLong } from '../messages.ts';
import { isOneLineText } from '../one-line-text.ts';
import { photoSchema } from './post.ts';
import { MAX_RECORD_ID, recordIdSchema, recordIdParamSchema } from './record-id.ts';
import { sessionPartySchema } from './session.ts';

/**
 * Chats (§3 Chat, Chat message, Chat party entry, Party preference; §7 Chats; ENT-06..08,
 * ENT-12, API-CHAT-01..11) and the event stream that carries their changes (docs/decisions.md
 * D41..D44). Times are epoch milliseconds, as everywhere in this API.
 */

export const ONE_ON_ONE_CHAT_TYPE = 'OneOnOneChat';
export const chatTypeSchema = z.enum([GROUP_CHAT_TYPE, ONE_ON_ONE_CHAT_TYPE]);
export type ChatType = z.infer<typeof chatTypeSchema>;

export const chatMessageTypeSchema = z.enum(['PartyChatMessage', 'SystemChatMessage']);
export type ChatMessageType = z.infer<typeof chatMessageTypeSchema>;

/** The longest message text and chat name the server accepts (422 beyond). */
export const CHAT_MESSAGE_MAX = 4000;
export const CHAT_NAME_MAX = 80;
/** Messages per page of `GET /chats/{id}` (newest first; `before_id` pages back). */
export const CHAT_MESSAGES_PAGE = 50;

/** `chatId` in a path: a record id (text that is not one is a 422, as for every path id). */
export const chatIdParamsSchema = z.object({ chatId: recordIdParamSchema });

// ---- Answers ---------------------------------------------------------------------------------

/** A message (ENT-07): `party_id` null for a system message; `photo` for an image message. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  chat_id: z.number().int(),
  type: chatMessageTypeSchema,
  party_id: z.number().int().nullable(),
  content: z.string().nullable(),
  photo: photoSchema.nullable(),
  created_at: z.number().int(),
  /** The sender's own id for the message, echoed so a sender can match its pending send. */
  client_id: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * A member of a chat (ENT-08, CHAT-32): the entry's `id` and `left_at`, the party, and how far
 * they have read (`last_seen_chat_message_id`, for 'Seen' and 'Seen by N').
 */
export const chatPartyEntrySchema = z.object({
  id: z.number().int(),
  party: sessionPartySchema,
  joined_at: z.number().int(),
  left_at: z.number().int().nullable(),
  last_seen_chat_message_id: z.number().int().nullable(),
});
export type ChatPartyEntry = z.infer<typeof chatPartyEntrySchema>;

/**
 * What the viewer may do with a chat (issue 22), decided by the same policy that guards each
 * write (server/policies/chats.ts): `send` and `hide` for any chat they are in; `list_members`,
 * `add_member`, `rename` and `leave` for a group chat only (PERM-17, CHAT-24). A screen shows a
 * control from these, never from a rule of its own.
 */
export const chatAbilitiesSchema = z.object({
  send: z.boolean(),
  hide: z.boolean(),
  list_members: z.boolean(),
  add_member: z.boolean(),
  rename: z.boolean(),
  leave: z.boolean(),
});
export type ChatAbilities = z.infer<typeof chatAbilitiesSchema>;

/**
 * A chat as the list shows it (ENT-06, CHAT-01..09). `parties` holds up to CHAT_AVATAR_MAX + 1
 * current members other than the viewer (the avatars and the title of an unnamed chat);
 * `party_count` counts every current member, the viewer included, for '+N'. `hid_at` is the
 * viewer's own; the server lists hidden chats too and the client filters them (AMB-27).
 */
export const chatSummarySchema = z.object({
  id: z.number().int(),
  type: chatTypeSchema,
  name: z.string().nullable(),
  parties: z.array(sessionPartySchema),
  party_count: z.number().int(),
  hid_at: z.number().int().nullable(),
  created_at: z.number().int(),
  last_activity_at: z.number().int(),
  last_activity_party_id: z.number().int().nullable(),
  last_activity_summary: z.string().nullable(),
  last_chat_message_id: z.number().int().nullable(),
  unseen_count: z.number().int().min(0),
  abilities: chatAbilitiesSchema,
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

export const partyPreferenceCodeSchema = z.enum([PREF_SHOW_HIDDEN_CHATS]);
export const partyPreferenceValueSchema = z.enum(['YES', 'NO']);
/** ENT-12. */
export const partyPreferenceSchema = z.object({
  code: partyPreferenceCodeSchema,
  value: partyPreferenceValueSchema,
});
export type PartyPreference = z.infer<typeof partyPreferenceSchema>;

/** `GET /chats.json` (API-CHAT-01): newest activity first, with the member's preferences. */
export const chatListAnswerSchema = z.object({
  data: z.object({
    chats: z.array(chatSummarySchema),
    party_preferences: z.array(partyPreferenceSchema),
  }),
});
export type ChatListAnswer = z.infer<typeof chatListAnswerSchema>;

/**
 * One chat (API-CHAT-04): the summary's fields with every member entry (`parties`, those who
 * left included, CHAT-32) and a page of messages, newest first. `has_more` says whether older
 * messages exist (ask with `?before_id={oldest id}`).
 */
export const chatDetailSchema = chatSummarySchema.extend({
  parties: z.array(chatPartyEntrySchema),
  chat_messages: z.array(chatMessageSchema),
  has_more: z.boolean(),
});
export type ChatDetail = z.infer<typeof chatDetailSchema>;
export const chatAnswerSchema = z.object({ data: z.object({ chat: chatDetailSchema }) });

/**
 * `GET /chats/{id}?before_id=&mark_read=` query. Without `before_id` the call marks the chat
 * read (the spec's chat screen) unless `mark_read=false`: a screen that only shows the members
 * or the name (members, rename, add a member) looks without moving the marker (D41).
 */
export const chatQuerySchema = z.object({
  before_id: recordIdParamSchema.optional(),
  mark_read: z.enum(['true', 'false']).optional(),
});

/** `GET /chats/{id}/last_activity_chat_message_id` (API-CHAT-05). */
export const lastActivityAnswerSchema = z.object({
  data: z.object({ last_activity_chat_message_id: z.number().int().nullable() }),
});

/** `POST /chats.json` (API-CHAT-02, -03; AMB-28): the chat to open and, maybe, why it existed. */
export const createChatAnswerSchema = z.object({
  data: z.object({ chat: z.object({ id: z.number().int() }) }),
  alert: z.object({ message: z.string() }).optional(),
});
export type CreateChatAnswer = z.infer<typeof createChatAnswerSchema>;

/** `POST /chats/{id}/party_chat_messages.json` (API-CHAT-06): the message as stored. */
export const chatMessageAnswerSchema = z.object({
  data: z.object({ chat_message: chatMessageSchema }),
});

/** `PUT /chats/{id}.json`, `POST hide.json`, `POST leave.json`, `POST /party_chats.json`. */
export const chatChangeAnswerSchema = z.object({
  data: z.object({ chat: z.object({ id: z.number().int() }) }),
});

export const partyPreferenceAnswerSchema = z.object({
  data: z.object({ party_preference: partyPreferenceSchema }),
});

// ---- Requests --------------------------------------------------------------------------------

/** `{chat {type: GroupChat}}` or `{chat {party_id}}` (API-CHAT-02, -03). */
export const createChatRequestSchema = z.object({
  chat: z.union([
    z.object({ type: z.literal(GROUP_CHAT_TYPE) }).strict(),
    z.object({ party_id: recordIdSchema }).strict(),
  ]),
});
export type CreateChatRequest = z.infer<typeof createChatRequestSchema>;

/** A client-made id for a send: letters, digits, `-` and `_`, so a retry finds the first. */
export const clientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'is not a valid client id');

/** The single image of a message (CHAT-20); the type is read from the bytes on the server. */
export const chatPhotoAttributesSchema = z.object({
  image_file_name: z.string().max(255),
  image_content_type: z.string().max(100),
  image_base64: z.string().min(1),
});
export type ChatPhotoAttributes = z.infer<typeof chatPhotoAttributesSchema>;

/**
 * API-CHAT-06. `party_id` and `created_at` are accepted and ignored (AMB-49). Exactly one of
 * `content` and `photo_attributes`; too long or empty is a 422 under `base` (ERR-08).
 */
export const sendChatMessageRequestSchema = z.object({
  chat_message: z.object({
    party_id: z.unknown().optional(),
    created_at: z.unknown().optional(),
    client_id: clientIdSchema.optional(),
    content: z.string().nullable().optional(),
    photo_attributes: chatPhotoAttributesSchema.nullable().optional(),
  }),
});
export type SendChatMessageRequest = z.infer<typeof sendChatMessageRequestSchema>;

/** API-CHAT-09; the name's 422s come under `name` (VAL-07), by chatNameSchema. */
export const renameChatRequestSchema = z.object({ chat: z.object({ name: z.string() }) });

/**
 * A chat's name as the server keeps it and the rename form checks it before sending: trimmed,
 * 1 to CHAT_NAME_MAX characters, one line (D42, D54). The service applies it after the group check,
 * so a one-on-one is a 403 whatever the name.
 */
export const chatNameSchema = z
  .string()
  .trim()
  .min(1, FIELD_BLANK)
  .max(CHAT_NAME_MAX, chatNameTooLong(CHAT_NAME_MAX))
  .refine(isOneLineText, FIELD_CONTROL_CHARACTERS);
export type RenameChatRequest = z.infer<typeof renameChatRequestSchema>;

/** API-CHAT-10. */
export const addChatPartyRequestSchema = z.object({
  party_chat: z.object({ chat_id: recordIdSchema, party_id: recordIdSchema }),
});
export type AddChatPartyRequest = z.infer<typeof addChatPartyRequestSchema>;

/** API-CHAT-11. */
export const partyPreferenceRequestSchema = z.object({ party_preference: partyPreferenceSchema });
export type PartyPreferenceRequest = z.infer<typeof partyPreferenceRequestSchema>;

// ---- The event stream (`GET /events`, docs/decisions.md D43) --------------------------------

/**
 * What a stream event says; each names the chat, and the client refetches what it shows.
 * - `message`: a new message in a chat of the member (system messages included).
 * - `chat`: the chat changed for the member: created, renamed, a member added or left, hidden,
 *   or the member left it (then it is gone from the list).
 * - `read`: a member of the chat has read up to a message (for 'Seen' and 'Seen by N').
 * Each carries the event id the stream sends as `id:`, for `Last-Event-ID`.
 */
export const chatStreamEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message'),
    chat_id: z.number().int(),
    chat_message_id: z.number().int(),
    party_id: z.number().int().nullable(),
  }),
  z.object({ kind: z.literal('chat'), chat_id: z.number().int() }),
  z.object({
    kind: z.literal('read'),
    chat_id: z.number().int(),
    party_id: z.number().int(),
    last_seen_chat_message_id: z.number().int(),
  }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

/**
 * SSE event names: `chat` events carry a ChatStreamEvent with an id; `badges` carries the
 * user-metadata counts (no id: it is a state, resent after every change and on connect);
 * `reset` (no id) says the replay window was missed, so refetch everything.
 */
export const STREAM_EVENT_CHAT = 'chat';
export const STREAM_EVENT_BADGES = 'badges';
export const STREAM_EVENT_RESET = 'reset';

/** A stream event id a client resumes from: the `Last-Event-ID` header or `?last_event_id=`. */
export const lastEventIdSchema = z.coerce.number().int().min(0).max(MAX_RECORD_ID);
export const eventStreamQuerySchema = z.object({ last_event_id: lastEventIdSchema.optional() });
