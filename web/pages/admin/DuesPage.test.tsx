import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CONFIRM_VOID,
  DUES_TITLE,
  PAYMENT_VOIDED,
  VOID_PAYMENT,
  VOID_REASON,
  voidedBecause,
  PAYMENT_SAVED,
  SAVE_PAYMENT,
  recordPaymentFor,
} from '../../../common/messages.ts';
import type { DuesReportAnswer, MemberDues } from '../../../common/schemas/console-dues.ts';
import { respond } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { consoleApi, HARMONY, signedInSecretaryWithFetch } from './console-fixtures.ts';

const fetchMock = signedInSecretaryWithFetch();
const year = new Date().getFullYear();

function report(owes: boolean): DuesReportAnswer {
  return {
    data: {
      club: { id: HARMONY.id, name: HARMONY.name },
      year,
      amount_cents: 12000,
      totals: {
        members: 1,
        paid: owes ? 0 : 1,
        owing: owes ? 1 : 0,
        owing_cents: owes ? 22000 : 0,
      },
      members: [
        {
          party_id: 21,
          display_name: 'Walter Ames',
          member_number: '412021',
          year_amount_cents: 12000,
          year_paid: !owes,
          arrears_years: [year - 1],
          arrears_cents: 10000,
          owes_cents: owes ? 22000 : 10000,
        },
      ],
      has_more: false,
    },
  };
}

function member(paid: boolean): MemberDues {
  return {
    party_id: 21,
    display_name: 'Walter Ames',
    club_dues: {
      club_id: HARMONY.id,
      club_name: HARMONY.name,
      organization_name: 'Grand Lodge of Ohio F&AM',
      dues_metadata: {
        dues: paid ? [] : [{ year, amount: 120, amount_cents: 12000 }],
        arrears: [{ year: year - 1, amount: 100, amount_cents: 10000 }],
      },
      total: paid ? 100 : 220,
      total_cents: paid ? 10000 : 22000,
      dues_payment_options_task_token_url: null,
    },
    payments: paid
      ? [
          {
            id: 7,
            method: 'cheque',
            status: 'paid',
            amount_cents: 12000,
            years: [year],
            paid_on: '2026-11-20',
            note: 'Cheque 1042',
            void_reason: null,
            may_void: true,
          },
        ]
      : [],
  };
}

describe('the dues screen (/admin/dues, issue 23)', () => {
  it('shows who owes, and records a cheque for the years chosen', async () => {
    let paid = false;
    fetchMock.mockImplementation(
      consoleApi({
        'GET /admin/dues.json': () => respond(200, report(!paid)),
        'GET /admin/dues/members/21.json': () => respond(200, { data: { member: member(paid) } }),
        'POST /admin/dues/payments.json': () => {
          paid = true;
          return respond(200, { data: { member: member(true) } });
        },
        'POST /admin/dues/payments/7/void.json': () => {
          paid = false;
          const voided = member(true);
          const [payment] = voided.payments;
          if (payment) {
            Object.assign(payment, {
              status: 'void',
              void_reason: 'Cheque returned',
              may_void: false,
            });
          }
          return respond(200, { data: { member: voided } });
        },
      }),
    );
    renderApp('/admin/dues');
    expect(await screen.findByRole('heading', { level: 1, name: DUES_TITLE })).toBeTruthy();
    const row = (await screen.findAllByTestId('dues-row'))[0];
    expect(row?.textContent).toContain('Walter Ames');
    expect(within(row as HTMLElement).getByTestId('dues-owes').textContent).toBe('$220.00');

    fireEvent.click(screen.getByRole('button', { name: recordPaymentFor('Walter Ames') }));
    const dialog = await screen.findByRole('dialog', { name: recordPaymentFor('Walter Ames') });
    fireEvent.click(await within(dialog).findByLabelText('Cheque'));
    fireEvent.click(within(dialog).getByTestId(`payment-year-${year - 1}`));
    fireEvent.change(within(dialog).getByTestId('payment-note'), {
      target: { value: 'Cheque 1042' },
    });
    expect(within(dialog).getByTestId('payment-total').textContent).toBe('Total: $120.00');
    fireEvent.click(within(dialog).getByRole('button', { name: SAVE_PAYMENT }));

    await waitFor(() =>
      expect(within(dialog).getByTestId('payment-saved').textContent).toBe(PAYMENT_SAVED),
    );
    const post = fetchMock.mock.calls.find(
      ([url, init]) => String(url).includes('/admin/dues/payments.json') && init?.method === 'POST',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      club_id: HARMONY.id,
      party_id: 21,
      method: 'cheque',
      years: [year],
      note: 'Cheque 1042',
    });
    expect(within(dialog).getByTestId('payment').textContent).toContain('Cheque 1042');
    // The report is read again: the year is paid.
    await waitFor(() => expect(screen.getAllByTestId('dues-owes')[0]?.textContent).toBe('$100.00'));
    // A mistake: voided with a reason, kept in the list as void.
    fireEvent.click(within(dialog).getByRole('button', { name: VOID_PAYMENT }));
    fireEvent.change(within(dialog).getByLabelText(VOID_REASON), {
      target: { value: 'Cheque returned' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: CONFIRM_VOID }));
    await waitFor(() => expect(within(dialog).getByText(PAYMENT_VOIDED)).toBeTruthy());
    const voidCall = fetchMock.mock.calls.find(([url]) =>
      String(url).includes('/admin/dues/payments/7/void.json'),
    );
    expect(JSON.parse(String(voidCall?.[1]?.body))).toEqual({ reason: 'Cheque returned' });
    expect(within(dialog).getByText(voidedBecause('Cheque returned'))).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('dues-owes')[0]?.textContent).toBe('$220.00'));
  });
});
