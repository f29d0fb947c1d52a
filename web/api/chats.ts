import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIST_STALE_MS, PREF_SHOW_HIDDEN_CHATS } from '../../common/constants.ts';
import {
  chatAnswerSchema,
  chatChangeAnswerSchema,
  chatListAnswerSchema,
  createChatAnswerSchema,
  createChatRequestSchema,
  partyPreferenceAnswerSchema,
  renameChatRequestSchema,
  type AddChatPartyRequest,
  type ChatDetail,
  type ChatListAnswer,
  type ChatSummary,
  type CreateChatAnswer,
  type CreateChatRequest,
  type PartyPreference,
  type PartyPreferenceRequest,
} from '../../common/schemas/chat.ts';
import { apiRequest } from '../http/client.ts';

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
  const answer = await apiRequest<unknown>('GET', `/chats/${id}`, signalOf(signal));
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
