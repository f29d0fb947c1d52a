/**
 * The chat list and the screens around it: new chat, add a member, rename, members (D46).
 * Lodgehall's own words, where the spec gives none. Read through common/messages.ts.
 */

export const CHATS_TITLE = 'Chats';
export const LOADING_CHATS = 'Loading your chats…';
export const CHATS_LOAD_FAILED = 'Your chats could not be loaded.';
export const LOADING_CHAT = 'Loading the chat…';
export const BACK_TO_CHATS = 'Back to Chats';
export const BACK_TO_CHAT = 'Back to the chat';
/** Beside the dot of a chat with unseen messages, so the dot is not the only sign (CHAT-08). */
export const unseenInChat = (count: number): string => `${count} new`;
/** On a hidden chat shown in the list, beside its tint (CHAT-06). */
export const HIDDEN_CHAT = 'Hidden';
/** Said while New Group or a picked member opens a chat. */
export const OPENING_CHAT = 'Opening the chat…';

/** /chats/new and the party page's Chat action. */
export const NEW_CHAT_TITLE = 'New 1-on-1 Chat';
export const NEW_CHAT_HINT = 'Find the member, then choose their name to start a chat.';

/** /chats/{id}/add_member. */
export const ADD_MEMBER_HINT = 'Find the member, then choose their name to add them to this chat.';
export const ADDING_MEMBER = 'Adding the member…';
export const ADD_TO_CHAT = 'Add';
export const GROUP_CHATS_ONLY = 'Only a group chat can have members added, be renamed or left.';

/** /chats/{id}/edit. */
export const RENAME_CHAT_TITLE = 'Rename Chat';
export const CHAT_NAME_LABEL = 'Chat name';
export const SAVE_NAME = 'Save Name';
export const SAVING_NAME = 'Saving the name…';

/** /chat_parties/{id}. */
export const CHAT_MEMBERS_TITLE = 'Members of this chat';
export const YOU = 'You';
export const leftChatOn = (date: string): string => `Left the chat on ${date}`;
/** A rename refused with no message of its own (Lodgehall's words). */
export const RENAME_FAILED = 'The name could not be saved.';
