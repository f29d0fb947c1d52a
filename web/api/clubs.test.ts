import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { respond } from '../test/fixtures.ts';
import { calendarEventKeys } from './calendar-events.ts';
import { clubKeys, favoriteClubCache, useClubFavoriteToggle } from './clubs.ts';

const fetchMock = vi.fn<typeof fetch>();

/** Another screen's answer that lists the club with its switch (the party page, AMB-36). */
interface PartyPage {
  club_list: { id: number; is_favorite: boolean }[];
}
const PARTY_KEY = ['parties', 'detail', 42] as const;

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
  client.setQueryData(clubKeys.detail('olentangy614'), {
    id: 28,
    is_favorite: false,
    is_member: false,
  });
  client.setQueryData(clubKeys.detail('harmony412'), {
    id: 27,
    is_favorite: true,
    is_member: true,
  });
  client.setQueryData(clubKeys.favorites(), []);
  client.setQueryData(calendarEventKeys.list({ kind: 'main', group: 'my_events' }), { pages: [] });
  client.setQueryData<PartyPage>(PARTY_KEY, {
    club_list: [
      { id: 28, is_favorite: false },
      { id: 27, is_favorite: true },
    ],
  });
  const related = [
    favoriteClubCache<PartyPage>(PARTY_KEY, (party, favorite) => ({
      club_list: party.club_list.map((club) =>
        club.id === 28 ? { ...club, is_favorite: favorite } : club,
      ),
    })),
  ];
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  const { result } = renderHook(() => useClubFavoriteToggle(28, related), { wrapper });
  return { client, result };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useClubFavoriteToggle (CLUB-06, CLUB-20, AMB-36)', () => {
  it('shows the new state at once on the club home and the related screen, and marks what a follow changes stale', async () => {
    let release: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((resolve) => (release = resolve)));
    const { client, result } = setup();
    act(() => result.current.mutate(true));
    await vi.waitFor(() =>
      expect(
        client.getQueryData<{ is_favorite: boolean }>(clubKeys.detail('olentangy614'))?.is_favorite,
      ).toBe(true),
    );
    expect(client.getQueryData<PartyPage>(PARTY_KEY)?.club_list[0]?.is_favorite).toBe(true);
    // Another club's home is left alone.
    expect(
      client.getQueryData<{ is_favorite: boolean }>(clubKeys.detail('harmony412'))?.is_favorite,
    ).toBe(true);
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(input)).toContain('/favorite_clubs.json');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ favorite_club: { club_id: 28 } }));
    await act(async () => {
      release(respond(200, { data: {} }));
      await vi.waitFor(() => expect(result.current.isSuccess).toBe(true));
    });
    expect(client.getQueryState(clubKeys.favorites())?.isInvalidated).toBe(true);
    expect(client.getQueryState(PARTY_KEY)?.isInvalidated).toBe(true);
    expect(
      client.getQueryState(calendarEventKeys.list({ kind: 'main', group: 'my_events' }))
        ?.isInvalidated,
    ).toBe(true);
  });

  it('puts everything back when the call fails', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(respond(422, { type: 'x/unprocessable-entity-error', status: 422 })),
    );
    const { client, result } = setup();
    await act(async () => {
      result.current.mutate(true);
      await vi.waitFor(() => expect(result.current.isError).toBe(true));
    });
    expect(
      client.getQueryData<{ is_favorite: boolean }>(clubKeys.detail('olentangy614'))?.is_favorite,
    ).toBe(false);
    expect(client.getQueryData<PartyPage>(PARTY_KEY)?.club_list[0]?.is_favorite).toBe(false);
  });

  it('unfollows with DELETE /favorite_clubs/{clubId}', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(respond(204, null)));
    const { result } = setup();
    await act(async () => {
      result.current.mutate(false);
      await vi.waitFor(() => expect(result.current.isSuccess).toBe(true));
    });
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(input)).toMatch(/\/favorite_clubs\/28$/);
    expect(init?.method).toBe('DELETE');
  });
});
