import {
  keepPreviousData,
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
  clubCalendarAnswerSchema,
  eventAttendeeAnswerSchema,
  eventAttendeesAnswerSchema,
  recurrencePreviewAnswerSchema,
  type CalendarEvent,
  type CalendarEventDetail,
  type CalendarGroup,
  type EventAttendeeAnswer,
  type EventAttendeeList,
  type OwnEventAttendee,
  type CreateCalendarEventRequest,
  type RecurrencePreviewAnswer,
  type RecurrencePreviewRequest,
  type SeriesScope,
  type UpdateCalendarEventRequest,
} from '../../common/schemas/calendar-event.ts';
import { apiRequest } from '../http/client.ts';
import { onClientStateReset } from '../http/client-state.ts';
import { serverNow } from '../http/server-clock.ts';
import { patchCachedAnswers, useDeleteRecord } from './record-cache.ts';

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

/** A club calendar's type names (CAL-08..10) and the club's name, as its every page gives them. */
export interface ClubCalendarTypes {
  /** The organisation's club type names, top down. */
  hierarchy: string[];
  /** The club's own type and those below it: the only types its events can have. */
  typeNames: string[];
  /** The club whose calendar it is. */
  clubName: string;
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
    clubTypes: {
      hierarchy: data.club_hierarchy,
      typeNames: data.type_names,
      clubName: data.club.name,
    },
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

// ---------------------------------------------------------------------------------------------
// The event screen (CAL-11..22, issue 10 "Browser"): one event, its attendees, the RSVP, the
// .ics download, Announce and Delete. Kept in one block at the end of the module.

export async function fetchCalendarEvent(
  id: number,
  signal?: AbortSignal,
): Promise<CalendarEventDetail> {
  const answer = await apiRequest<unknown>('GET', `/calendar_events/${id}.json`, {
    ...(signal ? { signal } : {}),
  });
  return calendarEventAnswerSchema.parse(answer).data.calendar_event;
}

/** `GET /calendar_events/{id}.json` (CAL-11). A 404 is an ApiError the screen shows as such. */
export function useCalendarEvent(id: number | null) {
  return useQuery({
    queryKey: calendarEventKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchCalendarEvent(id ?? 0, signal),
    enabled: id !== null,
    staleTime: CALENDAR_STALE_MS,
  });
}

/** The attendee list's key: under the event's, so whatever refreshes the event refreshes it. */
export function calendarEventAttendeesKey(id: number) {
  return [...calendarEventKeys.detail(id), 'attendees'] as const;
}

export async function fetchEventAttendees(
  id: number,
  signal?: AbortSignal,
): Promise<EventAttendeeList> {
  const answer = await apiRequest<unknown>('GET', `/calendar_events/${id}/attendees`, {
    ...(signal ? { signal } : {}),
  });
  return eventAttendeesAnswerSchema.parse(answer).data;
}

/**
 * `GET /calendar_events/{id}/attendees` (CAL-19): those the member may see, and the count of
 * the others (D53); its failure is ERR-36 on the screen.
 */
export function useEventAttendees(id: number) {
  return useQuery({
    queryKey: calendarEventAttendeesKey(id),
    queryFn: ({ signal }) => fetchEventAttendees(id, signal),
    staleTime: CALENDAR_STALE_MS,
  });
}

export interface RsvpChoice {
  status: OwnEventAttendee['status'];
  guests: number;
}

/**
 * The first answer creates the RSVP (CAL-15, POST), every later one changes it by the id the
 * event carries (CAL-16, PUT).
 */
export async function saveRsvp(
  event: Pick<CalendarEvent, 'id' | 'event_attendee'>,
  choice: RsvpChoice,
): Promise<EventAttendeeAnswer['data']> {
  const answer =
    event.event_attendee === null
      ? await apiRequest<unknown>('POST', '/event_attendees.json', {
          body: { calendar_event_id: event.id, status: choice.status, guests: choice.guests },
        })
      : await apiRequest<unknown>('PUT', `/event_attendees/${event.event_attendee.id}.json`, {
          body: { status: choice.status, guests: choice.guests },
        });
  return eventAttendeeAnswerSchema.parse(answer).data;
}

/**
 * After an answer is saved the event and its attendees are fetched again (CAL-17), and every
 * calendar list is forced to refresh (AMB-47), since the cards show the member's answer. The
 * mutation settles only once the event is back, so the screen never shows the old answer as
 * saved.
 */
export function useSaveRsvp(event: Pick<CalendarEvent, 'id' | 'event_attendee'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: RsvpChoice) => saveRsvp(event, choice),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: calendarEventKeys.detail(event.id) }),
        refreshCalendarLists(client),
      ]);
    },
  });
}

/** The event as iCalendar text (docs/api.md Calendar feeds), signed like every call. */
export function fetchEventIcs(id: number): Promise<string> {
  return apiRequest<string>('GET', `/calendar_events/${id}.ics`, { accept: 'text/calendar' });
}

export async function announceCalendarEvent(id: number): Promise<CalendarEventDetail> {
  const answer = await apiRequest<unknown>('POST', `/calendar_events/${id}/announce.json`);
  return calendarEventAnswerSchema.parse(answer).data.calendar_event;
}

/** Announce (CAL-21): the answer is the event, announced; the lists show the change too. */
export function useAnnounceCalendarEvent(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => announceCalendarEvent(id),
    onSuccess: async (event) => {
      client.setQueryData(calendarEventKeys.detail(id), event);
      await refreshCalendarLists(client);
    },
  });
}

export async function deleteCalendarEvent(id: number, scope?: SeriesScope): Promise<void> {
  await apiRequest<unknown>('DELETE', `/calendar_events/${id}`, {
    ...(scope ? { query: { scope } } : {}),
  });
}

/** Delete (CAL-22): the event leaves the cache and every list is refreshed; the caller navigates. */
export function useDeleteCalendarEvent() {
  // Not the function itself: TanStack Query passes the mutation's context as a second argument.
  return useDeleteRecord((id) => deleteCalendarEvent(id), {
    detail: calendarEventKeys.detail,
    refreshLists: refreshCalendarLists,
  });
}

/**
 * A comment was added or removed on an event (CMT-08, CAL-20): the cached event's
 * `comment_count` becomes the container's, since Delete depends on it (PERM-14). Patched,
 * keeping the fetch time, as posts are (patchCommentCount in posts.ts).
 */
export function patchEventCommentCount(
  client: QueryClient,
  container: { id: number; comment_count: number },
): void {
  patchCachedAnswers<CalendarEventDetail>(
    client,
    calendarEventKeys.details(),
    (data) =>
      // The details key holds other answers too (the edit load, the attendees).
      'comment_container' in data &&
      data.comment_container.id === container.id &&
      data.comment_container.comment_count !== container.comment_count
        ? { ...data, comment_container: { ...container } }
        : data,
    { includeInvalidated: true },
  );
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

/**
 * EVF-22: `PUT /calendar_events/{id}.json`; answers the saved event. An edit of a series'
 * `following` or `all` meetings changes other meetings too: every cached event is marked stale.
 */
export function useUpdateCalendarEvent(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdateCalendarEventRequest) => updateCalendarEvent(id, request),
    onSuccess: async (_event, request) => {
      await afterEventSaved(client, id);
      if (request.scope === 'following' || request.scope === 'all') {
        await client.invalidateQueries({
          queryKey: calendarEventKeys.details(),
          refetchType: 'none',
        });
      }
    },
  });
}

// ---- Recurring meetings (issue 25, D80, D82): the form's preview, cancel, delete by scope ---

export async function fetchRecurrencePreview(
  request: RecurrencePreviewRequest,
  signal?: AbortSignal,
): Promise<RecurrencePreviewAnswer['data']> {
  const answer = await apiRequest<unknown>('POST', '/calendar_events/recurrence_preview.json', {
    body: request,
    // The form shows its own line under the dates; a dialog while typing would be in the way.
    globalErrors: false,
    ...(signal ? { signal } : {}),
  });
  return recurrencePreviewAnswerSchema.parse(answer).data;
}

/**
 * `POST /calendar_events/recurrence_preview.json`: the rule's next dates for the form, before
 * saving (nothing is saved, so it is a query keyed by the request). The caller debounces the
 * request; null asks nothing. While another rule is asked the last dates stay shown.
 */
export function useRecurrencePreview(request: RecurrencePreviewRequest | null) {
  return useQuery({
    queryKey: [...calendarEventKeys.all, 'recurrence-preview', request] as const,
    queryFn: ({ signal }) => fetchRecurrencePreview(request as RecurrencePreviewRequest, signal),
    enabled: request !== null,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

export async function cancelCalendarEventOccurrence(id: number): Promise<CalendarEventDetail> {
  const answer = await apiRequest<unknown>('POST', `/calendar_events/${id}/cancel.json`);
  return calendarEventAnswerSchema.parse(answer).data.calendar_event;
}

/** Cancel one meeting of a series: the answer is the meeting, cancelled; it leaves the lists. */
export function useCancelCalendarEventOccurrence(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => cancelCalendarEventOccurrence(id),
    onSuccess: async (event) => {
      client.setQueryData(calendarEventKeys.detail(id), event);
      await refreshCalendarLists(client);
    },
  });
}

/**
 * Delete meetings of a series by scope (`this` cancels the meeting, `following` ends the series
 * before it, `all` deletes the series): every cached event is dropped, since others went too.
 */
export function useDeleteSeriesMeetings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, scope }: { id: number; scope: SeriesScope }) =>
      deleteCalendarEvent(id, scope),
    onSuccess: async () => {
      client.removeQueries({ queryKey: calendarEventKeys.details() });
      await refreshCalendarLists(client);
    },
  });
}
