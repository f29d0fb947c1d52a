import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIST_STALE_MS } from '../../common/constants.ts';
import {
  favoriteContactsAnswerSchema,
  partyAnswerSchema,
  recentContactsAnswerSchema,
  type FavoriteContact,
  type Party,
  type RecentContact,
  type RecentContactType,
} from '../../common/schemas/party.ts';
import { apiRequest } from '../http/client.ts';

/**
 * Members: the party page and the member's contact lists (§2 Contacts and directory, §7
 * Contacts and members; PARTY-*, DIR-16, DIR-17, AMB-36, AMB-48). One module: query keys,
 * fetchers, queries and the mutations that invalidate through the keys.
 */

/** Every key of this module; mutations invalidate through these, never a literal. */
export const partyKeys = {
  all: ['parties'] as const,
  details: () => [...partyKeys.all, 'detail'] as const,
  detail: (id: number) => [...partyKeys.details(), id] as const,
  recentContacts: () => [...partyKeys.all, 'recent-contacts'] as const,
  favoriteContacts: () => [...partyKeys.all, 'favorite-contacts'] as const,
};

/** CONST-08: the spec's 15-second age, for the party page and both lists. */
export const PARTY_STALE_MS = LIST_STALE_MS;

function signalOf(signal: AbortSignal | undefined) {
  return signal ? { signal } : {};
}

export async function fetchParty(id: number, signal?: AbortSignal): Promise<Party> {
  const answer = await apiRequest<unknown>('GET', `/parties/${id}`, signalOf(signal));
  return partyAnswerSchema.parse(answer).data.party;
}

/** `GET /parties/{id}` (PARTY-01). An unknown or hidden party is an ApiError with status 404. */
export function useParty(id: number | null) {
  return useQuery({
    queryKey: partyKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchParty(id ?? 0, signal),
    enabled: id !== null,
    staleTime: PARTY_STALE_MS,
  });
}

export async function fetchRecentContacts(signal?: AbortSignal): Promise<RecentContact[]> {
  const answer = await apiRequest<unknown>('GET', '/user_recent_contacts.json', signalOf(signal));
  return recentContactsAnswerSchema.parse(answer).data.user_recent_contacts;
}

/** Members › Recent (DIR-16): newest first. */
export function useRecentContacts() {
  return useQuery({
    queryKey: partyKeys.recentContacts(),
    queryFn: ({ signal }) => fetchRecentContacts(signal),
    staleTime: PARTY_STALE_MS,
  });
}

export async function fetchFavoriteContacts(signal?: AbortSignal): Promise<FavoriteContact[]> {
  const answer = await apiRequest<unknown>('GET', '/user_favorite_contacts.json', signalOf(signal));
  return favoriteContactsAnswerSchema.parse(answer).data.user_favorite_contacts;
}

/** Members › Favorite (DIR-17): by last name. */
export function useFavoriteContacts() {
  return useQuery({
    queryKey: partyKeys.favoriteContacts(),
    queryFn: ({ signal }) => fetchFavoriteContacts(signal),
    staleTime: PARTY_STALE_MS,
  });
}

/**
 * Patches the cached party page while a change is under way, and gives back what it was, so a
 * refused change can be put back (the switches move at once, AMB-48).
 */
function patchParty(
  client: QueryClient,
  id: number,
  patch: (party: Party) => Party,
): Party | undefined {
  const before = client.getQueryData<Party>(partyKeys.detail(id));
  if (before) client.setQueryData<Party>(partyKeys.detail(id), patch(before));
  return before;
}

export async function setFavoriteContact(partyId: number, favorite: boolean): Promise<void> {
  if (favorite) {
    await apiRequest<unknown>('POST', '/user_favorite_contacts', {
      body: { user_favorite_contact: { party_id: partyId } },
    });
  } else {
    await apiRequest<unknown>('DELETE', `/user_favorite_contacts/${partyId}`);
  }
}

/**
 * The party page's Favorite toggle (PARTY-02, PARTY-03): on is a POST, off a DELETE. The
 * toggle moves at once; a refusal puts it back (the screen tells ERR-18 or ERR-19). Either way
 * the party and Members › Favorite are fetched again.
 */
export function useSetFavoriteContact(partyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (favorite: boolean) => setFavoriteContact(partyId, favorite),
    onMutate: async (favorite) => {
      await client.cancelQueries({ queryKey: partyKeys.detail(partyId) });
      const before = patchParty(client, partyId, (party) => ({
        ...party,
        user_favorite_contact: favorite
          ? (party.user_favorite_contact ?? { party_id: partyId, created_at: Date.now() })
          : null,
      }));
      return { before };
    },
    onError: (_error, _favorite, context) => {
      if (context?.before) client.setQueryData(partyKeys.detail(partyId), context.before);
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: partyKeys.detail(partyId) }),
        client.invalidateQueries({ queryKey: partyKeys.favoriteContacts() }),
      ]),
  });
}

/**
 * Tells the server the member just tapped a call or the E-Mail link (ENT-18). Fire and forget:
 * the tap is never held up, and a failure shows nothing, since the member is on the phone by
 * then and Members › Recent is a convenience. Afterwards Recent and the party's Last contacted
 * are fetched again.
 */
export function useRecordContact(partyId: number) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (contactType: RecentContactType) =>
      apiRequest<unknown>('POST', '/user_recent_contacts.json', {
        body: { user_recent_contact: { party_id: partyId, contact_type: contactType } },
        globalErrors: false,
        // A phone may suspend the page as its dialler opens; the report is sent regardless.
        keepalive: true,
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: partyKeys.recentContacts() }),
        client.invalidateQueries({ queryKey: partyKeys.detail(partyId) }),
      ]),
  });
  return (contactType: RecentContactType) => mutation.mutate(contactType);
}
