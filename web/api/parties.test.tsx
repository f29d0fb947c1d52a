import { useClubFavoriteToggle } from './clubs.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getOkDialogQueue } from '../components/ok-dialog-store.ts';
import { queryClient } from '../http/client.ts';
import { fakeApi, respond, testParty } from '../test/fixtures.ts';
import { partyKeys, useRecordContact, useSetFavoriteContact } from './parties.ts';

const fetchMock = vi.fn<typeof fetch>();

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** Fills the cache as the screens would have, each entry fresh. */
function seedCache() {
  queryClient.setQueryData(partyKeys.detail(42), {
    ...testParty(42, 'Bill Harper'),
    left_at: null,
    phones: [],
    email_address: null,
    club_list: [],
    user_recent_contact: null,
    user_favorite_contact: null,
  });
  queryClient.setQueryData(partyKeys.detail(43), { id: 43 });
  queryClient.setQueryData(partyKeys.recentContacts(), []);
  queryClient.setQueryData(partyKeys.favoriteContacts(), []);
}

function invalidated(key: readonly unknown[]): boolean {
  return queryClient.getQueryState(key)?.isInvalidated ?? false;
}

beforeEach(() => {
  queryClient.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  seedCache();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('what each change marks stale (PARTY-03, DIR-16, DIR-17)', () => {
  it('a favourite change: the party and Members › Favorite, not Recent', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'POST /user_favorite_contacts': respond(200, { data: {} }) }),
    );
    const { result } = renderHook(() => useSetFavoriteContact(42), { wrapper });
    result.current.mutate(true);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(invalidated(partyKeys.detail(42))).toBe(true);
    expect(invalidated(partyKeys.favoriteContacts())).toBe(true);
    expect(invalidated(partyKeys.recentContacts())).toBe(false);
    expect(invalidated(partyKeys.detail(43))).toBe(false);
  });

  it('a recorded contact: Members › Recent and the party, not Favorite', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'POST /user_recent_contacts.json': respond(200, { data: {} }) }),
    );
    const { result } = renderHook(() => useRecordContact(42), { wrapper });
    result.current('CellPhone');
    await waitFor(() => expect(invalidated(partyKeys.recentContacts())).toBe(true));
    expect(invalidated(partyKeys.detail(42))).toBe(true);
    expect(invalidated(partyKeys.favoriteContacts())).toBe(false);
  });

  it('a failed recording changes nothing and shows no dialog', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'POST /user_recent_contacts.json': respond(500, { status: 500 }) }),
    );
    const { result } = renderHook(() => useRecordContact(42), { wrapper });
    result.current('email');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(queryClient.getMutationCache().getAll()[0]?.state.status).toBe('error'),
    );
    expect(invalidated(partyKeys.recentContacts())).toBe(false);
    expect(getOkDialogQueue()).toEqual([]);
  });

  it('a club favourite change: every party page, since any may list the club', async () => {
    fetchMock.mockImplementation(fakeApi({ 'DELETE /favorite_clubs/12': respond(204, null) }));
    const { result } = renderHook(() => useClubFavoriteToggle(12), { wrapper });
    result.current.mutate(false);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(invalidated(partyKeys.detail(42))).toBe(true);
    expect(invalidated(partyKeys.detail(43))).toBe(true);
    expect(invalidated(partyKeys.favoriteContacts())).toBe(false);
  });
});
