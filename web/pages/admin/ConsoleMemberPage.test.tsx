import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CANCEL_CHANGE,
  CONFIRM_CONSEQUENCES,
  CONFIRM_REMOVE_DUTIES,
  DUTIES_SAVED,
  dutiesAt,
  INVITE_ONE,
  INVITED_ONE,
  REMOVE_WEBMASTER_MEANS,
  SAVE_DUTIES,
  confirmStatusButton,
  MEMBERSHIPS_CAPTION,
  NEW_STATUS,
  NO_STATUS_CHANGE_RIGHT,
  NOT_FOUND_TITLE,
  SAVE_STATUS,
  SAVING_STATUS,
  STATUS_DATE,
  STATUS_NOTE_LABEL,
  STATUS_SAVED,
} from '../../../common/messages.ts';
import type { MemberStatusChange } from '../../../common/schemas/console.ts';
import { respond } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import {
  consoleApi,
  HARMONY,
  signedInSecretaryWithFetch,
  testConsoleMember,
} from './console-fixtures.ts';
import { readableDate } from './ConsoleMemberPage.tsx';
import { localToday, statusChangeOf } from './StatusChangeForm.tsx';

const fetchMock = signedInSecretaryWithFetch();
const RECORD = '/admin/members/21?organization_id=1';

function statusPuts(): MemberStatusChange[] {
  return fetchMock.mock.calls
    .filter(
      ([url, init]) =>
        String(url).includes('/admin/members/21/status.json') && init?.method === 'PUT',
    )
    .map(([, init]) => JSON.parse(String(init?.body)) as MemberStatusChange);
}

function api(member = testConsoleMember(), put?: () => Response) {
  fetchMock.mockImplementation(
    consoleApi({
      'GET /admin/members/21.json': respond(200, { data: { member } }),
      ...(put ? { 'PUT /admin/members/21/status.json': put } : {}),
    }),
  );
}

describe('a member’s record in the console (/admin/members/{id}, issue 23)', () => {
  it('shows the details, the lodges with duties and dates, and the status', async () => {
    api();
    renderApp(RECORD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Walter Ames' })).toBeTruthy();
    const details = screen.getByTestId('member-details');
    expect(within(details).getByText('March 31, 1950')).toBeTruthy();
    expect(within(details).getByText('walter@example.test')).toBeTruthy();
    expect(within(details).getByText('Walt')).toBeTruthy();
    const lodges = screen.getByRole('table', { name: MEMBERSHIPS_CAPTION });
    const row = within(lodges).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText(HARMONY.name)).toBeTruthy();
    expect(within(row).getByText('Webmaster')).toBeTruthy();
    expect(within(row).getByText('May 1, 1990')).toBeTruthy();
    expect(within(row).getByText('Still a member')).toBeTruthy();
    expect(within(screen.getByTestId('member-standing')).getByText('Active')).toBeTruthy();
    const url = String(fetchMock.mock.calls.find(([u]) => String(u).includes('/21.json'))?.[0]);
    expect(url).toContain('organization_id=1');
  });

  it('asks before a status that signs the member out, then saves and shows it', async () => {
    api(testConsoleMember(), () =>
      respond(200, {
        data: {
          member: testConsoleMember({
            status: { value: 'demitted', on: '2026-11-01', note: 'By letter' },
          }),
        },
      }),
    );
    renderApp(RECORD);
    fireEvent.change(await screen.findByLabelText(NEW_STATUS), { target: { value: 'demitted' } });
    fireEvent.change(screen.getByLabelText(STATUS_DATE), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText(STATUS_NOTE_LABEL), {
      target: { value: ' By letter ' },
    });
    fireEvent.click(screen.getByRole('button', { name: SAVE_STATUS }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Set Walter Ames’s status to Demitted?')).toBeTruthy();
    for (const line of CONFIRM_CONSEQUENCES) expect(within(dialog).getByText(line)).toBeTruthy();
    expect(statusPuts()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: confirmStatusButton('demitted') }));

    expect((await screen.findByTestId('status-saved')).textContent).toBe(STATUS_SAVED);
    // The form is ready again, not left saving.
    expect(screen.queryByText(SAVING_STATUS)).toBeNull();
    expect(screen.getByRole('button', { name: SAVE_STATUS }).hasAttribute('disabled')).toBe(false);
    expect(statusPuts()).toEqual([
      { organization_id: 1, status: 'demitted', on: '2026-11-01', note: 'By letter' },
    ]);
    const standing = screen.getByTestId('member-standing');
    expect(within(standing).getByText('Demitted')).toBeTruthy();
    expect(within(standing).getByText('November 1, 2026')).toBeTruthy();
    expect(within(standing).getByText('By letter')).toBeTruthy();
  });

  it('sends nothing when the confirmation is declined', async () => {
    api(testConsoleMember(), () => respond(200, { data: { member: testConsoleMember() } }));
    renderApp(RECORD);
    fireEvent.change(await screen.findByLabelText(NEW_STATUS), { target: { value: 'expelled' } });
    fireEvent.click(screen.getByRole('button', { name: SAVE_STATUS }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: CANCEL_CHANGE }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(statusPuts()).toHaveLength(0);
  });

  it('restores a member to active without asking', async () => {
    const demitted = testConsoleMember({
      status: { value: 'demitted', on: '2020-01-01', note: null },
    });
    api(demitted, () => respond(200, { data: { member: testConsoleMember() } }));
    renderApp(RECORD);
    fireEvent.change(await screen.findByLabelText(NEW_STATUS), { target: { value: 'active' } });
    fireEvent.click(screen.getByRole('button', { name: SAVE_STATUS }));
    expect(await screen.findByTestId('status-saved')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(statusPuts()).toEqual([
      { organization_id: 1, status: 'active', on: '2020-01-01', note: null },
    ]);
  });

  it('checks the date with the wire’s schema before sending', async () => {
    api(testConsoleMember(), () => respond(200, { data: { member: testConsoleMember() } }));
    renderApp(RECORD);
    const date = await screen.findByLabelText(STATUS_DATE);
    fireEvent.change(screen.getByLabelText(NEW_STATUS), { target: { value: 'suspended' } });
    fireEvent.change(date, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: SAVE_STATUS }));
    expect(await screen.findByText('Use the form YYYY-MM-DD.')).toBeTruthy();
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(statusPuts()).toHaveLength(0);
  });

  it('shows the server’s refusal under its field', async () => {
    api(testConsoleMember(), () =>
      respond(422, {
        type: 'x/unprocessable-entity-error',
        status: 422,
        errors: { on: ['The date cannot be in the future.'] },
      }),
    );
    renderApp(RECORD);
    fireEvent.change(await screen.findByLabelText(NEW_STATUS), { target: { value: 'deceased' } });
    fireEvent.click(screen.getByRole('button', { name: SAVE_STATUS }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: confirmStatusButton('deceased'),
      }),
    );
    expect(await screen.findByText('The date cannot be in the future.')).toBeTruthy();
    expect(screen.queryByTestId('status-saved')).toBeNull();
  });

  it('has no form when the server says the status is not this user’s to change', async () => {
    api(testConsoleMember({ abilities: { change_status: false } }));
    renderApp(RECORD);
    expect(await screen.findByText(NO_STATUS_CHANGE_RIGHT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: SAVE_STATUS })).toBeNull();
  });

  it('is the 404 page for a member outside the scope', async () => {
    fetchMock.mockImplementation(consoleApi({}));
    renderApp(RECORD);
    expect(await screen.findByRole('heading', { level: 1, name: NOT_FOUND_TITLE })).toBeTruthy();
  });

  it('writes dates for people and keeps an empty note out of the wire', () => {
    expect(readableDate('2026-02-03')).toBe('February 3, 2026');
    expect(readableDate(null)).toBeNull();
    expect(localToday(new Date(2026, 0, 9))).toBe('2026-01-09');
    expect(
      statusChangeOf({ organization_id: 1, status: 'active', on: '2026-01-09', note: '  ' }).note,
    ).toBeNull();
  });

  it('sets duties: adding saves at once, taking one away asks first', async () => {
    // The server keeps what was last saved, and the record answers it.
    let roles: string[] = ['webmaster'];
    const member = () => {
      const base = testConsoleMember();
      return {
        ...base,
        memberships: base.memberships.map((m) => ({ ...m, roles })),
      };
    };
    fetchMock.mockImplementation(
      consoleApi({
        'GET /admin/members/21.json': () => respond(200, { data: { member: member() } }),
        'PUT /admin/memberships/5/roles.json': () => {
          roles = (rolePuts().at(-1) as { roles: string[] }).roles;
          return respond(200, {
            data: { membership: { id: 5, party_id: 21, club_id: 11, roles } },
          });
        },
      }),
    );
    renderApp(RECORD);
    const duties = await screen.findByTestId('duties-5');
    expect(within(duties).getByText(dutiesAt(HARMONY.name))).toBeTruthy();
    const webmaster = within(duties).getByLabelText('Webmaster') as HTMLInputElement;
    expect(webmaster.checked).toBe(true);
    fireEvent.click(webmaster);
    fireEvent.click(within(duties).getByRole('button', { name: SAVE_DUTIES }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(REMOVE_WEBMASTER_MEANS)).toBeTruthy();
    expect(rolePuts()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: CONFIRM_REMOVE_DUTIES }));
    expect((await screen.findByTestId('duties-saved')).textContent).toBe(DUTIES_SAVED);
    expect(rolePuts()).toEqual([{ roles: [] }]);

    await waitFor(() =>
      expect(
        (within(screen.getByTestId('duties-5')).getByLabelText('Webmaster') as HTMLInputElement)
          .checked,
      ).toBe(false),
    );
    fireEvent.click(within(screen.getByTestId('duties-5')).getByLabelText('Secretary'));
    fireEvent.click(
      within(screen.getByTestId('duties-5')).getByRole('button', { name: SAVE_DUTIES }),
    );
    await waitFor(() => expect(rolePuts()).toHaveLength(2));
    expect(rolePuts()[1]).toEqual({ roles: ['secretary'] });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('invites a member with no account from the record, and lists who was invited when', async () => {
    let invited: unknown[] = [];
    fetchMock.mockImplementation(
      consoleApi({
        'GET /admin/members/21.json': respond(200, {
          data: { member: testConsoleMember({ has_account: false }) },
        }),
        'POST /admin/invitations.json': () => {
          invited = [
            {
              id: 1,
              email: 'walter@example.test',
              created_at: Date.UTC(2026, 10, 28, 15),
              sent_at: Date.UTC(2026, 10, 28, 15),
            },
          ];
          return respond(200, {
            data: {
              invitation: { dry_run: false, invited: 1, recently_invited: 0, without_email: [] },
            },
          });
        },
        'GET /admin/invitations.json': () => respond(200, { data: { invitations: invited } }),
      }),
    );
    renderApp(RECORD);
    fireEvent.click(await screen.findByRole('button', { name: INVITE_ONE }));
    expect((await screen.findByTestId('invitation-sent')).textContent).toBe(INVITED_ONE);
    expect((await screen.findByTestId('invitations-listed')).textContent).toContain(
      'November 28, 2026',
    );
    const body = fetchMock.mock.calls.find(
      ([url, init]) => String(url).includes('/admin/invitations.json') && init?.method === 'POST',
    )?.[1]?.body;
    expect(JSON.parse(String(body))).toEqual({
      organization_id: 1,
      party_id: 21,
      dry_run: false,
      again: false,
    });
  });
});

function rolePuts(): unknown[] {
  return fetchMock.mock.calls
    .filter(
      ([url, init]) =>
        String(url).includes('/admin/memberships/5/roles.json') && init?.method === 'PUT',
    )
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}
