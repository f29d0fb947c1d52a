/**
 * Chats (§2 Chats, §7 Chats; CHAT-*, API-CHAT-*, AMB-26..28, AMB-49, AMB-50). One module: query
 * keys, fetchers, queries and the mutations that invalidate through the keys. The event stream
 * (web/http/event-stream.ts) invalidates through the same keys.
 */

// Imports of the "One chat" section (web-screen).
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  chatAnswerSchema,
  chatMessageAnswerSchema,
  lastActivityAnswerSchema,
  type ChatDetail,
  type ChatMessage,
  type ChatPhotoAttributes,
  type SendChatMessageRequest,
} from '../../common/schemas/chat.ts';
import { apiRequest, queryClient } from '../http/client.ts';
import type { EventStreamHandlers } from '../http/event-stream.ts';

/** Every key of this module; mutations and the event stream invalidate through these. */
export const chatKeys = {
  all: ['chats'] as const,
  list: () => [...chatKeys.all, 'list'] as const,
  details: () => [...chatKeys.all, 'detail'] as const,
  detail: (id: number) => [...chatKeys.details(), id] as const,
};

// ---- The chat list, new chats, members, rename, preferences --------------------------------

// ---- One chat: messages, sending, hide, leave ------------------------------------------------

/**
 * The chat screen reads its chat as pages of messages, newest first: page 0 is
 * `GET /chats/{id}` (which also marks the chat read, D41), each later page asks `before_id` the
 * oldest id so far (keyset, CHAT_MESSAGES_PAGE a page). A refetch (an event, the poll) fetches
 * page 0 again and the pages after it from its oldest id, so the pages stay contiguous.
 */
export const CHAT_STALE_MS = 0;

export async function fetchChat(
  id: number,
  beforeId: number | null,
  signal?: AbortSignal,
): Promise<ChatDetail> {
  const answer = await apiRequest<unknown>('GET', `/chats/${id}`, {
    query: { before_id: beforeId ?? undefined },
    // ERR-14: the screen says 'Error fetching chat' itself, in place of the general dialogs.
    globalErrors: false,
    ...(signal ? { signal } : {}),
  });
  return chatAnswerSchema.parse(answer).data.chat;
}

/** The `before_id` of the page after `last`, or undefined when the oldest is loaded. */
export function olderChatPageParam(last: ChatDetail): number | undefined {
  const oldest = last.chat_messages.at(-1);
  return last.has_more && oldest ? oldest.id : undefined;
}

export function useChat(id: number) {
  return useInfiniteQuery({
    queryKey: chatKeys.detail(id),
    queryFn: ({ pageParam, signal }) => fetchChat(id, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: olderChatPageParam,
    staleTime: CHAT_STALE_MS,
  });
}

/** The chat of page 0 (the newest members, names and read state) and every loaded message, oldest first. */
export function chatWithMessages(data: InfiniteData<ChatDetail> | undefined): {
  chat: ChatDetail;
  messages: ChatMessage[];
} | null {
  const first = data?.pages[0];
  if (!first) return null;
  const byId = new Map<number, ChatMessage>();
  for (const page of data.pages)
    for (const message of page.chat_messages) byId.set(message.id, message);
  const messages = [...byId.values()].sort((a, b) => a.id - b.id);
  return { chat: first, messages };
}

/** API-CHAT-05: the newest message id, polled while the stream is not open (AMB-26). */
export async function fetchLastActivityId(
  id: number,
  signal?: AbortSignal,
): Promise<number | null> {
  const answer = await apiRequest<unknown>('GET', `/chats/${id}/last_activity_chat_message_id`, {
    // AMB-26: a failed poll is ignored silently; a 401 still ends the session (SESS-04).
    globalErrors: false,
    ...(signal ? { signal } : {}),
  });
  return lastActivityAnswerSchema.parse(answer).data.last_activity_chat_message_id;
}

/** What a send carries: its client-made id, and text or one image (CHAT-18..20). */
export interface ChatSend {
  clientId: string;
  partyId: number;
  content?: string;
  photo?: ChatPhotoAttributes;
}

export function chatSendRequest(send: ChatSend, now: number = Date.now()): SendChatMessageRequest {
  return {
    chat_message: {
      // Sent as CHAT-19 names them; the server ignores both (AMB-49).
      party_id: send.partyId,
      created_at: now,
      client_id: send.clientId,
      ...(send.photo ? { photo_attributes: send.photo } : { content: send.content ?? '' }),
    },
  };
}

export async function sendChatMessage(chatId: number, send: ChatSend): Promise<ChatMessage> {
  const answer = await apiRequest<unknown>('POST', `/chats/${chatId}/party_chat_messages.json`, {
    body: chatSendRequest(send),
    // ERR-08, ERR-09: the screen's alert says what failed.
    globalErrors: false,
  });
  return chatMessageAnswerSchema.parse(answer).data.chat_message;
}

/** Puts a stored message into page 0, unless a refetch brought it already. */
export function withSentMessage(
  data: InfiniteData<ChatDetail> | undefined,
  message: ChatMessage,
): InfiniteData<ChatDetail> | undefined {
  const first = data?.pages[0];
  if (
    !data ||
    !first ||
    data.pages.some((page) => page.chat_messages.some((m) => m.id === message.id))
  )
    return data;
  const page: ChatDetail = {
    ...first,
    chat_messages: [message, ...first.chat_messages],
    last_chat_message_id: Math.max(first.last_chat_message_id ?? 0, message.id),
  };
  return { ...data, pages: [page, ...data.pages.slice(1)] };
}

export function useSendChatMessage(chatId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (send: ChatSend) => sendChatMessage(chatId, send),
    onSuccess: async (message) => {
      client.setQueryData<InfiniteData<ChatDetail>>(chatKeys.detail(chatId), (data) =>
        withSentMessage(data, message),
      );
      await client.invalidateQueries({ queryKey: chatKeys.list() });
    },
  });
}

/** After hiding or leaving, the chat's page is gone and the list is stale (CHAT-27, CHAT-29). */
async function leaveChatScreen(client: QueryClient, chatId: number): Promise<void> {
  client.removeQueries({ queryKey: chatKeys.detail(chatId) });
  await client.invalidateQueries({ queryKey: chatKeys.list() });
}

export async function hideChat(chatId: number): Promise<void> {
  await apiRequest<unknown>('POST', `/chats/${chatId}/hide.json`, { globalErrors: false });
}

export async function leaveChat(chatId: number): Promise<void> {
  await apiRequest<unknown>('POST', `/chats/${chatId}/leave.json`, { globalErrors: false });
}

export function useHideChat(chatId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => hideChat(chatId),
    onSuccess: () => leaveChatScreen(client, chatId),
  });
}

export function useLeaveChat(chatId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => leaveChat(chatId),
    onSuccess: () => leaveChatScreen(client, chatId),
  });
}

/** The event stream's handlers (web/http/event-stream.ts): refetch what an event changed. */
export const chatStreamHandlers: EventStreamHandlers = {
  onChatEvent: (event) => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    void queryClient.invalidateQueries({ queryKey: chatKeys.detail(event.chat_id) });
  },
  onReset: () => void queryClient.invalidateQueries({ queryKey: chatKeys.all }),
};
