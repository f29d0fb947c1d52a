/**
 * Chats (§2 Chats, §7 Chats; CHAT-*, API-CHAT-*, AMB-26..28, AMB-49, AMB-50). One module: query
 * keys, fetchers, queries and the mutations that invalidate through the keys. The event stream
 * (web/http/event-stream.ts) invalidates through the same keys.
 */

/** Every key of this module; mutations and the event stream invalidate through these. */
export const chatKeys = {
  all: ['chats'] as const,
  list: () => [...chatKeys.all, 'list'] as const,
  details: () => [...chatKeys.all, 'detail'] as const,
  detail: (id: number) => [...chatKeys.details(), id] as const,
};

// ---- The chat list, new chats, members, rename, preferences --------------------------------

// ---- One chat: messages, sending, hide, leave ------------------------------------------------
