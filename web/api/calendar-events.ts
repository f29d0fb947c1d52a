import {
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LIST_STALE_MS } from '../../common/constants.ts';
import {
  calendarListAnswerSchema,
  clubCalendarAnswerSchema,
  type CalendarEvent,
  type CalendarGroup,
} from '../../common/schemas/calendar-event.ts';
import { apiRequest } from '../http/client.ts';
import { onClientStateReset } from '../http/client-state.ts';
import { serverNow } from '../http/server-clock.ts';

/**
 * Calendar events (§2 Calendar, §4 calendar list refetch; CAL-01..07, AMB-47). One module: query
 * keys, fetchers and the list queries. A list is an infinite query paged by the server's opaque
 * `next_cursor` (docs/api.md Calendar, decision D31).
 *
 * When a list is fetched again (CAL-06, CAL-07, AMB-47):
 * - no list is loaded: the query has no data and fetches;
 * - page zero is over 15 s old: CALENDAR_STALE_MS is the query's staleTime;
 * - the group tab changed, or the entity (the main calendar or a club's, by subdomain) differs
 *   from the list shown last: the spec keeps one list and reloads it on either change, so a list cached for
 *   another tab or calendar is shown at once but fetched again (`refetchOnMount: 'always'`);
 * - forced: after an event is created, edited or deleted and after an RSVP, the later screens
 *   call refreshCalendarLists.
 * In every other case (an event opened and closed within 15 s on the same tab) nothing is fetched.
 */

/** Whose calendar a list shows: one of the member's three tabs (/calendar) or a club's. */
export type CalendarListScope =
  | { kind: 'main'; group: CalendarGroup }
  | {
      kind: 'club';
      subdomain: string;
      /**
       * The club types whose events to show (CAL-10), filtered by the server so every page is
       * full (D34); undefined for all of them.
       */
      types?: readonly string[];
    };

/** A club calendar's type names (CAL-08..10), as its every page gives them. */
export interface ClubCalendarTypes {
  /** The organisation's club type names, top down. */
  hierarchy: string[];
  /** The club's own type and those below it: the only types its events can have. */
  typeNames: string[];
}

export interface CalendarEventPage {
  events: CalendarEvent[];
  /** The `cursor` of the next page; null after the last page. */
  nextCursor: string | null;
  /**
   * When page zero was read, by the server's clock as this browser knows it. Later pages carry
   * page zero's, so the line between upcoming and past events stays put while paging (D31).
   */
  readAt: number;
  /** A club's calendar only; null on the main calendar. */
  clubTypes: ClubCalendarTypes | null;
}

/** Page 0 goes without a cursor; every later page with the previous answer's `next_cursor`. */
export type CalendarPageParam = { cursor: null } | { cursor: string; readAt: number };

/** Every calendar query's key; mutations invalidate through these, never a literal. */
export const calendarEventKeys = {
  all: ['calendar-events'] as const,
  lists: () => [...calendarEventKeys.all, 'list'] as const,
  list: (scope: CalendarListScope) =>
    scope.kind === 'main'
      ? ([...calendarEventKeys.lists(), 'main', scope.group] as const)
      : scope.types === undefined
        ? ([...calendarEventKeys.lists(), 'club', scope.subdomain] as const)
        : ([
            ...calendarEventKeys.lists(),
            'club',
            scope.subdomain,
            'types',
            ...scope.types,
          ] as const),
  details: () => [...calendarEventKeys.all, 'detail'] as const,
  detail: (id: number) => [...calendarEventKeys.details(), id] as const,
};

/** CONST-08: a calendar list's page zero is fetched again when over 15 s old (CAL-06). */
export const CALENDAR_STALE_MS = LIST_STALE_MS;

export async function fetchCalendarPage(
  scope: CalendarListScope,
  param: CalendarPageParam,
  signal?: AbortSignal,
): Promise<CalendarEventPage> {
  const readAt = param.cursor === null ? serverNow() : param.readAt;
  const cursor = param.cursor ?? undefined;
  const options = signal ? { signal } : {};
  if (scope.kind === 'main') {
    const answer = await apiRequest<unknown>('GET', '/calendar_events.json', {
      query: { group: scope.group, cursor },
      ...options,
    });
    const data = calendarListAnswerSchema.parse(answer).data;
    return { events: data.calendar_events, nextCursor: data.next_cursor, readAt, clubTypes: null };
  }
  const answer = await apiRequest<unknown>('GET', '/clubs/calendar_events.json', {
    query: { subdomain: scope.subdomain, cursor, types: scope.types?.join(',') },
    ...options,
  });
  const data = clubCalendarAnswerSchema.parse(answer).data;
  return {
    events: data.calendar_events,
    nextCursor: data.next_cursor,
    readAt,
    clubTypes: { hierarchy: data.club_hierarchy, typeNames: data.type_names },
  };
}

/** Load More's next request, or undefined after the last page. */
export function nextCalendarPageParam(last: CalendarEventPage): CalendarPageParam | undefined {
  return last.nextCursor === null ? undefined : { cursor: last.nextCursor, readAt: last.readAt };
}

/** Every event of a loaded list in the server's order, each once (an event can move pages). */
export function flattenCalendarPages(
  data: InfiniteData<CalendarEventPage> | undefined,
): CalendarEvent[] {
  const seen = new Set<number>();
  return (data?.pages.flatMap((page) => page.events) ?? []).filter((event) => {
    if (seen.has(event.id)) return false;
    seen.add(event.id);
    return true;
  });
}

/** The entity and tab of the list shown last (CAL-06); null before any and after sign-out. */
let lastShownList: string | null = null;
onClientStateReset(() => {
  lastShownList = null;
});

function listIdentity(scope: CalendarListScope): string {
  return JSON.stringify(calendarEventKeys.list(scope));
}

/**
 * A calendar list with Load More (`fetchNextPage`; `hasNextPage` is false after the last page),
 * fetched again by the rules above.
 */
export function useCalendarList(scope: CalendarListScope) {
  const identity = listIdentity(scope);
  // Decided once per showing of a list: another tab or calendar than the last one shown.
  const [changed] = useState(() => lastShownList !== identity);
  useEffect(() => {
    lastShownList = identity;
  }, [identity]);
  return useInfiniteQuery({
    queryKey: calendarEventKeys.list(scope),
    queryFn: ({ pageParam, signal }) => fetchCalendarPage(scope, pageParam, signal),
    initialPageParam: { cursor: null } as CalendarPageParam,
    getNextPageParam: nextCalendarPageParam,
    staleTime: CALENDAR_STALE_MS,
    refetchOnMount: changed ? 'always' : true,
    // While a club calendar loads for other type toggles, it keeps showing what it had (the
    // screen hides the types turned off at once); a tab of /calendar never shows another's.
    placeholderData: scope.kind === 'club' ? keepPreviousData : undefined,
  });
}

/** AMB-47 "forced": after an event is created, edited or deleted and after an RSVP. */
export function refreshCalendarLists(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: calendarEventKeys.lists() });
}
