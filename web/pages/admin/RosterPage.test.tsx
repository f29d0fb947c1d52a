import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_FILTER,
  LOAD_MORE,
  LODGE_FILTER,
  ORGANIZATION_LABEL,
  ROSTER_CAPTION,
  ROSTER_EMPTY,
  ROSTER_EMPTY_FILTERED,
  ROSTER_LOAD_FAILED,
  SEARCH_ROSTER,
  STATUS_FILTER,
  TRY_AGAIN,
} from '../../../common/messages.ts';
import { respond } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import {
  consoleApi,
  HARMONY,
  scopeAnswer,
  signedInSecretaryWithFetch,
  testRosterMember,
} from './console-fixtures.ts';
import { rosterFilters } from './RosterPage.tsx';

const fetchMock = signedInSecretaryWithFetch();

/** The roster calls' queries, in order. */
function rosterQueries(): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.includes('/admin/members.json'))
    .map((url) => new URL(url, 'http://x').searchParams);
}

function rosterAnswer(members = [testRosterMember(1)], hasMore = false) {
  return respond(200, { data: { members, has_more: hasMore } });
}

describe('the roster (/admin/members, issue 23)', () => {
  it('lists members in a captioned table, name first and linked to the record', async () => {
    fetchMock.mockImplementation(
      consoleApi({
        'GET /admin/members.json': rosterAnswer([
          testRosterMember(1, { display_name: 'Walter Ames', status: 'suspended' }),
          testRosterMember(2, { display_name: 'Ray Bell', has_account: false }),
        ]),
      }),
    );
    renderApp('/admin/members');
    const table = await screen.findByRole('table', { name: ROSTER_CAPTION });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const walter = within(rows[1] as HTMLElement);
    expect(walter.getByRole('link', { name: 'Walter Ames' }).getAttribute('href')).toBe(
      '/admin/members/1?organization_id=1',
    );
    expect(walter.getByText('Suspended')).toBeTruthy();
    expect(walter.getByText(HARMONY.name)).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Not yet')).toBeTruthy();
    // One organisation: no picker.
    expect(screen.queryByLabelText(ORGANIZATION_LABEL)).toBeNull();
    expect(rosterQueries()[0]?.get('organization_id')).toBe('1');
    expect(rosterQueries()[0]?.get('page')).toBe('1');
  });

  it('asks again with each filter, and the search once the typing settles', async () => {
    fetchMock.mockImplementation(consoleApi({ 'GET /admin/members.json': rosterAnswer() }));
    renderApp('/admin/members');
    await screen.findByRole('table', { name: ROSTER_CAPTION });
    fireEvent.change(screen.getByLabelText(LODGE_FILTER), {
      target: { value: String(HARMONY.id) },
    });
    fireEvent.change(screen.getByLabelText(STATUS_FILTER), { target: { value: 'demitted' } });
    fireEvent.change(screen.getByLabelText(ACCOUNT_FILTER), { target: { value: 'false' } });
    fireEvent.change(screen.getByLabelText(SEARCH_ROSTER), { target: { value: 'Ames' } });
    await waitFor(() => expect(rosterQueries().at(-1)?.get('q')).toBe('Ames'));
    const last = rosterQueries().at(-1);
    expect(last?.get('club_id')).toBe(String(HARMONY.id));
    expect(last?.get('status')).toBe('demitted');
    expect(last?.get('has_account')).toBe('false');
  });

  it('shows the next page on request', async () => {
    fetchMock.mockImplementation(
      consoleApi({
        'GET /admin/members.json': () =>
          rosterQueries().at(-1)?.get('page') === '1'
            ? rosterAnswer([testRosterMember(1)], true)
            : rosterAnswer([testRosterMember(2)], false),
      }),
    );
    renderApp('/admin/members');
    fireEvent.click(await screen.findByRole('button', { name: LOAD_MORE }));
    await waitFor(() => expect(screen.getAllByTestId('roster-row')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: LOAD_MORE })).toBeNull();
    expect(rosterQueries().map((query) => query.get('page'))).toEqual(['1', '2']);
  });

  it('says the roster is empty, or that nothing matches the filters', async () => {
    fetchMock.mockImplementation(consoleApi({ 'GET /admin/members.json': rosterAnswer([]) }));
    renderApp('/admin/members');
    expect((await screen.findByTestId('roster-empty')).textContent).toContain(ROSTER_EMPTY);
    fireEvent.change(screen.getByLabelText(STATUS_FILTER), { target: { value: 'expelled' } });
    await waitFor(() =>
      expect(screen.getByTestId('roster-empty').textContent).toContain(ROSTER_EMPTY_FILTERED),
    );
  });

  it('says when the roster failed to load and tries again', async () => {
    let fail = true;
    fetchMock.mockImplementation(
      consoleApi({
        'GET /admin/members.json': () =>
          fail ? respond(500, { type: 'x/internal', status: 500 }) : rosterAnswer(),
      }),
    );
    renderApp('/admin/members');
    expect(await screen.findByText(ROSTER_LOAD_FAILED)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: TRY_AGAIN }));
    expect(await screen.findByRole('table', { name: ROSTER_CAPTION })).toBeTruthy();
  });

  it('offers an administrator the organisation picker and follows it', async () => {
    fetchMock.mockImplementation(
      consoleApi(
        { 'GET /admin/members.json': rosterAnswer() },
        scopeAnswer({
          is_admin: true,
          organizations: [
            { id: 1, name: 'Grand Lodge of Ohio F&AM' },
            { id: 2, name: 'Grand Lodge of Indiana' },
          ],
        }),
      ),
    );
    renderApp('/admin/members');
    const picker = await screen.findByLabelText(ORGANIZATION_LABEL);
    fireEvent.change(picker, { target: { value: '2' } });
    await waitFor(() => expect(rosterQueries().at(-1)?.get('organization_id')).toBe('2'));
  });

  it('reads its filters from the address and ignores what cannot be one', () => {
    expect(
      rosterFilters(
        new URLSearchParams('q=%20Ames%20&club_id=11&status=demitted&has_account=true'),
        1,
      ),
    ).toEqual({
      organization_id: 1,
      q: 'Ames',
      club_id: 11,
      status: 'demitted',
      has_account: 'true',
    });
    expect(
      rosterFilters(new URLSearchParams('q=&club_id=x&status=gone&has_account=maybe'), 1),
    ).toEqual({ organization_id: 1 });
  });
});
