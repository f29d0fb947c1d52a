import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { LIST_STALE_MS, PREF_SHOW_HIDDEN_CHATS } from '../../common/constants.ts';
import {
  chatAnswerSchema,
  chatChangeAnswerSchema,
  chatListAnswerSchema,
  chatMessageAnswerSchema,
  createChatAnswerSchema,
  lastActivityAnswerSchema,
  createChatRequestSchema,
  partyPreferenceAnswerSchema,
  renameChatRequestSchema,
  type AddChatPartyRequest,
  type ChatDetail,
  type ChatListAnswer,
  type ChatMessage,
  type ChatPhotoAttributes,
  type ChatSummary,
  type CreateChatAnswer,
  type CreateChatRequest,
  type PartyPreference,
  type PartyPreferenceRequest,
  type SendChatMessageRequest,
} from '../../common/schemas/chat.ts';
import { apiRequest, queryClient } from '../http/client.ts';
import type { EventStreamHandlers } from '../http/event-stream.ts';

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

/** CONST-08: the chat list's age, as for every list; the event stream refetches it sooner. */
export const CHAT_LIST_STALE_MS = LIST_STALE_MS;

function signalOf(signal: AbortSignal | undefined) {
  return signal ? { signal } : {};
}

export type ChatList = ChatListAnswer['data'];

export async function fetchChatList(signal?: AbortSignal): Promise<ChatList> {
  const answer = await apiRequest<unknown>('GET', '/chats.json', signalOf(signal));
  return chatListAnswerSchema.parse(answer).data;
}

/** `GET /chats.json` (CHAT-01): every chat of the member, hidden ones too, and the preferences. */
export function useChatList() {
  return useQuery({
    queryKey: chatKeys.list(),
    queryFn: ({ signal }) => fetchChatList(signal),
    staleTime: CHAT_LIST_STALE_MS,
  });
}

/** SHOW_HIDDEN_CHATS is YES (CHAT-04); absent counts as NO. */
export function showsHiddenChats(preferences: readonly PartyPreference[]): boolean {
  return preferences.some((pref) => pref.code === PREF_SHOW_HIDDEN_CHATS && pref.value === 'YES');
}

/**
 * What the list shows (CHAT-06, CHAT-09, CONST-29, AMB-27): hidden chats only when the member
 * asked for them, newest activity first (the newer chat first on a tie).
 */
export function chatsToShow(list: ChatList): ChatSummary[] {
  const showHidden = showsHiddenChats(list.party_preferences);
  return list.chats
    .filter((chat) => showHidden || chat.hid_at === null)
    .sort((a, b) => b.last_activity_at - a.last_activity_at || b.id - a.id);
}

export async function createChat(request: CreateChatRequest): Promise<CreateChatAnswer> {
  const answer = await apiRequest<unknown>('POST', '/chats.json', {
    body: createChatRequestSchema.parse(request),
  });
  return createChatAnswerSchema.parse(answer);
}

/**
 * `POST /chats.json` (CHAT-03, CHAT-10, PARTY-05): a new group, or the 1-on-1 with a member
 * (the existing one, with `alert.message`, AMB-28). The list is fetched again either way.
 */
export function useCreateChat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createChat,
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.list() }),
  });
}

/**
 * One chat's head and members for the add-member, rename and members screens: the first page
 * of `GET /chats/{id}`. Kept under its own key below chatKeys.detail(id), so the chat screen's
 * query of the same address (with older pages) has its own shape, and invalidating the chat
 * refreshes both.
 */
export const chatHeadKey = (id: number) => [...chatKeys.detail(id), 'head'] as const;

export async function fetchChatHead(id: number, signal?: AbortSignal): Promise<ChatDetail> {
  // Looking at a chat's members or name is not reading it: the sender's 'Seen' stays true (D41).
  const answer = await apiRequest<unknown>('GET', `/chats/${id}`, {
    ...signalOf(signal),
    query: { mark_read: false },
  });
  return chatAnswerSchema.parse(answer).data.chat;
}

export function useChatHead(id: number | null) {
  return useQuery({
    queryKey: chatHeadKey(id ?? 0),
    queryFn: ({ signal }) => fetchChatHead(id ?? 0, signal),
    enabled: id !== null,
  });
}

/** After a change to one chat: the chat (both its queries) and the list. */
function invalidateChat(client: QueryClient, id: number) {
  return Promise.all([
    client.invalidateQueries({ queryKey: chatKeys.detail(id) }),
    client.invalidateQueries({ queryKey: chatKeys.list() }),
  ]);
}

/** `POST /party_chats.json` (CHAT-31): adds a member to a group. */
export function useAddChatMember(chatId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (partyId: number) => {
      const body: AddChatPartyRequest = { party_chat: { chat_id: chatId, party_id: partyId } };
      const answer = await apiRequest<unknown>('POST', '/party_chats.json', { body });
      return chatChangeAnswerSchema.parse(answer).data.chat;
    },
    onSuccess: () => invalidateChat(client, chatId),
  });
}

/** `PUT /chats/{id}.json` (CHAT-30): the name's refusals come back under `name` (VAL-07). */
export function useRenameChat(chatId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const body = renameChatRequestSchema.parse({ chat: { name } });
      const answer = await apiRequest<unknown>('PUT', `/chats/${chatId}.json`, { body });
      return chatChangeAnswerSchema.parse(answer).data.chat;
    },
    onSuccess: () => invalidateChat(client, chatId),
  });
}

/**
 * The list's Show/Hide Hidden Chats (CHAT-05): `POST /party_preferences.json`, then the list
 * is loaded again, and the mutation ends only once it has been, so the link changes with it.
 */
export function useSetShowHiddenChats() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (show: boolean) => {
      const body: PartyPreferenceRequest = {
        party_preference: { code: PREF_SHOW_HIDDEN_CHATS, value: show ? 'YES' : 'NO' },
      };
      const answer = await apiRequest<unknown>('POST', '/party_preferences.json', { body });
      return partyPreferenceAnswerSchema.parse(answer).data.party_preference;
    },
    onSuccess: () => client.refetchQueries({ queryKey: chatKeys.list() }),
  });
}

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
