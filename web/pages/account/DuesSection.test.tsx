import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_DUES, PAYMENT_RECEIVED } from '../../../common/messages.ts';
import type { OrganizationDues } from '../../../common/schemas/dues.ts';
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

function api(dues: () => Response) {
  fetchMock.mockImplementation(
    fakeApi({
      'GET /club_membership_groups.json': respond(200, membershipGroupsAnswer()),
      'GET /club_dues': dues,
      'GET /payment_credentials': respond(200, { data: { credit_card: null } }),
    }),
  );
}

function item(clubId: number, total: number, overrides: Partial<OrganizationDues> = {}) {
  return {
    club_id: clubId,
    club_name: `Lodge ${clubId}`,
    organization_name: 'Grand Lodge of Ohio F&AM',
    dues_metadata: {
      dues: total > 0 ? [{ year: 2024, amount: 50, amount_cents: 5000 }] : [],
      arrears: total > 50 ? [{ year: 2023, amount: 12.5, amount_cents: 1250 }] : [],
    },
    total,
    total_cents: Math.round(total * 100),
    dues_payment_options_task_token_url: null,
    ...overrides,
  };
}

async function section() {
  return within(await screen.findByTestId('dues-section'));
}

describe('the Dues section of My Account (ACCT-09..14, AMB-13, CONST-34)', () => {
  it('has the four columns and shows each year with $ and two decimals (ACCT-10, ACCT-11)', async () => {
    api(() => respond(200, { data: { organization_dues: [item(1, 62.5)] } }));
    renderApp('/my_account');
    const dues = await section();
    await dues.findByText('Lodge 1');
    for (const name of ['Dues', 'Arrears', 'Total', 'Action']) {
      expect(dues.getByRole('columnheader', { name })).toBeTruthy();
    }
    expect(dues.getByText('2024 $50.00')).toBeTruthy();
    expect(dues.getByText('2023 $12.50')).toBeTruthy();
    expect(dues.getByText('$62.50')).toBeTruthy();
  });

  it("'pay' opens the dues payment page in a new tab when the total is above 0, and not otherwise (ACCT-12)", async () => {
    api(() => respond(200, { data: { organization_dues: [item(1, 50), item(2, 0)] } }));
    renderApp('/my_account');
    const dues = await section();
    const pay = await dues.findByRole('link', { name: /^pay/ });
    expect(pay.textContent).toBe('pay');
    expect(pay.getAttribute('target')).toBe('_blank');
    expect(pay.getAttribute('rel')).toBe('noopener');
    expect(pay.getAttribute('href')).toBe('/app/dues_payments/1');
    expect(dues.getAllByRole('link', { name: /^pay/ })).toHaveLength(1);
  });

  it("uses the item's own address when it carries one (AMB-13)", async () => {
    api(() =>
      respond(200, {
        data: {
          organization_dues: [
            item(1, 50, { dues_payment_options_task_token_url: 'https://example.test/pay?t=1' }),
          ],
        },
      }),
    );
    renderApp('/my_account');
    const pay = await (await section()).findByRole('link', { name: /^pay/ });
    expect(pay.getAttribute('href')).toBe('https://example.test/pay?t=1');
  });

  it('shows an item’s message in place of the amounts (ACCT-13)', async () => {
    api(() =>
      respond(200, {
        data: {
          organization_dues: [
            {
              club_id: 3,
              club_name: 'Lodge 3',
              organization_name: 'GL',
              message: 'Ask the secretary.',
            },
          ],
        },
      }),
    );
    renderApp('/my_account');
    const dues = await section();
    expect(await dues.findByText('Ask the secretary.')).toBeTruthy();
    expect(dues.queryByText(/\$/)).toBeNull();
    expect(dues.queryByRole('link', { name: /^pay/ })).toBeNull();
  });

  it("says 'No dues to display.' when there are none (ACCT-14)", async () => {
    api(() => respond(200, { data: { organization_dues: [] } }));
    renderApp('/my_account');
    expect(await (await section()).findByText(NO_DUES)).toBeTruthy();
  });

  it('a failed load stops the spinner without a message (ERR-60)', async () => {
    api(() => respond(403, { type: 'x/forbidden', status: 403 }));
    renderApp('/my_account');
    const dues = await section();
    await waitFor(() => expect(dues.queryByLabelText('Loading dues')).toBeNull());
    expect(dues.queryByText(NO_DUES)).toBeNull();
    expect(dues.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says the payment was received when the checkout sends the member back', async () => {
    api(() => respond(200, { data: { organization_dues: [item(1, 0)] } }));
    const { router } = renderApp('/my_account?payment=paid');
    expect(await (await section()).findByText(PAYMENT_RECEIVED)).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
