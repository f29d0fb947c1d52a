import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALERT_TITLE,
  CHOICE_NOT_AVAILABLE,
  CODE_INVALID,
  CODE_NO_LONGER_WORKS,
  FLOW_RESTARTED,
  NO_ORGANIZATIONS,
  SERVER_ERROR_TITLE,
  tooManyAttempts,
} from '../../../common/messages.ts';
import { queryClient } from '../../http/client.ts';
import { clearRequestedPath } from '../../http/requested-path.ts';
import { getSessionState, resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs, getOkDialogQueue } from '../../components/ok-dialog-store.ts';
import { loadPasswordStrength } from '../../components/password-strength-loader.ts';
import { fakeApi, membershipGroupsAnswer, respond, testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

/**
 * The wizards' steps and their error handling against a stubbed API (REG-01..13, ERR-43..54).
 * The real server walk is e2e/identity.spec.ts.
 */

const fetchMock = vi.fn<typeof fetch>();

const ORGANIZATIONS = {
  data: {
    organizations: [
      {
        id: 1,
        name: 'Grand Lodge of Ohio F&AM',
        member_status_criteria: { member_number: { minimum_length: null, maximum_length: null } },
      },
      {
        id: 2,
        name: 'Order of the Eastern Star',
        member_status_criteria: { member_number: { minimum_length: 4, maximum_length: 8 } },
      },
    ],
  },
};
const OPTIONS = [
  { label: 'E-mail h*****@e******.com', key: 'email-1' },
  { label: 'Text message to (***) ***-**71', key: 'phone-1' },
];

function problem(status: number, name: string, extra: Record<string, unknown> = {}): Response {
  return new Response(
    JSON.stringify({ type: `https://lodgehall.org/problems/${name}`, status, ...extra }),
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );
}

type Routes = Parameters<typeof fakeApi>[0];

function api(kind: 'users' | 'password_reset_request', overrides: Routes = {}): Routes {
  return {
    'GET /organizations.json': respond(200, ORGANIZATIONS),
    [`POST /${kind}/step_one`]: respond(200, { data: { authentication_options: OPTIONS } }),
    [`POST /${kind}/step_two`]: respond(200, {
      data: { selected_authentication_option_anonymized: 'h*****@e******.com' },
    }),
    [`POST /${kind}/step_three`]: respond(200, { data: {} }),
    [`POST /${kind}/step_four`]: respond(200, {
      data: { user: testUser({ username: 'hbaxter' }), app_public_key: 'SERVER' },
    }),
    'GET /club_membership_groups.json': respond(200, membershipGroupsAnswer()),
    ...overrides,
  };
}

function sentBodies(path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

function step(): string {
  return screen.getByTestId('flow-step').textContent ?? '';
}

async function open(path: '/register' | '/forgot_password') {
  const app = renderApp(path);
  await screen.findByRole('combobox', { name: 'Organization' });
  return app;
}

/** The birth date's mask listens to the native input event, as typing makes. */
function typeBirthDate(digits: string) {
  fireEvent.input(screen.getByLabelText(/Birth Date/), { target: { value: digits } });
}

function next(name = 'Next') {
  fireEvent.click(screen.getByRole('button', { name }));
}

async function passStepOne() {
  fireEvent.change(screen.getByRole('combobox', { name: 'Organization' }), {
    target: { value: '1' },
  });
  fireEvent.change(screen.getByLabelText(/Member Number/), { target: { value: ' 104590 ' } });
  typeBirthDate('07041949');
  next();
  await waitFor(() => expect(step()).toBe('Step 2 of 4'));
}

async function passStepTwo() {
  fireEvent.click(screen.getByRole('radio', { name: OPTIONS[0]?.label }));
  next();
  await waitFor(() => expect(step()).toBe('Step 3 of 4'));
}

async function passStepThree() {
  fireEvent.change(screen.getByLabelText(/Six-digit code/), { target: { value: '123456' } });
  next();
  await waitFor(() => expect(step()).toBe('Step 4 of 4'));
}

// Step four fetches the rule when a password is typed (issue 8 §3); its dictionaries' first
// import takes the test runner seconds, so it happens once here rather than inside a test's wait.
beforeAll(async () => {
  await loadPasswordStrength();
}, 60_000);

beforeEach(() => {
  clearOkDialogs();
  clearRequestedPath();
  queryClient.clear();
  resetSessionForTests({ status: 'signedOut' });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('registration end to end (REG-01, REG-05..07, REG-09..11, API-REG-05..08)', () => {
  it('walks the four steps, unsigned, and signs in on /news', async () => {
    fetchMock.mockImplementation(fakeApi(api('users')));
    const { router } = await open('/register');
    await passStepOne();
    expect(sentBodies('/users/step_one')).toEqual([
      { new_user: { organization_id: 1, member_number: '104590', birth_date: '07/04/1949' } },
    ]);
    // REG-05: the options of step one are the choices.
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    await passStepTwo();
    expect(sentBodies('/users/step_two')).toEqual([{ contact_option_choice: { id: 'email-1' } }]);
    expect(screen.getByText('We sent a six-digit code to h*****@e******.com.')).toBeTruthy();
    await passStepThree();
    expect(sentBodies('/users/step_three')).toEqual([{ authentication_code: { code: '123456' } }]);

    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: ' hbaxter ' } });
    fireEvent.change(screen.getByLabelText(/^Password/), {
      target: { value: 'purple tractor sings at dawn' },
    });
    // The meter scores what was typed (VAL-18).
    await waitFor(() =>
      expect(screen.getByTestId('password-strength').getAttribute('data-score')).not.toBeNull(),
    );
    fireEvent.change(screen.getByLabelText(/Confirm Password/), {
      target: { value: 'purple tractor sings at dawn' },
    });
    next('Create My Account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/news'));
    const [four] = sentBodies('/users/step_four') as {
      public_key: string;
      user: Record<string, string>;
      authentication_code: { code: string };
    }[];
    expect(four?.authentication_code).toEqual({ code: '123456' });
    // AMB-19: the confirmation is checked here and not sent.
    expect(four?.user).toEqual({ username: 'hbaxter', password: 'purple tractor sings at dawn' });
    expect(four?.public_key.length).toBeGreaterThan(40);
    expect(getSessionState()).toMatchObject({ status: 'signedIn', appPublicKey: 'SERVER' });
    // AMB-51: none of the flow's calls were signed.
    for (const [url, init] of fetchMock.mock.calls) {
      if (String(url).includes('/users/')) expect(init?.headers).not.toHaveProperty('X-SIGNATURE');
    }
  });

  it('sends nothing until step one is complete (VAL-12..VAL-14)', async () => {
    fetchMock.mockImplementation(fakeApi(api('users')));
    await open('/register');
    next();
    await screen.findByText('Choose your organization.');
    fireEvent.change(screen.getByRole('combobox', { name: 'Organization' }), {
      target: { value: '1' },
    });
    fireEvent.change(screen.getByLabelText(/Member Number/), { target: { value: '1' } });
    typeBirthDate('010219');
    next();
    await screen.findByText('Enter the whole date as MM/DD/YYYY.');
    expect(sentBodies('/users/step_one')).toEqual([]);
  });

  it('needs a contact method and six digits (VAL-15, VAL-16)', async () => {
    fetchMock.mockImplementation(fakeApi(api('users')));
    await open('/register');
    await passStepOne();
    next();
    await screen.findByText('Choose where to send your code.');
    expect(sentBodies('/users/step_two')).toEqual([]);
    await passStepTwo();
    fireEvent.change(screen.getByLabelText(/Six-digit code/), { target: { value: '12345' } });
    next();
    await screen.findByText('Enter all six digits of the code.');
    expect(sentBodies('/users/step_three')).toEqual([]);
  });

  it('Cancel goes to / on any step (REG-12)', async () => {
    fetchMock.mockImplementation(fakeApi(api('users')));
    const { router } = await open('/register');
    await passStepOne();
    await passStepTwo();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/signIn'));
  });
});

describe('the birth date as a member in their seventies types it (issue 8 §5, VAL-14)', () => {
  it.each([
    ['/register', 'users', 'new_user'],
    ['/forgot_password', 'password_reset_request', 'password_reset_request'],
  ] as const)('%s takes 7/4/1949 and sends 07/04/1949', async (path, kind, wrapper) => {
    fetchMock.mockImplementation(fakeApi(api(kind)));
    await open(path);
    fireEvent.change(screen.getByRole('combobox', { name: 'Organization' }), {
      target: { value: '1' },
    });
    fireEvent.change(screen.getByLabelText(/Member Number/), { target: { value: '104590' } });
    const birthDate = screen.getByLabelText(/Birth Date/);
    // Each key at the end of the date is the field's own (the mask never inserts it itself).
    for (const key of '7/4/1949') fireEvent.keyDown(birthDate, { key });
    expect(birthDate).toHaveProperty('value', '07/04/1949');
    next();
    await waitFor(() => expect(step()).toBe('Step 2 of 4'));
    expect(sentBodies(`/${kind}/step_one`)).toEqual([
      { [wrapper]: { organization_id: 1, member_number: '104590', birth_date: '07/04/1949' } },
    ]);
  });
});

describe('reset end to end (REG-08, API-REG-01..04)', () => {
  it('sends the reset shapes, with the trimmed password and its confirmation', async () => {
    fetchMock.mockImplementation(fakeApi(api('password_reset_request')));
    const { router } = await open('/forgot_password');
    await passStepOne();
    expect(sentBodies('/password_reset_request/step_one')).toEqual([
      {
        password_reset_request: {
          organization_id: 1,
          member_number: '104590',
          birth_date: '07/04/1949',
        },
      },
    ]);
    await passStepTwo();
    expect(sentBodies('/password_reset_request/step_two')).toEqual([
      { password_reset_request: { contact_option_key: 'email-1' } },
    ]);
    await passStepThree();
    expect(sentBodies('/password_reset_request/step_three')).toEqual([
      { password_reset_request: { auth_token_attempt: '123456' } },
    ]);
    fireEvent.change(screen.getByLabelText(/^New Password/), {
      target: { value: ' purple tractor sings at dawn ' },
    });
    fireEvent.change(screen.getByLabelText(/Confirm New Password/), {
      target: { value: 'purple tractor sings at dawn' },
    });
    next('Save New Password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/news'));
    const [four] = sentBodies('/password_reset_request/step_four') as {
      public_key: string;
      password_reset_request: Record<string, string>;
    }[];
    expect(four?.password_reset_request).toEqual({
      auth_token_attempt: '123456',
      password: 'purple tractor sings at dawn',
      password_confirmation: 'purple tractor sings at dawn',
    });
    expect(typeof four?.public_key).toBe('string');
  });
});

describe('errors (ERR-44..ERR-54)', () => {
  it('lists verification-service errors in a banner (ERR-44)', async () => {
    fetchMock.mockImplementation(
      fakeApi(
        api('users', {
          'POST /users/step_one': () =>
            problem(422, 'new-user-invalid-verification-service', {
              errors: { base: ['The roster service is down.', 'Try again later.'] },
            }),
        }),
      ),
    );
    await open('/register');
    fireEvent.change(screen.getByRole('combobox', { name: 'Organization' }), {
      target: { value: '1' },
    });
    fireEvent.change(screen.getByLabelText(/Member Number/), { target: { value: '1' } });
    typeBirthDate('07041949');
    next();
    const banner = await screen.findByTestId('base-errors');
    expect(within(banner).getByText('The roster service is down.')).toBeTruthy();
    expect(within(banner).getByText('Try again later.')).toBeTruthy();
    expect(step()).toBe('Step 1 of 4');
  });

  it('shows field and base errors and stays on step one (ERR-45)', async () => {
    fetchMock.mockImplementation(
      fakeApi(
        api('password_reset_request', {
          'POST /password_reset_request/step_one': () =>
            problem(422, 'password-reset-request-user-parameters-invalid', {
              errors: { member_number: ['is not on the roster'], base: ['Check your details.'] },
            }),
        }),
      ),
    );
    await open('/forgot_password');
    fireEvent.change(screen.getByRole('combobox', { name: 'Organization' }), {
      target: { value: '1' },
    });
    fireEvent.change(screen.getByLabelText(/Member Number/), { target: { value: '9' } });
    typeBirthDate('07041949');
    next();
    expect(await screen.findByText('is not on the roster')).toBeTruthy();
    expect(screen.getByTestId('base-errors').textContent).toBe('Check your details.');
    expect(step()).toBe('Step 1 of 4');
    expect((screen.getByLabelText(/Member Number/) as HTMLInputElement).disabled).toBe(false);
  });

  it('shows the not-reachable title and a tap-to-call link (ERR-46, ERR-47, CONST-35)', async () => {
    fetchMock.mockImplementation(
      fakeApi(
        api('users', {
          'POST /users/step_one': () =>
            problem(422, 'new-user-not-reachable', {
              title: 'We have no e-mail or mobile number for you.',
              club_contact: { name: 'Bob', phone: '5551234567' },
            }),
        }),
      ),
    );
    await open('/register');
    fireEvent.change(screen.getByRole('combobox', { name: 'Organization' }), {
      target: { value: '1' },
    });
    fireEvent.change(screen.getByLabelText(/Member Number/), { target: { value: '1' } });
    typeBirthDate('07041949');
    next();
    const alert = await screen.findByTestId('not-reachable');
    expect(within(alert).getByText('We have no e-mail or mobile number for you.')).toBeTruthy();
    const link = within(alert).getByRole('link', { name: '(555) 123-4567' });
    expect(link.getAttribute('href')).toBe('tel:5551234567');
    expect(link.parentElement?.textContent).toBe(
      'Contact Bob at (555) 123-4567 to update your information.',
    );
  });

  it('has the no-phone variant without a link (ERR-48, AMB-22)', async () => {
    fetchMock.mockImplementation(
      fakeApi(
        api('users', {
          'POST /users/step_one': () =>
            problem(422, 'new-user-not-reachable', {
              title: 'Not reachable',
              club_contact: { name: 'Bob', phone: null },
            }),
        }),
      ),
    );
    await open('/register');
    fireEvent.change(screen.getByRole('combobox', { name: 'Organization' }), {
      target: { value: '1' },
    });
    fireEvent.change(screen.getByLabelText(/Member Number/), { target: { value: '1' } });
    typeBirthDate('07041949');
    next();
    const alert = await screen.findByTestId('not-reachable');
    expect(within(alert).getByText('Contact Bob to update your information.')).toBeTruthy();
    expect(within(alert).queryByRole('link')).toBeNull();
  });

  it('refreshes the options and preselects the first (ERR-50, VAL-17)', async () => {
    const fresh = [
      { label: 'Text message to (***) ***-**99', key: 'phone-2' },
      { label: 'E-mail z***@e***.org', key: 'email-2' },
    ];
    fetchMock.mockImplementation(
      fakeApi(
        api('users', {
          'POST /users/step_two': () =>
            problem(422, 'contact-option-choice-not-available', {
              errors: { id: [CHOICE_NOT_AVAILABLE] },
              authentication_options: fresh,
            }),
        }),
      ),
    );
    await open('/register');
    await passStepOne();
    fireEvent.click(screen.getByRole('radio', { name: OPTIONS[1]?.label }));
    next();
    expect(await screen.findByText(CHOICE_NOT_AVAILABLE)).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.textContent)).toEqual(fresh.map((option) => option.label));
    expect(radios[0]?.getAttribute('aria-checked')).toBe('true');
    expect(step()).toBe('Step 2 of 4');
  });

  it('shows code errors under the code and stays on step three (ERR-51)', async () => {
    fetchMock.mockImplementation(
      fakeApi(
        api('users', {
          'POST /users/step_three': () =>
            problem(422, 'authentication-code-invalid', { errors: { code: [CODE_INVALID] } }),
        }),
      ),
    );
    await open('/register');
    await passStepOne();
    await passStepTwo();
    fireEvent.change(screen.getByLabelText(/Six-digit code/), { target: { value: '999999' } });
    next();
    expect(await screen.findByText(CODE_INVALID)).toBeTruthy();
    expect(step()).toBe('Step 3 of 4');
    expect(screen.getByLabelText(/Six-digit code/).getAttribute('aria-invalid')).toBe('true');
  });

  it('resets the flow and goes to / on a code error at step four (ERR-52)', async () => {
    fetchMock.mockImplementation(
      fakeApi(
        api('password_reset_request', {
          'POST /password_reset_request/step_four': () =>
            problem(422, 'authentication-code-invalid', {
              errors: { auth_token_attempt: [CODE_INVALID] },
            }),
        }),
      ),
    );
    const { router } = await open('/forgot_password');
    await passStepOne();
    await passStepTwo();
    await passStepThree();
    fireEvent.change(screen.getByLabelText(/^New Password/), {
      target: { value: 'purple tractor sings at dawn' },
    });
    fireEvent.change(screen.getByLabelText(/Confirm New Password/), {
      target: { value: 'purple tractor sings at dawn' },
    });
    next('Save New Password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/signIn'));
    expect(getOkDialogQueue()).toEqual([
      expect.objectContaining({ title: ALERT_TITLE, content: CODE_NO_LONGER_WORKS }),
    ]);
    expect(getSessionState().status).toBe('signedOut');
  });

  it('shows username and password errors under their fields (ERR-53)', async () => {
    fetchMock.mockImplementation(
      fakeApi(
        api('users', {
          'POST /users/step_four': () =>
            problem(422, 'user-params-invalid', {
              errors: { username: ['has already been taken'] },
            }),
        }),
      ),
    );
    await open('/register');
    await passStepOne();
    await passStepTwo();
    await passStepThree();
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'member' } });
    fireEvent.change(screen.getByLabelText(/^Password/), {
      target: { value: 'purple tractor sings at dawn' },
    });
    fireEvent.change(screen.getByLabelText(/Confirm Password/), {
      target: { value: 'purple tractor sings at dawn' },
    });
    next('Create My Account');
    expect(await screen.findByText('has already been taken')).toBeTruthy();
    expect(step()).toBe('Step 4 of 4');
  });

  it('goes back to step one after a server failure at step three (ERR-54, ERR-02)', async () => {
    fetchMock.mockImplementation(
      fakeApi(api('users', { 'POST /users/step_three': () => respond(500, {}) })),
    );
    await open('/register');
    await passStepOne();
    await passStepTwo();
    fireEvent.change(screen.getByLabelText(/Six-digit code/), { target: { value: '123456' } });
    next();
    await waitFor(() => expect(step()).toBe('Step 1 of 4'));
    expect(screen.getByText(FLOW_RESTARTED)).toBeTruthy();
    expect(getOkDialogQueue()).toEqual([expect.objectContaining({ title: SERVER_ERROR_TITLE })]);
    // What the member typed at step one is kept.
    expect((screen.getByLabelText(/Member Number/) as HTMLInputElement).value).toBe('104590');
  });

  it('says how long to wait after a 429 and stays', async () => {
    fetchMock.mockImplementation(
      fakeApi(
        api('users', {
          'POST /users/step_one': () =>
            new Response(JSON.stringify({ type: 'x/too-many-requests', status: 429 }), {
              status: 429,
              headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '300' },
            }),
        }),
      ),
    );
    await open('/register');
    fireEvent.change(screen.getByRole('combobox', { name: 'Organization' }), {
      target: { value: '1' },
    });
    fireEvent.change(screen.getByLabelText(/Member Number/), { target: { value: '1' } });
    typeBirthDate('07041949');
    next();
    expect(await screen.findByText(tooManyAttempts(300))).toBeTruthy();
    expect(
      screen.getByText('Too many attempts. Please wait 5 minutes and try again.'),
    ).toBeTruthy();
  });
});

describe('no organisations (REG-04)', () => {
  it.each([
    ['an empty list', () => respond(200, { data: { organizations: [] } })],
    ['a failed list', () => respond(500, {})],
  ])('%s shows the modal, and OK leads to sign-in', async (_name, answer) => {
    fetchMock.mockImplementation(fakeApi({ 'GET /organizations.json': answer }));
    const { router } = renderApp('/register');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(NO_ORGANIZATIONS)).toBeTruthy();
    // Only this modal: no Server Error dialog on top of it.
    expect(getOkDialogQueue()).toHaveLength(1);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/signIn'));
  });
});

describe('an invitation’s link chooses the organisation (issue 23, D69)', () => {
  it('opens /register?organization_id=2 with that organisation chosen, and one not listed with none', async () => {
    fetchMock.mockImplementation(fakeApi(api('users')));
    const { unmount } = renderApp('/register?organization_id=2');
    const chosen = (await screen.findByRole('combobox', {
      name: 'Organization',
    })) as HTMLSelectElement;
    await waitFor(() => expect(chosen.value).toBe('2'));
    unmount();
    renderApp('/register?organization_id=99');
    const none = (await screen.findByRole('combobox', {
      name: 'Organization',
    })) as HTMLSelectElement;
    expect(none.value).toBe('');
  });
});
