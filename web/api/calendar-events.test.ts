import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { respond, testCalendarEvent } from '../test/fixtures.ts';
import {
  CALENDAR_STALE_MS,
  calendarEventKeys,
  fetchCalendarPage,
  flattenCalendarPages,
  nextCalendarPageParam,
  refreshCalendarLists,
  type CalendarEventPage,
} from './calendar-events.ts';

const fetchMock = vi.fn<typeof fetch>();

function requestedUrl(call: number): URL {
  return new URL(String(fetchMock.mock.calls[call]?.[0]), 'http://localhost');
}

function listAnswer(ids: number[], nextCursor: string | null) {
  return respond(200, {
    data: { calendar_events: ids.map((id) => testCalendarEvent(id)), next_cursor: nextCursor },
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the calendar list calls (CAL-02, API-CAL-01, D31)', () => {
  it('asks page 0 of the tab’s group without a cursor, then the next page with next_cursor', async () => {
    fetchMock.mockResolvedValueOnce(listAnswer([1, 2], '1700000000000.u.5.2'));
    const first = await fetchCalendarPage(
      { kind: 'main', group: 'nearby_events' },
      { cursor: null },
    );
    const url = requestedUrl(0);
    expect(url.pathname).toBe('/api/private/mobile/v1/calendar_events.json');
    expect(url.searchParams.get('group')).toBe('nearby_events');
    expect(url.searchParams.has('cursor')).toBe(false);
    expect(first.events.map((event) => event.id)).toEqual([1, 2]);
    expect(first.nextCursor).toBe('1700000000000.u.5.2');

    const next = nextCalendarPageParam(first);
    expect(next).toEqual({ cursor: '1700000000000.u.5.2', readAt: first.readAt });
    fetchMock.mockResolvedValueOnce(listAnswer([3], null));
    const second = await fetchCalendarPage(
      { kind: 'main', group: 'nearby_events' },
      next ?? { cursor: null },
    );
    const secondUrl = requestedUrl(1);
    expect(secondUrl.searchParams.get('group')).toBe('nearby_events');
    expect(secondUrl.searchParams.get('cursor')).toBe('1700000000000.u.5.2');
    // Later pages keep page zero's reading time, so "today" does not move while paging.
    expect(second.readAt).toBe(first.readAt);
    expect(nextCalendarPageParam(second)).toBeUndefined();
  });

  it('asks a club’s calendar by subdomain, with no group, and keeps its type names (ROUTE-02, CAL-08)', async () => {
    const club = { kind: 'club', subdomain: 'district5' } as const;
    fetchMock.mockResolvedValueOnce(
      respond(200, {
        data: {
          calendar_events: [testCalendarEvent(7)],
          next_cursor: '1700000000000.p.5.7',
          club_hierarchy: ['Grand Lodge', 'District', 'Lodge'],
          type_names: ['District', 'Lodge'],
          club: { id: 5, name: 'District 5', subdomain: 'district5', type_name: 'District' },
        },
      }),
    );
    const first = await fetchCalendarPage(club, { cursor: null });
    const url = requestedUrl(0);
    expect(url.pathname).toBe('/api/private/mobile/v1/clubs/calendar_events.json');
    expect(url.searchParams.get('subdomain')).toBe('district5');
    expect(url.searchParams.has('group')).toBe(false);
    expect(url.searchParams.has('cursor')).toBe(false);
    expect(first.clubTypes).toEqual({
      hierarchy: ['Grand Lodge', 'District', 'Lodge'],
      typeNames: ['District', 'Lodge'],
      clubName: 'District 5',
    });

    fetchMock.mockResolvedValueOnce(listAnswer([8], null));
    // The club answer's shape is required: the main list's lacks the type names.
    await expect(
      fetchCalendarPage(club, nextCalendarPageParam(first) ?? { cursor: null }),
    ).rejects.toThrow();
    expect(requestedUrl(1).searchParams.get('cursor')).toBe('1700000000000.p.5.7');
    expect(requestedUrl(1).searchParams.get('subdomain')).toBe('district5');
  });

  it('refuses an answer that is not the calendar list’s shape', async () => {
    fetchMock.mockResolvedValueOnce(respond(200, { data: { calendar_events: [{ id: 1 }] } }));
    await expect(
      fetchCalendarPage({ kind: 'main', group: 'my_events' }, { cursor: null }),
    ).rejects.toThrow();
  });

  it('shows an event once when it comes on two pages', () => {
    const data: InfiniteData<CalendarEventPage> = {
      pages: [
        {
          events: [1, 2].map((id) => testCalendarEvent(id)),
          nextCursor: 'c',
          readAt: 1,
          clubTypes: null,
        },
        {
          events: [2, 3].map((id) => testCalendarEvent(id)),
          nextCursor: null,
          readAt: 1,
          clubTypes: null,
        },
      ],
      pageParams: [{ cursor: null }, { cursor: 'c', readAt: 1 }],
    };
    expect(flattenCalendarPages(data).map((event) => event.id)).toEqual([1, 2, 3]);
    expect(flattenCalendarPages(undefined)).toEqual([]);
  });
});

describe('the keys and the list age (CAL-06, CONST-08, AMB-47)', () => {
  it('gives each tab its own key under one lists() prefix, and a 15 s list age', () => {
    const mine = calendarEventKeys.list({ kind: 'main', group: 'my_events' });
    const other = calendarEventKeys.list({ kind: 'main', group: 'other_events' });
    expect(mine).not.toEqual(other);
    expect(mine.slice(0, 2)).toEqual(calendarEventKeys.lists());
    expect(calendarEventKeys.detail(5).slice(0, 2)).toEqual(calendarEventKeys.details());
    expect(CALENDAR_STALE_MS).toBe(15_000);
  });

  it('gives each club its own key, apart from the main calendar’s, under lists() (AMB-47 entity)', () => {
    const district = calendarEventKeys.list({ kind: 'club', subdomain: 'district5' });
    const lodge = calendarEventKeys.list({ kind: 'club', subdomain: 'harmony412' });
    const main = calendarEventKeys.list({ kind: 'main', group: 'my_events' });
    expect(district).not.toEqual(lodge);
    expect(district).not.toEqual(main);
    expect(district.slice(0, 2)).toEqual(calendarEventKeys.lists());
  });

  it('marks every calendar list stale when forced, and no other query', async () => {
    const client = new QueryClient();
    const page: InfiniteData<CalendarEventPage> = { pages: [], pageParams: [] };
    client.setQueryData(calendarEventKeys.list({ kind: 'main', group: 'my_events' }), page);
    client.setQueryData(calendarEventKeys.list({ kind: 'main', group: 'nearby_events' }), page);
    client.setQueryData(calendarEventKeys.list({ kind: 'club', subdomain: 'harmony412' }), page);
    client.setQueryData(calendarEventKeys.detail(5), { id: 5 });
    client.setQueryData(['posts', 'list', 'feed'], page);
    await refreshCalendarLists(client);
    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(calendarEventKeys.list({ kind: 'main', group: 'my_events' }))).toBe(true);
    expect(invalidated(calendarEventKeys.list({ kind: 'main', group: 'nearby_events' }))).toBe(
      true,
    );
    expect(invalidated(calendarEventKeys.list({ kind: 'club', subdomain: 'harmony412' }))).toBe(
      true,
    );
    expect(invalidated(calendarEventKeys.detail(5))).toBe(false);
    expect(invalidated(['posts', 'list', 'feed'])).toBe(false);
  });
});
