import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { officersAnswer, testPosition } from '../pages/admin/officers-fixtures.ts';
import { respond } from '../test/fixtures.ts';
import { clubKeys } from './clubs.ts';
import { consoleKeys } from './console.ts';
import { officerKeys, useChangeOfficers, useSetMembershipRoles } from './console-officers.ts';

const fetchMock = vi.fn<typeof fetch>();

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
  client.setQueryData(clubKeys.detail('harmony412'), { id: 11 });
  client.setQueryData(officerKeys.club(11), officersAnswer([]).data);
  client.setQueryData(consoleKeys.member(21, 1), { party_id: 21 });
  client.setQueryData(consoleKeys.scope(), { is_admin: false });
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  return { client, wrapper };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Lodge Office’s officers and duties in the cache (issue 23, D69)', () => {
  it('an officers change puts the answer in place and marks every club home stale', async () => {
    const { client, wrapper } = setup();
    const answer = officersAnswer([testPosition(3, { title: 'Tyler' })]);
    fetchMock.mockResolvedValue(respond(200, answer));
    const { result } = renderHook(() => useChangeOfficers(11), { wrapper });
    await act(() => result.current.mutateAsync({ kind: 'addPosition', title: 'Tyler' }));
    expect(client.getQueryData(officerKeys.club(11))).toEqual(answer.data);
    expect(client.getQueryState(clubKeys.detail('harmony412'))?.isInvalidated).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain('/admin/officer_positions.json');
    expect(JSON.parse(String(init?.body))).toEqual({ club_id: 11, title: 'Tyler' });
  });

  it('a change of duties marks the member’s record and the scope stale', async () => {
    const { client, wrapper } = setup();
    fetchMock.mockResolvedValue(
      respond(200, { data: { membership: { id: 5, party_id: 21, club_id: 11, roles: [] } } }),
    );
    const { result } = renderHook(() => useSetMembershipRoles(21, 1), { wrapper });
    await act(() => result.current.mutateAsync({ membershipId: 5, roles: [] }));
    expect(client.getQueryState(consoleKeys.member(21, 1))?.isInvalidated).toBe(true);
    expect(client.getQueryState(consoleKeys.scope())?.isInvalidated).toBe(true);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/admin/memberships/5/roles.json');
  });
});
