import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIRM_REMOVE_CARD, ERROR_TITLE, PAYMENT_INFORMATION } from '../../../common/messages.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { queryClient } from '../../http/client.ts';
import { fakeApi, membershipGroupsAnswer, respond, testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  clearOkDialogs();
  queryClient.clear();
  resetSessionForTests({ status: 'signedIn', user: testUser() });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const CARD = {
  name: 'John Q Member',
  email_address: 'john@example.com',
  card_number: 'XXXX-XXXX-XXXX-4242',
  expires: '08/2029',
  added_at: Date.UTC(2025, 2, 4, 12),
  brand: 'Visa',
};

function api(remove: () => Response, card: unknown = CARD) {
  let current = card;
  fetchMock.mockImplementation(
    fakeApi({
      'GET /club_membership_groups.json': respond(200, membershipGroupsAnswer()),
      'GET /club_dues': respond(200, { data: { organization_dues: [] } }),
      'GET /payment_credentials': () => respond(200, { data: { credit_card: current } }),
      'DELETE /payment_credentials': () => {
        const answer = remove();
        if (answer.ok) current = null;
        return answer;
      },
    }),
  );
}

function deletes() {
  return fetchMock.mock.calls.filter(
    ([url, init]) => String(url).endsWith('/payment_credentials') && init?.method === 'DELETE',
  );
}

describe('Payment Information (ACCT-15..17, AMB-17, ERR-56)', () => {
  it('shows the card’s name, e-mail, number, expiry and date added, with remove (ACCT-15)', async () => {
    api(() => respond(200, { data: {} }));
    renderApp('/my_account');
    const card = within(await screen.findByTestId('payment-section'));
    expect(card.getByRole('heading', { name: PAYMENT_INFORMATION })).toBeTruthy();
    expect(await card.findByText('John Q Member')).toBeTruthy();
    expect(card.getByText('john@example.com')).toBeTruthy();
    expect(card.getByText('Visa XXXX-XXXX-XXXX-4242')).toBeTruthy();
    expect(card.getByText('08/2029')).toBeTruthy();
    expect(card.getByText('March 4, 2025')).toBeTruthy();
    expect(card.getByRole('button', { name: 'remove' })).toBeTruthy();
  });

  it('asks first; Cancel sends nothing, OK sends DELETE and the card goes (ACCT-16, AMB-17)', async () => {
    api(() => respond(200, { data: {} }));
    renderApp('/my_account');
    fireEvent.click(await screen.findByRole('button', { name: 'remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(CONFIRM_REMOVE_CARD)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'remove' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId('payment-section')).toBeNull());
    expect(deletes()).toHaveLength(1);
  });

  it("a refused removal shows the modal 'Error' with the errors joined (ERR-56)", async () => {
    api(() =>
      respond(422, {
        type: 'x/unprocessable-entity-error',
        status: 422,
        errors: { base: ['The card is in use.', 'Try later.'] },
      }),
    );
    renderApp('/my_account');
    fireEvent.click(await screen.findByRole('button', { name: 'remove' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    const error = await screen.findByRole('dialog', { name: ERROR_TITLE });
    expect(within(error).getByText('The card is in use. Try later.')).toBeTruthy();
    expect(screen.getByText('John Q Member')).toBeTruthy();
  });

  it('shows nothing at all without a card (ACCT-17)', async () => {
    api(() => respond(200, { data: {} }), null);
    renderApp('/my_account');
    await screen.findByTestId('dues-section');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).endsWith('/payment_credentials')),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.queryByTestId('payment-section')).toBeNull());
    expect(screen.queryByText(PAYMENT_INFORMATION)).toBeNull();
    expect(screen.queryByRole('button', { name: 'remove' })).toBeNull();
  });
});
