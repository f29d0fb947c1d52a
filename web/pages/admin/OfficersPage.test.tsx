import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ADD_POSITION,
  appointTo,
  CHOOSE_A_MEMBER_FIRST,
  CONFIRM_REMOVE,
  endTermOf,
  FIND_MEMBER,
  OFFICERS_LOAD_FAILED,
  POSITION_TITLE,
  REMOVE_POSITION,
  SAVE_APPOINTMENT,
  SAVE_END,
  TERM_ENDS_ON,
  TRY_AGAIN,
  VACANT,
} from '../../../common/messages.ts';
import { respond } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { consoleApi, signedInSecretaryWithFetch, testRosterMember } from './console-fixtures.ts';
import { officersAnswer, testPosition } from './officers-fixtures.ts';

const fetchMock = signedInSecretaryWithFetch();
const SCREEN = '/admin/officers';

const MASTER = testPosition(1, {
  title: 'Worshipful Master',
  abilities: { remove: false, retire: false },
  terms: [
    {
      id: 10,
      party_id: 5,
      name: 'Walter Ames',
      from_date: '2026-01-01',
      to_date: null,
      current: true,
    },
    {
      id: 9,
      party_id: null,
      name: 'Harold Gaines',
      from_date: '2025-01-01',
      to_date: '2025-12-31',
      current: false,
    },
  ],
});
const CHAPLAIN = testPosition(2, { title: 'Chaplain' });

function sent(method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).includes(path) && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')) as unknown);
}

function api(routes: Record<string, Response | (() => Response)> = {}) {
  fetchMock.mockImplementation(
    consoleApi({
      'GET /admin/officers.json': respond(200, officersAnswer([MASTER, CHAPLAIN])),
      ...routes,
    }),
  );
}

describe('a lodge’s officers in the Lodge Office (/admin/officers, issue 23)', () => {
  it('shows the offices in order, who holds each now, and who held it before', async () => {
    api();
    renderApp(SCREEN);
    const master = await screen.findByTestId('position-1');
    expect(within(master).getByRole('heading', { name: 'Worshipful Master' })).toBeTruthy();
    expect(within(master).getByText('Walter Ames')).toBeTruthy();
    expect(within(master).getByText('since January 1, 2026')).toBeTruthy();
    expect(within(master).getByText(/Harold Gaines/)).toBeTruthy();
    expect(within(screen.getByTestId('position-2')).getByText(VACANT)).toBeTruthy();
    const url = String(
      fetchMock.mock.calls.find(([u]) => String(u).includes('officers.json'))?.[0],
    );
    expect(url).toContain('club_id=11');
  });

  it('appoints a member found in the roster, from the lodge’s today', async () => {
    api({
      'GET /admin/members.json': respond(200, {
        data: { members: [testRosterMember(21, { display_name: 'Walter Ames' })], has_more: false },
      }),
      'POST /admin/officer_terms.json': () =>
        respond(
          200,
          officersAnswer([
            MASTER,
            {
              ...CHAPLAIN,
              terms: [
                {
                  id: 11,
                  party_id: 21,
                  name: 'Walter Ames',
                  from_date: '2026-11-28',
                  to_date: null,
                  current: true,
                },
              ],
            },
          ]),
        ),
    });
    renderApp(SCREEN);
    fireEvent.click(await screen.findByRole('button', { name: appointTo('Chaplain') }));
    const form = screen.getByRole('form', { name: appointTo('Chaplain') });
    fireEvent.click(within(form).getByRole('button', { name: SAVE_APPOINTMENT }));
    expect(await within(form).findByText(CHOOSE_A_MEMBER_FIRST)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(FIND_MEMBER), { target: { value: 'Walt' } });
    fireEvent.click(await within(form).findByLabelText('Walter Ames (100021)'));
    fireEvent.click(within(form).getByRole('button', { name: SAVE_APPOINTMENT }));
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: appointTo('Chaplain') })).toBeNull(),
    );
    expect(within(screen.getByTestId('position-2')).getByText('Walter Ames')).toBeTruthy();
    expect(sent('POST', '/admin/officer_terms.json')).toEqual([
      { position_id: 2, party_id: 21, full_name: null, from_date: '2026-11-28', to_date: null },
    ]);
  });

  it('ends a term on the day given', async () => {
    api({
      'PUT /admin/officer_terms/10.json': () =>
        respond(200, officersAnswer([{ ...MASTER, terms: [] }, CHAPLAIN])),
    });
    renderApp(SCREEN);
    fireEvent.click(await screen.findByRole('button', { name: endTermOf('Walter Ames') }));
    const form = screen.getByRole('form', { name: endTermOf('Walter Ames') });
    fireEvent.change(within(form).getByLabelText(TERM_ENDS_ON), {
      target: { value: '2026-11-27' },
    });
    fireEvent.click(within(form).getByRole('button', { name: SAVE_END }));
    expect(await within(await screen.findByTestId('position-1')).findByText(VACANT)).toBeTruthy();
    expect(sent('PUT', '/admin/officer_terms/10.json')).toEqual([
      { from_date: '2026-01-01', to_date: '2026-11-27' },
    ]);
  });

  it('adds an office, and removes one with no history after asking', async () => {
    api({
      'POST /admin/officer_positions.json': () =>
        respond(200, officersAnswer([MASTER, CHAPLAIN, testPosition(3, { title: 'Tyler' })])),
      'DELETE /admin/officer_positions/2.json': () => respond(200, officersAnswer([MASTER])),
    });
    renderApp(SCREEN);
    fireEvent.change(await screen.findByLabelText(POSITION_TITLE), {
      target: { value: ' Tyler ' },
    });
    fireEvent.click(screen.getByRole('button', { name: ADD_POSITION }));
    expect(await screen.findByTestId('position-3')).toBeTruthy();
    expect(sent('POST', '/admin/officer_positions.json')).toEqual([
      { club_id: 11, title: 'Tyler' },
    ]);

    fireEvent.click(
      within(screen.getByTestId('position-2')).getByRole('button', { name: REMOVE_POSITION }),
    );
    expect(sent('DELETE', '/admin/officer_positions/2.json')).toHaveLength(0);
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: CONFIRM_REMOVE }),
    );
    await waitFor(() => expect(screen.queryByTestId('position-2')).toBeNull());
    expect(sent('DELETE', '/admin/officer_positions/2.json')).toHaveLength(1);
  });

  it('says the server’s refusal in its words', async () => {
    api({
      'POST /admin/officer_positions.json': () =>
        respond(422, {
          type: 'x/unprocessable-entity-error',
          status: 422,
          errors: { title: ['The club already has a position with this title.'] },
        }),
    });
    renderApp(SCREEN);
    fireEvent.change(await screen.findByLabelText(POSITION_TITLE), {
      target: { value: 'Chaplain' },
    });
    fireEvent.click(screen.getByRole('button', { name: ADD_POSITION }));
    expect(
      await screen.findByText('The club already has a position with this title.'),
    ).toBeTruthy();
  });

  it('offers Try again when the officers cannot be loaded', async () => {
    let fail = true;
    fetchMock.mockImplementation(
      consoleApi({
        'GET /admin/officers.json': () =>
          fail ? respond(500, { status: 500 }) : respond(200, officersAnswer([CHAPLAIN])),
      }),
    );
    renderApp(SCREEN);
    expect(await screen.findByText(OFFICERS_LOAD_FAILED)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: TRY_AGAIN }));
    expect(await screen.findByTestId('position-2')).toBeTruthy();
  });
});
