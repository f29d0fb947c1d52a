import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { LIST_STALE_MS } from '../../common/constants.ts';
import { cleanLodgeSearchText } from '../../common/lodge-search.ts';
import {
  clubAnswerSchema,
  clubListAnswerSchema,
  favoriteClubsAnswerSchema,
  type Club,
  type ClubSummary,
  type FavoriteClub,
} from '../../common/schemas/club.ts';
import { apiRequest } from '../http/client.ts';
import { refreshCalendarLists } from './calendar-events.ts';
import { partyKeys } from './parties.ts';
import { postKeys } from './posts.ts';

/**
 * Clubs (§7 Clubs and memberships; CLUB-*, DIR-07..12): the club home, lodge search, the lodges
 * by city, the favourite lodges, and the one favourite switch every screen shares (the club
 * home and the party page's club list, AMB-36). Query keys, fetchers, queries and the
 * mutation that changes what it touches.
 */

/** Every club query's key; the favourite switch patches and invalidates through these. */
export const clubKeys = {
  all: ['clubs'] as const,
  details: () => [...clubKeys.all, 'detail'] as const,
  /** A club home, by the subdomain its address carries (ROUTE-01). */
  detail: (subdomain: string) => [...clubKeys.details(), subdomain] as const,
  byCity: () => [...clubKeys.all, 'by-city'] as const,
  favorites: () => [...clubKeys.all, 'favorites'] as const,
};

/**
 * A club home, the lodges by city and the favourite lodges are fetched again when over 15 s
 * old, as lists are (CONST-08): officers, events and posts change, if not often.
 */
export const CLUB_STALE_MS = LIST_STALE_MS;

export async function fetchClub(subdomain: string, signal?: AbortSignal): Promise<Club> {
  const answer = await apiRequest<unknown>('GET', '/clubs/by_subdomain.json', {
    query: { subdomain },
    ...(signal ? { signal } : {}),
  });
  return clubAnswerSchema.parse(answer).data.club;
}

/** `GET /clubs/by_subdomain.json` (ROUTE-01, API-CLUB-02); a 404 is an ApiError (AMB-44). */
export function useClub(subdomain: string) {
  return useQuery({
    queryKey: clubKeys.detail(subdomain),
    queryFn: ({ signal }) => fetchClub(subdomain, signal),
    staleTime: CLUB_STALE_MS,
  });
}

/**
 * Lodge search (DIR-07, SRCH-12): the text cleaned as common/lodge-search.ts says. Not a cached
 * query: the directory's search hook owns debouncing, narrowing and dropping stale answers
 * (web/pages/directory/use-narrowing-search.ts).
 */
export async function searchLodges(
  text: string,
  page: number,
  signal: AbortSignal,
): Promise<{ items: ClubSummary[]; hasMore: boolean }> {
  const answer = clubListAnswerSchema.parse(
    await apiRequest('GET', '/clubs.json', {
      query: { search_text: cleanLodgeSearchText(text), page },
      signal,
    }),
  );
  return { items: answer.data.clubs, hasMore: answer.data.has_more };
}

/** `GET /clubs.json?by_city=true` (DIR-09); the screen groups and sorts it (DIR-10). */
export function useClubsByCity() {
  return useQuery({
    queryKey: clubKeys.byCity(),
    queryFn: async ({ signal }) =>
      clubListAnswerSchema.parse(
        await apiRequest('GET', '/clubs.json', { query: { by_city: 'true' }, signal }),
      ).data.clubs,
    staleTime: CLUB_STALE_MS,
  });
}

/** `GET /favorite_clubs.json` (DIR-11): followed lodges and the member's own. */
export function useFavoriteClubs() {
  return useQuery({
    queryKey: clubKeys.favorites(),
    queryFn: async ({ signal }): Promise<FavoriteClub[]> =>
      favoriteClubsAnswerSchema.parse(await apiRequest('GET', '/favorite_clubs.json', { signal }))
        .data.favorite_clubs,
    staleTime: CLUB_STALE_MS,
  });
}

/** CLUB-20: `POST /favorite_clubs.json` to follow, `DELETE /favorite_clubs/{clubId}` to stop. */
export async function setClubFavorite(clubId: number, favorite: boolean): Promise<void> {
  if (favorite) {
    await apiRequest<unknown>('POST', '/favorite_clubs.json', {
      body: { favorite_club: { club_id: clubId } },
    });
  } else {
    await apiRequest<unknown>('DELETE', `/favorite_clubs/${clubId}`);
  }
}

/**
 * A cached answer of another area that shows the club's switch (the party page's club list,
 * AMB-36): the switch patches it at once and puts it back on failure, as it does the club home.
 */
export interface FavoriteClubCache {
  queryKey: QueryKey;
  patch: (data: unknown, favorite: boolean) => unknown;
}

/** A FavoriteClubCache for a query whose answer is `T`. */
export function favoriteClubCache<T>(
  queryKey: QueryKey,
  patch: (data: T, favorite: boolean) => T,
): FavoriteClubCache {
  return { queryKey, patch: (data, favorite) => patch(data as T, favorite) };
}

/** The club homes in the cache that show this club. */
function cachedClubHomes(client: ReturnType<typeof useQueryClient>, clubId: number) {
  return client
    .getQueryCache()
    .findAll({ queryKey: clubKeys.details() })
    .filter((query) => (query.state.data as Club | undefined)?.id === clubId)
    .map((query) =>
      favoriteClubCache<Club>(query.queryKey, (club, favorite) => ({
        ...club,
        // CLUB-07: a member's own club stays a favourite whatever is asked.
        is_favorite: favorite || club.is_member,
      })),
    );
}

/**
 * The club favourite switch (CLUB-05, CLUB-06, CLUB-20, AMB-36): `mutate(true)` follows the
 * club, `mutate(false)` stops. Optimistic: every cached club home of the club, and each of
 * `related`, shows the new state at once and goes back if the call fails (the caller then
 * says so, AMB-48). Afterwards the clubs' queries and `related` are fetched again, and so are
 * the lists a followed lodge feeds (My Events, the news feed).
 */
export function useClubFavoriteToggle(clubId: number, related: readonly FavoriteClubCache[] = []) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (favorite: boolean) => setClubFavorite(clubId, favorite),
    onMutate: async (favorite: boolean) => {
      const targets = [...cachedClubHomes(client, clubId), ...related];
      await Promise.all(
        targets.map((target) => client.cancelQueries({ queryKey: target.queryKey, exact: true })),
      );
      const before = targets.map((target) => ({
        queryKey: target.queryKey,
        data: client.getQueryData(target.queryKey),
      }));
      for (const target of targets) {
        client.setQueryData(target.queryKey, (data: unknown) =>
          data === undefined ? data : target.patch(data, favorite),
        );
      }
      return { before };
    },
    onError: (_error, _favorite, context) => {
      for (const { queryKey, data } of context?.before ?? []) client.setQueryData(queryKey, data);
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: clubKeys.all }),
        ...related.map((target) => client.invalidateQueries({ queryKey: target.queryKey })),
        refreshCalendarLists(client),
        client.invalidateQueries({ queryKey: postKeys.lists() }),
        // Any member's page may list the club with the viewer's switch (AMB-36).
        client.invalidateQueries({ queryKey: partyKeys.details() }),
      ]),
  });
}
