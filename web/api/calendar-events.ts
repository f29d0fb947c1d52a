import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LIST_STALE_MS } from '../../common/constants.ts';
import {
  calendarEventAnswerSchema,
  calendarListAnswerSchema,
  type CalendarEvent,
  type CalendarEventDetail,
  type CalendarGroup,
  type CreateCalendarEventRequest,
  type UpdateCalendarEventRequest,
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
 * - the group tab changed, or the entity (the main calendar or a club's) differs from the list
 *   shown last: the spec keeps one list and reloads it on either change, so a list cached for
 *   another tab or calendar is shown at once but fetched again (`refetchOnMount: 'always'`);
 * - forced: after an event is created, edited or deleted and after an RSVP, the later screens
 *   call refreshCalendarLists.
 * In every other case (an event opened and closed within 15 s on the same tab) nothing is fetched.
 */

/** Whose calendar a list shows: the member's three tabs (/calendar), later a club's. */
export type CalendarListScope = { kind: 'main'; group: CalendarGroup };

export interface CalendarEventPage {
  events: CalendarEvent[];
  /** The `cursor` of the next page; null after the last page. */
  nextCursor: string | null;
  /**
   * When page zero was read, by the server's clock as this browser knows it. Later pages carry
   * page zero's, so the line between upcoming and past events stays put while paging (D31).
   */
  readAt: number;
}

/** Page 0 goes without a cursor; every later page with the previous answer's `next_cursor`. */
export type CalendarPageParam = { cursor: null } | { cursor: string; readAt: number };

/** Every calendar query's key; mutations invalidate through these, never a literal. */
export const calendarEventKeys = {
  all: ['calendar-events'] as const,
  lists: () => [...calendarEventKeys.all, 'list'] as const,
  list: (scope: CalendarListScope) =>
    [...calendarEventKeys.lists(), scope.kind, scope.group] as const,
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
  const answer = await apiRequest<unknown>('GET', '/calendar_events.json', {
    query: { group: scope.group, cursor: param.cursor ?? undefined },
    ...(signal ? { signal } : {}),
  });
  const data = calendarListAnswerSchema.parse(answer).data;
  return { events: data.calendar_events, nextCursor: data.next_cursor, readAt };
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
  });
}

/** AMB-47 "forced": after an event is created, edited or deleted and after an RSVP. */
export function refreshCalendarLists(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: calendarEventKeys.lists() });
}

// ---- The event form (EVF-19..EVF-23, AMB-47): its edit load, create and update -------------

/**
 * The edit load's key sits under the event's detail key, so invalidating the detail after a
 * save drops both.
 */
export function calendarEventEditKey(id: number) {
  return [...calendarEventKeys.detail(id), 'edit'] as const;
}

export async function fetchCalendarEventForEdit(
  id: number,
  signal?: AbortSignal,
): Promise<CalendarEventDetail> {
  const answer = await apiRequest<unknown>('GET', `/calendar_events/${id}/edit.json`, {
    ...(signal ? { signal } : {}),
  });
  return calendarEventAnswerSchema.parse(answer).data.calendar_event;
}

/**
 * `GET /calendar_events/{id}/edit.json` (EVF-20): the saved event for its form; a 403 (not an
 * editor) and a 404 are ApiErrors. Fetched afresh each time the form opens, so it never
 * starts from another visit's values; the form reads it once, so it is not fetched again while
 * the member types.
 */
export function useCalendarEventForEdit(id: number | null) {
  return useQuery({
    queryKey: calendarEventEditKey(id ?? 0),
    queryFn: ({ signal }) => fetchCalendarEventForEdit(id ?? 0, signal),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export async function createCalendarEvent(
  request: CreateCalendarEventRequest,
): Promise<CalendarEventDetail> {
  const answer = await apiRequest<unknown>('POST', '/calendar_events', { body: request });
  return calendarEventAnswerSchema.parse(answer).data.calendar_event;
}

export async function updateCalendarEvent(
  id: number,
  request: UpdateCalendarEventRequest,
): Promise<CalendarEventDetail> {
  const answer = await apiRequest<unknown>('PUT', `/calendar_events/${id}.json`, {
    body: request,
  });
  return calendarEventAnswerSchema.parse(answer).data.calendar_event;
}

/**
 * After a save (AMB-47 "forced"): every calendar list is fetched again, and the event's detail
 * is marked stale, so its screen shows the saved values when it opens. The detail is not
 * refetched here: the form is leaving, and the detail screen fetches it itself.
 */
async function afterEventSaved(client: QueryClient, id: number): Promise<void> {
  await Promise.all([
    refreshCalendarLists(client),
    client.invalidateQueries({ queryKey: calendarEventKeys.detail(id), refetchType: 'none' }),
  ]);
}

/** EVF-21: `POST /calendar_events`; answers the new event. */
export function useCreateCalendarEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCalendarEvent,
    onSuccess: (event) => afterEventSaved(client, event.id),
  });
}

/** EVF-22: `PUT /calendar_events/{id}.json`; answers the saved event. */
export function useUpdateCalendarEvent(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdateCalendarEventRequest) => updateCalendarEvent(id, request),
    onSuccess: () => afterEventSaved(client, id),
  });
}
