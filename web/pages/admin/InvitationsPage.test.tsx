import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  COUNT_INVITATIONS,
  INCLUDE_RECENT,
  invitationCount,
  invitationsSent,
  inviteAll,
  recentlyInvitedCount,
  withoutEmailCount,
} from '../../../common/messages.ts';
import type { InvitationOutcome } from '../../../common/schemas/console-officers.ts';
import { respond } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { consoleApi, signedInSecretaryWithFetch } from './console-fixtures.ts';

const fetchMock = signedInSecretaryWithFetch();

function outcome(overrides: Partial<InvitationOutcome> = {}): InvitationOutcome {
  return { dry_run: true, invited: 12, recently_invited: 2, without_email: [], ...overrides };
}

function posted(): unknown[] {
  return fetchMock.mock.calls
    .filter(
      ([url, init]) => String(url).includes('/admin/invitations.json') && init?.method === 'POST',
    )
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

describe('inviting a lodge’s members (/admin/invitations, issue 23)', () => {
  it('counts first, lists those without e-mail, then sends to all, with those of the last day when asked', async () => {
    fetchMock.mockImplementation(
      consoleApi({
        'POST /admin/invitations.json': async () => {
          const body = JSON.parse(String(fetchMock.mock.lastCall?.[1]?.body)) as {
            dry_run: boolean;
          };
          return respond(200, {
            data: {
              invitation: body.dry_run
                ? outcome({
                    without_email: [
                      { party_id: 7, display_name: 'Amos Hart', member_number: '412007' },
                    ],
                  })
                : outcome({ dry_run: false, invited: 14, recently_invited: 0 }),
            },
          });
        },
      }),
    );
    renderApp('/admin/invitations');
    fireEvent.click(await screen.findByRole('button', { name: COUNT_INVITATIONS }));
    const counts = await screen.findByTestId('invitation-counts');
    expect(within(counts).getByText(invitationCount(12))).toBeTruthy();
    expect(within(counts).getByText(recentlyInvitedCount(2))).toBeTruthy();
    expect(within(counts).getByText(withoutEmailCount(1))).toBeTruthy();
    expect(within(counts).getByRole('link', { name: 'Amos Hart' }).getAttribute('href')).toContain(
      '/admin/members/7?organization_id=1',
    );
    fireEvent.click(screen.getByLabelText(INCLUDE_RECENT));
    fireEvent.click(screen.getByRole('button', { name: inviteAll(14) }));
    expect((await screen.findByTestId('invitations-sent')).textContent).toBe(invitationsSent(14));
    expect(posted()).toEqual([
      { organization_id: 1, club_id: 11, dry_run: true, again: false },
      { organization_id: 1, club_id: 11, dry_run: false, again: true },
    ]);
  });

  it('says the server’s refusal', async () => {
    fetchMock.mockImplementation(
      consoleApi({
        'POST /admin/invitations.json': () =>
          respond(404, { type: 'x/not-found', status: 404, title: 'No such club.' }),
      }),
    );
    renderApp('/admin/invitations');
    fireEvent.click(await screen.findByRole('button', { name: COUNT_INVITATIONS }));
    expect(await screen.findByTestId('invitations-errors')).toBeTruthy();
    expect(screen.queryByTestId('invitation-counts')).toBeNull();
  });
});
