import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CANT_BE_BLANK,
  CHECK_STATUS,
  MEMBER_NUMBER,
  NO_MATCHES,
  ORGANIZATION,
  ORGANIZATION_REQUIRED,
  SEARCHING_ERROR,
  SEARCHING_STATUS,
  TOO_MANY_STATUS_CHECKS,
} from '../../../common/messages.ts';
import type { MemberStatus } from '../../../common/schemas/member-status.ts';
import type { Organization } from '../../../common/schemas/organization.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { queryClient } from '../../http/client.ts';
import { fakeApi, respond, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { contrastRatio } from '../../../common/contrast.ts';
import { statusCardColours } from './status-colors.ts';
import { StatusCheckerPage } from './StatusCheckerPage.tsx';

const fetchMock = vi.fn<typeof fetch>();

const ORGS: Organization[] = [
  {
    id: 1,
    name: 'Grand Lodge of Ohio F&AM',
    member_status_criteria: { member_number: { minimum_length: 4, maximum_length: 6 } },
  },
  {
    id: 2,
    name: 'Order of Elks',
    member_status_criteria: { member_number: { minimum_length: null, maximum_length: null } },
  },
];

const BILL: MemberStatus = {
  number: '12345',
  title: 'Master Mason',
  name: 'Bill Harper',
  status: 'active',
  color: '#2b8a3e',
  organization_name: 'Grand Lodge of Ohio F&AM',
};

const orgsAnswer = () => respond(200, { data: { organizations: ORGS } });

function renderChecker() {
  const router = createMemoryRouter([{ path: '/status_checker', element: <StatusCheckerPage /> }], {
    initialEntries: ['/status_checker'],
  });
  renderWithProviders(<RouterProvider router={router} />);
}

function sentBodies(): unknown[] {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET').toUpperCase() === 'POST')
    .map(([, init]) => JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as unknown);
}

async function fill(organizationId: string, memberNumber: string) {
  const select = await screen.findByLabelText(ORGANIZATION);
  if (organizationId) fireEvent.change(select, { target: { value: organizationId } });
  fireEvent.change(screen.getByLabelText(MEMBER_NUMBER), { target: { value: memberNumber } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: CHECK_STATUS }));

beforeEach(() => {
  clearOkDialogs();
  queryClient.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  resetSessionForTests({ status: 'signedIn', user: testUser() });
});

afterEach(() => {
  act(() => clearOkDialogs());
  vi.unstubAllGlobals();
});

describe('the status checker form (ROUTE-28, STAT-01, AMB-07)', () => {
  it('shows Member Number and an Organization select of the recognised organisations', async () => {
    fetchMock.mockImplementation(fakeApi({ 'GET /organizations/recognized.json': orgsAnswer() }));
    renderChecker();
    const select = await screen.findByLabelText(ORGANIZATION);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose an organization', ...ORGS.map((o) => o.name)]);
    expect(screen.getByLabelText(MEMBER_NUMBER)).toBeTruthy();
  });

  it('takes digits only: letters typed or pasted are dropped (VAL-46)', async () => {
    fetchMock.mockImplementation(fakeApi({ 'GET /organizations/recognized.json': orgsAnswer() }));
    renderChecker();
    await fill('1', '12a-3b4');
    expect((screen.getByLabelText(MEMBER_NUMBER) as HTMLInputElement).value).toBe('1234');
  });

  it('needs both fields: nothing is sent without them (VAL-44)', async () => {
    fetchMock.mockImplementation(fakeApi({ 'GET /organizations/recognized.json': orgsAnswer() }));
    renderChecker();
    await screen.findByLabelText(ORGANIZATION);
    submit();
    expect(await screen.findByText(ORGANIZATION_REQUIRED)).toBeTruthy();
    expect(screen.getByText(CANT_BE_BLANK)).toBeTruthy();
    expect(sentBodies()).toEqual([]);
  });

  it('an org with min 4 / max 6 blocks 123 and 1234567 and sends 12345 (VAL-45)', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /organizations/recognized.json': orgsAnswer(),
        'POST /member_status_validations': respond(200, { data: { member_statuses: [BILL] } }),
      }),
    );
    renderChecker();
    await fill('1', '123');
    // The rule shows as soon as the organisation is chosen.
    expect(screen.getAllByText('Must be 4 to 6 digits.').length).toBe(1);
    submit();
    await waitFor(() => expect(screen.getAllByText('Must be 4 to 6 digits.').length).toBe(2));
    await fill('', '1234567');
    submit();
    await waitFor(() => expect(screen.getAllByText('Must be 4 to 6 digits.').length).toBe(2));
    expect(sentBodies()).toEqual([]);
    await fill('', '12345');
    submit();
    expect(await screen.findByTestId('status-results')).toBeTruthy();
    expect(sentBodies()).toEqual([
      { member_status_validation: { organization_id: 1, member_number: '12345' } },
    ]);
  });
});

describe('the answer (STAT-02..04, ERR-26, ERR-27)', () => {
  it('a card in the status colour with number, title, name, status and organisation (STAT-03)', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation((input, init) =>
      (init?.method ?? 'GET').toUpperCase() === 'POST'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : fakeApi({ 'GET /organizations/recognized.json': orgsAnswer() })(input, init),
    );
    renderChecker();
    await fill('2', '12345');
    submit();
    // The spinner while searching.
    expect(await screen.findByText(SEARCHING_STATUS)).toBeTruthy();
    answer(respond(200, { data: { member_statuses: [BILL] } }));
    const card = await screen.findByTestId('status-card');
    expect(screen.queryByText(SEARCHING_STATUS)).toBeNull();
    expect(within(card).getByText('Bill Harper')).toBeTruthy();
    expect(within(card).getByTestId('status-number').textContent).toBe('12345');
    expect(within(card).getByTestId('status-title').textContent).toBe('Master Mason');
    expect(within(card).getByTestId('status-status').textContent).toBe('Active');
    expect(within(card).getByTestId('status-organization').textContent).toBe(
      'Grand Lodge of Ohio F&AM',
    );
    expect(card.style.getPropertyValue('--status-background')).toBe('#2b8a3e');
    expect(card.style.getPropertyValue('--status-text')).toBe(
      statusCardColours('#2b8a3e')?.text ?? '',
    );
  });

  it('the card text is whichever of dark or white reads better on the colour', () => {
    // The demo's active green: black reads at 4.8:1, white only at 4.4:1.
    expect(statusCardColours('#2b8a3e')?.text).toBe('#000000');
    expect(statusCardColours('#e8590c')?.text).toBe('#000000');
    expect(statusCardColours('#343a40')?.text).toBe('#ffffff');
    for (const colour of ['#2b8a3e', '#e8590c', '#868e96', '#343a40', '#777777', '#1c7ed6']) {
      const text = statusCardColours(colour)?.text ?? '';
      expect(contrastRatio(colour, text)).toBeGreaterThanOrEqual(4.5);
    }
    expect(statusCardColours('rebeccapurple')).toBeNull();
  });

  it('no result says No Matches (STAT-04, ERR-27)', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /organizations/recognized.json': orgsAnswer(),
        'POST /member_status_validations': respond(200, { data: { member_statuses: [] } }),
      }),
    );
    renderChecker();
    await fill('2', '999');
    submit();
    expect(await screen.findByText(NO_MATCHES)).toBeTruthy();
    expect(screen.queryByTestId('status-card')).toBeNull();
  });

  it('a failure shows Searching Error on the base field (ERR-26)', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /organizations/recognized.json': orgsAnswer(),
        'POST /member_status_validations': respond(500, { type: 'x/server-error', status: 500 }),
      }),
    );
    renderChecker();
    await fill('2', '999');
    submit();
    expect(
      within(await screen.findByTestId('base-errors')).getByText(SEARCHING_ERROR),
    ).toBeTruthy();
    expect(screen.queryByText(SEARCHING_STATUS)).toBeNull();
  });

  it("the server's field errors show under their fields; its limit says so", async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /organizations/recognized.json': orgsAnswer(),
        'POST /member_status_validations': respond(422, {
          type: 'https://lodgehall.org/problems/unprocessable-entity-error',
          status: 422,
          errors: { member_number: ['Must be 5 to 7 digits.'] },
        }),
      }),
    );
    renderChecker();
    await fill('2', '999');
    submit();
    expect(await screen.findByText('Must be 5 to 7 digits.')).toBeTruthy();
    fetchMock.mockImplementation(
      fakeApi({
        'GET /organizations/recognized.json': orgsAnswer(),
        'POST /member_status_validations': respond(
          429,
          {
            type: 'https://lodgehall.org/problems/too-many-requests',
            status: 429,
            title: TOO_MANY_STATUS_CHECKS,
          },
          { 'retry-after': '60' },
        ),
      }),
    );
    submit();
    expect(await screen.findByText(TOO_MANY_STATUS_CHECKS)).toBeTruthy();
  });
});
