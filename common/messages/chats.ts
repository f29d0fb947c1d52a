/** Chats. Read through common/messages.ts. */

/** Chats (CHAT-*, CONST-31, CONST-32). */
export const NEW_ONE_ON_ONE = 'New 1-on-1';
export const NEW_GROUP = 'New Group';
export const SHOW_HIDDEN_CHATS = 'Show Hidden Chats';
export const HIDE_HIDDEN_CHATS = 'Hide Hidden Chats';
export const NO_CHATS = 'No chats to display.';
export const LIST_MEMBERS = 'List Members';
export const ADD_A_MEMBER = 'Add a Member';
export const RENAME = 'Rename';
export const LEAVE = 'Leave';
export const HIDE = 'Hide';
export const NEW_GROUP_CHAT = 'New Group Chat';
export const moreMembers = (count: number): string => `+${count}`;

/** Error catalogue (§8, AMB-39). */
export const ERROR_CREATING_CHAT_MESSAGE = 'Error creating chat message';
/** AMB-39: the bare text, or the text, a colon and the base errors joined by ', '. */
export const errorCreatingChatMessage = (baseErrors: readonly string[]): string =>
  baseErrors.length > 0
    ? `${ERROR_CREATING_CHAT_MESSAGE}: ${baseErrors.join(', ')}`
    : ERROR_CREATING_CHAT_MESSAGE;
export const ERROR_CREATING_CHAT = 'Error creating chat.';
export const ERROR_ADDING_MEMBER_TO_CHAT = 'Error adding member to chat.';
export const ERROR_FETCHING_CHAT = 'Error fetching chat';
export const ERROR_HIDING_CHAT_MESSAGE = 'Error hiding chat message';
export const ERROR_LEAVING_CHAT_MESSAGE = 'Error leaving chat message';
export const ERROR_TOGGLING_HIDDEN_CHATS = 'Error toggling hidden chats.';
export const CONFIRM_HIDE_CHAT = 'Are you sure you wish to hide this chat?';
export const CONFIRM_LEAVE_CHAT = 'Are you sure you wish to leave this chat?';

/** Validation (§5). */
export const NO_CHAT_WITH_SELF = 'You cannot have a 1-on-1 chat with yourself.';
export const ALREADY_IN_CHAT = 'You are already in this chat.';
/** AMB-28: `POST /chats.json` for a pair that has a chat already (Lodgehall's words). */
export const alreadyHaveChatWith = (name: string): string =>
  `You already have a chat with ${name}.`;
/** POST /party_chats.json for a current member (Lodgehall's words, as VAL-06). */
export const alreadyInChat = (name: string): string => `${name} is already in this chat.`;

/** 404s of the chat calls (Lodgehall's words). */
export const NO_SUCH_CHAT = 'No such chat.';

/** A send's 422s, under `base` (ERR-08, AMB-39; Lodgehall's words). */
export const CHAT_MESSAGE_BLANK = "Message can't be blank";
export const chatMessageTooLong = (max: number): string =>
  `Message is too long (at most ${max} characters)`;
export const CHAT_MESSAGE_TEXT_OR_IMAGE = 'Send either text or one image';
/** A message may hold tabs and line breaks, no other control character (PostgreSQL refuses NUL). */
export const CHAT_MESSAGE_CONTROL_CHARACTERS = 'Message must not contain control characters';
/** A rename's 422 under `name` (VAL-07; Lodgehall's words). */
export const chatNameTooLong = (max: number): string => `is too long (at most ${max} characters)`;

/** System messages (CHAT-13): what happened in a chat, by whom (as the demo data words them). */
export const chatCreatedBy = (name: string): string => `${name} created the group`;
export const chatMemberAdded = (by: string, added: string): string => `${by} added ${added}`;
export const chatMemberLeft = (name: string): string => `${name} left the chat`;
export const chatRenamed = (by: string, chatName: string): string =>
  `${by} named the chat "${chatName}"`;
/** The list's summary of an image message (the seed's wording). */
export const chatPhotoSummary = (firstName: string): string => `${firstName} sent a photo`;
