/**
 * The chat screen /chats/{chatId} (D45). Lodgehall's own words, where the spec gives none.
 * Read through common/messages.ts.
 */

/** The header menu's button (CHAT-11). */
export const CHAT_MENU = 'Chat menu';
export const CHAT_MESSAGES_LABEL = 'Messages';
export const NO_MESSAGES_YET = 'No messages yet. Write the first one below.';
export const LOAD_EARLIER_MESSAGES = 'Show earlier messages';
export const LOADING_EARLIER_MESSAGES = 'Loading earlier messages…';
export const BEGINNING_OF_CHAT = 'This is the beginning of the chat.';
export const MESSAGE_LABEL = 'Message';
export const MESSAGE_PLACEHOLDER = 'Write a message';
export const SEND = 'Send';
export const SENDING = 'Sending…';
export const ATTACH_PHOTO = 'Add a photo';
export const REMOVE_PHOTO_FROM_MESSAGE = 'Remove the photo';
export const photoToSend = (fileName: string): string => `Photo to send: ${fileName}`;
/** Too big a photo for one message (the posts' size guard, D45). */
export const PHOTO_TOO_LARGE_FOR_MESSAGE =
  'This photo is too large to send. Please pick a smaller one.';
/** The words a screen reader reads for a photo in a message, and the button that enlarges it. */
export const photoFrom = (name: string): string => `Photo from ${name}`;
export const ENLARGE_PHOTO = 'Show the photo full size';
/** Read state under the viewer's last message (D41, D45). */
export const SEEN = 'Seen';
export const seenBy = (count: number): string => `Seen by ${count}`;
export const SYSTEM_NOTE = 'Chat note';
