/// <reference lib="dom" />
import { expect, test, type Page, type Request } from '@playwright/test';
import {
  ALERT_TITLE,
  CALENDAR_TITLE,
  MY_EVENTS,
  CANT_BE_BLANK,
  CHANGE_PASSWORD_LINK,
  CODE_SIX_DIGITS,
  NO_ORGANIZATIONS,
  PASSWORD_CHANGED,
  PASSWORD_MISMATCH,
  PASSWORD_TOO_WEAK,
  REGISTER_TITLE,
  RESET_TITLE,
  SIGN_OUT_LINK,
  BIRTH_DATE_INCOMPLETE,
} from '../common/messages.ts';
import { DEMO_ORGANIZATION_NAME, DEMO_PASSWORD, MEMBER } from '../server/db/seed/personas.ts';
import {
  accountLink,
  API,
  heading,
  readCodeFromOutbox,
  signInAs,
  submitSignIn,
  seriousAxeViolations,
} from './support.ts';
import { unregisteredMember } from './roster.ts';

/**
 * Who you are, as a member meets it against the real server: signing in to the remembered
 * path, staying signed in across a reload, signing out, a session that ends under the member,
 * registration and password reset end to end (the code read from the outbox), and changing
 * the password.
 */

function isSigned(request: Request): boolean {
  const headers = request.headers();
  return (
    /^\d{13}\.[0-9a-f]{32}$/.test(headers['x-salt'] ?? '') &&
    /^[A-Za-z0-9_-]{80,90}$/.test(headers['x-signature'] ?? '')
  );
}

function apiRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes(API)) seen.push(request);
  });
  return seen;
}

/**
 * The birth date as many people write it, with no leading zeros: `7/4/1949`. The field pads
 * it into the MM/DD/YYYY mask (issue 8 §5).
 */
function typedBirthDate(isoDate: string): string {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  return `${Number(month)}/${Number(day)}/${year}`;
}

async function proveMembership(page: Page, memberNumber: string, birthDate: string) {
  await page.getByLabel('Organization').selectOption({ label: DEMO_ORGANIZATION_NAME });
  await page.getByLabel('Member Number').fill(memberNumber);
  await page.getByLabel('Birth Date').pressSequentially(typedBirthDate(birthDate));
  await page.getByRole('button', { name: 'Next' }).click();
}

test.describe('signing in and out', () => {
  test('a member lands on the remembered path, every later call is signed, and sign-out ends it (ACC-07, SIGNIN-03, SIGNIN-04, SESS-06, API-GEN-05, API-GEN-06)', async ({
    page,
  }) => {
    const requests = apiRequests(page);
    await page.goto('/app/chats');
    await expect(page).toHaveURL(/\/app\/user\/signIn$/);
    await submitSignIn(page, MEMBER.username, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/app\/chats$/);
    await expect(accountLink(page)).toContainText(MEMBER.firstName);
    expect(
      await page.evaluate(() => window.sessionStorage.getItem('lodgehall.requestedPath')),
    ).toBeNull();

    // Sign-in itself is unsigned; what follows is signed (AMB-51).
    const signInCall = requests.find(
      (request) => request.method() === 'POST' && request.url().endsWith('/session.json'),
    );
    expect(signInCall && isSigned(signInCall)).toBe(false);
    await expect
      .poll(() => requests.filter((request) => request.url().includes('club_membership_groups')))
      .not.toHaveLength(0);
    const later = requests.filter((request) => request !== signInCall);
    expect(later.length).toBeGreaterThan(0);
    for (const request of later) expect(isSigned(request), request.url()).toBe(true);

    // NAV-03: the avatar and first name lead to My Account, where sign out is.
    await accountLink(page).click();
    await expect(page).toHaveURL(/\/app\/my_account$/);
    await expect(heading(page, 'My Account')).toBeVisible();
    const signOutCall = page.waitForRequest(
      (request) => request.method() === 'DELETE' && request.url().endsWith('/session.json'),
    );
    await page.getByRole('button', { name: SIGN_OUT_LINK }).click();
    expect(isSigned(await signOutCall)).toBe(true);
    await expect(page).toHaveURL(/\/app\/user\/signIn$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'About' })).toBeVisible();
    await expect(accountLink(page)).toHaveCount(0);

    // The keys are gone: a reload makes no session call and stays signed out.
    const before = requests.length;
    await page.reload();
    await expect(heading(page, 'Sign In')).toBeVisible();
    expect(requests.slice(before)).toHaveLength(0);

    // SIGNIN-04: straight from the sign-in page, the member lands on /calendar.
    await submitSignIn(page, MEMBER.username, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/app\/calendar$/);
    await expect(heading(page, CALENDAR_TITLE)).toBeVisible();
    await expect(page.getByRole('tab', { name: MY_EVENTS })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('a reload keeps the member signed in with a signed GET /session.json (AMB-03, SESS-01, AMB-52)', async ({
    page,
  }) => {
    await signInAs(page, MEMBER.username, DEMO_PASSWORD);
    await page.goto('/app/my_account');
    const restore = page.waitForRequest(
      (request) => request.method() === 'GET' && request.url().endsWith('/session.json'),
    );
    await page.reload();
    expect(isSigned(await restore)).toBe(true);
    await expect(heading(page, 'My Account')).toBeVisible();
    await expect(page.getByText(MEMBER.username, { exact: true })).toBeVisible();

    // ACC-06: the visitors' pages send a signed-in member on to /news.
    for (const path of ['/app/user/signIn', '/app/register', '/app/forgot_password']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/app\/news$/);
    }
  });

  test('a 401 after sign-in ends the session and forgets the remembered path (SESS-04, ERR-03)', async ({
    page,
  }) => {
    let refuse = true;
    await page.route(`**${API}/club_membership_groups.json`, (route) =>
      refuse
        ? route.fulfill({
            status: 401,
            contentType: 'application/problem+json',
            body: JSON.stringify({
              type: 'https://lodgehall.org/problems/unauthorized',
              status: 401,
            }),
          })
        : route.continue(),
    );
    await page.goto('/app/notices');
    await expect(heading(page, 'Sign In')).toBeVisible();
    const refused = page.waitForResponse((response) =>
      response.url().endsWith('/club_membership_groups.json'),
    );
    await submitSignIn(page, MEMBER.username, DEMO_PASSWORD);
    // Signed in, the shell asks for My Memberships, gets a 401 and the session ends.
    expect((await refused).status()).toBe(401);
    await expect(page).toHaveURL(/\/app\/user\/signIn$/);
    await expect(heading(page, 'Sign In')).toBeVisible();
    await expect(accountLink(page)).toHaveCount(0);
    expect(
      await page.evaluate(() => window.sessionStorage.getItem('lodgehall.requestedPath')),
    ).toBeNull();
    refuse = false;
    await submitSignIn(page, MEMBER.username, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/app\/calendar$/);
  });
});

test.describe('registration and reset wizards', () => {
  test('the organisation list comes from the server, and the steps check what is typed (REG-02, REG-03, VAL-12..VAL-14, REG-12)', async ({
    page,
  }) => {
    const organizations = page.waitForResponse((response) =>
      response.url().endsWith('/organizations.json'),
    );
    await page.goto('/app/register');
    await expect(heading(page, REGISTER_TITLE)).toBeVisible();
    const listed = (
      (await (await organizations).json()) as {
        data: { organizations: { name: string }[] };
      }
    ).data.organizations.map((organization) => organization.name);
    const options = await page.getByLabel('Organization').locator('option').allTextContents();
    expect(options.slice(1)).toEqual(listed);

    const steps: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/users/step_')) steps.push(request.url());
    });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(CANT_BE_BLANK)).toHaveCount(2);
    await page.getByLabel('Organization').selectOption({ label: DEMO_ORGANIZATION_NAME });
    await page.getByLabel('Member Number').fill('  104590 ');
    await page.getByLabel('Birth Date').pressSequentially('070419');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(BIRTH_DATE_INCOMPLETE)).toBeVisible();
    await expect(page.getByLabel('Birth Date')).toBeFocused();
    expect(steps).toEqual([]);

    // REG-12: Cancel goes to /, and a visitor so on to sign-in.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/app\/user\/signIn$/);
  });

  test('a wrong member number is refused under the fields and the flow stays on step 1 (ERR-45)', async ({
    page,
  }) => {
    await page.goto('/app/forgot_password');
    await expect(heading(page, RESET_TITLE)).toBeVisible();
    await proveMembership(page, '999999', MEMBER.birthDate);
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(page.getByTestId('flow-step')).toHaveText('Step 1 of 4');
    await expect(page.getByLabel('Member Number')).toBeEnabled();
  });

  test('no organisations, or a failed list, shows the modal and then sign-in (REG-04)', async ({
    page,
  }) => {
    for (const answer of [
      { status: 200, body: JSON.stringify({ data: { organizations: [] } }) },
      { status: 500, body: '{}' },
    ]) {
      await page.route(`**${API}/organizations.json`, (route) =>
        route.fulfill({ ...answer, contentType: 'application/json' }),
      );
      await page.goto('/app/register');
      const dialog = page.getByRole('dialog', { name: ALERT_TITLE });
      await expect(dialog).toContainText(NO_ORGANIZATIONS);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(page).toHaveURL(/\/app\/user\/signIn$/);
      await page.unroute(`**${API}/organizations.json`);
    }
  });
});

test.describe('a new member end to end', () => {
  // One story in one test, so no test leans on an account another test made: a roster member
  // without an account registers, changes the password, signs out, resets it and signs in.
  // A retry takes another member (e2e/roster.ts).
  const firstPassword = 'harold keeps bees behind the lodge';
  const secondPassword = 'blue kettles whistle at seven';
  const thirdPassword = 'the tyler guards a painted door';

  test('registers, changes the password and resets it (REG-01, REG-05..11, VAL-15..20, VAL-47, VAL-48, PWD-01, PWD-02, ERR-55, AMB-19)', async ({
    page,
  }, testInfo) => {
    test.slow();
    const registrant = unregisteredMember(testInfo);
    const username = `e2e${registrant.memberNumber}`;

    await test.step('registers in four steps and lands on /news signed in', async () => {
      const requests = apiRequests(page);
      await page.goto('/app/register');
      await proveMembership(page, registrant.memberNumber, registrant.birthDate);

      // Step 2: the options the server sent, anonymised; one must be chosen (VAL-15).
      await expect(page.getByTestId('flow-step')).toHaveText('Step 2 of 4');
      const choices = page.getByRole('radio');
      await expect(choices).toHaveCount(2);
      await expect(choices.first()).not.toContainText(registrant.email);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText('Choose where to send your code.')).toBeVisible();
      await page.getByRole('radio', { name: /mail/i }).click();
      await page.getByRole('button', { name: 'Next' }).click();

      // Step 3: six digits, read from the outbox as a developer would (VAL-16).
      await expect(page.getByTestId('flow-step')).toHaveText('Step 3 of 4');
      await page.getByLabel('Six-digit code').fill('12345');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText(CODE_SIX_DIGITS)).toBeVisible();
      await page.getByLabel('Six-digit code').fill(await readCodeFromOutbox(registrant.email));
      await page.getByRole('button', { name: 'Next' }).click();

      // Step 4: username, password with its meter, and a confirmation that is not sent.
      await expect(page.getByTestId('flow-step')).toHaveText('Step 4 of 4');
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill('password');
      await expect(page.getByTestId('password-strength')).toContainText(PASSWORD_TOO_WEAK);
      await page.getByLabel('Confirm Password').fill('something else');
      await page.getByRole('button', { name: 'Create My Account' }).click();
      await expect(page.getByText(PASSWORD_MISMATCH)).toBeVisible();
      await page.getByLabel('Password', { exact: true }).fill(firstPassword);
      await expect(page.getByTestId('password-strength')).toContainText(/Good|Great/);
      await page.getByLabel('Confirm Password').fill(firstPassword);
      const stepFour = page.waitForRequest((request) => request.url().endsWith('/users/step_four'));
      await page.getByRole('button', { name: 'Create My Account' }).click();
      const sent = (await stepFour).postDataJSON() as {
        public_key: string;
        user: Record<string, string>;
        authentication_code: { code: string };
      };
      expect(Object.keys(sent.user).sort()).toEqual(['password', 'username']);
      expect([44, 91]).toContain(Buffer.from(sent.public_key, 'base64').length);

      // REG-11: signed in, on /news.
      await expect(page).toHaveURL(/\/app\/news$/);
      await expect(accountLink(page)).toContainText(registrant.firstName);
      // Registration's own calls were unsigned (AMB-51).
      for (const request of requests.filter((r) => r.url().includes('/users/step_'))) {
        expect(isSigned(request)).toBe(false);
      }
    });

    await test.step('changes the password, with field errors from the server, and goes back', async () => {
      // Still signed in from registration (REG-11).
      await accountLink(page).click();
      await page.getByRole('link', { name: CHANGE_PASSWORD_LINK }).click();
      await expect(page).toHaveURL(/\/app\/password_change_request$/);
      await expect(heading(page, 'Change Password')).toBeVisible();

      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByText(CANT_BE_BLANK).first()).toBeVisible();

      // A wrong current password: the server's message under that field.
      await page.getByLabel('Current Password').fill('not my password at all');
      await page.getByLabel('New Password', { exact: true }).fill(secondPassword);
      await page.getByLabel('Confirm New Password').fill(secondPassword);
      const answer = page.waitForResponse((response) =>
        response.url().endsWith('/password_settings'),
      );
      await page.getByRole('button', { name: 'Change Password' }).click();
      expect((await answer).status()).toBe(422);
      await expect(page.getByLabel('Current Password')).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/app\/password_change_request$/);

      await page.getByLabel('Current Password').fill(firstPassword);
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page).toHaveURL(/\/app\/my_account$/);
      await expect(page.getByText(PASSWORD_CHANGED)).toBeVisible();

      // The new password works at sign-in.
      await page.getByRole('button', { name: SIGN_OUT_LINK }).click();
      await expect(page).toHaveURL(/\/app\/user\/signIn$/);
      await submitSignIn(page, username, secondPassword);
      await expect(page).toHaveURL(/\/app\/calendar$/);
    });

    await test.step('resets the forgotten password in four steps and is signed in', async () => {
      await accountLink(page).click();
      await page.getByRole('button', { name: SIGN_OUT_LINK }).click();
      await expect(page).toHaveURL(/\/app\/user\/signIn$/);
      await page.goto('/app/forgot_password');
      await expect(heading(page, RESET_TITLE)).toBeVisible();
      await proveMembership(page, registrant.memberNumber, registrant.birthDate);
      await expect(page.getByTestId('flow-step')).toHaveText('Step 2 of 4');
      await page.getByRole('radio', { name: /text message/i }).click();
      const stepTwo = page.waitForRequest((request) =>
        request.url().endsWith('/password_reset_request/step_two'),
      );
      await page.getByRole('button', { name: 'Next' }).click();
      const chosen = (await stepTwo).postDataJSON() as {
        password_reset_request: { contact_option_key: string };
      };
      expect(chosen.password_reset_request.contact_option_key).not.toBe('');
      await expect(page.getByTestId('flow-step')).toHaveText('Step 3 of 4');
      await page.getByLabel('Six-digit code').fill(await readCodeFromOutbox(registrant.cellPhone));
      await page.getByRole('button', { name: 'Next' }).click();

      await expect(page.getByTestId('flow-step')).toHaveText('Step 4 of 4');
      await page.getByLabel('New Password', { exact: true }).fill(thirdPassword);
      await page.getByLabel('Confirm New Password').fill(` ${thirdPassword} `);
      const stepFour = page.waitForRequest((request) =>
        request.url().endsWith('/password_reset_request/step_four'),
      );
      await page.getByRole('button', { name: 'Save New Password' }).click();
      const sent = (await stepFour).postDataJSON() as {
        public_key: string;
        password_reset_request: { password: string; password_confirmation: string };
      };
      // VAL-20: trimmed.
      expect(sent.password_reset_request.password_confirmation).toBe(thirdPassword);
      expect(sent.public_key.length).toBeGreaterThan(40);
      await expect(page).toHaveURL(/\/app\/news$/);
      await expect(accountLink(page)).toContainText(registrant.firstName);

      // The new password works; the old one no longer does.
      await accountLink(page).click();
      await page.getByRole('button', { name: SIGN_OUT_LINK }).click();
      await submitSignIn(page, username, secondPassword);
      await expect(page.getByText('Incorrect username and/or password')).toHaveCount(2);
      await submitSignIn(page, username, thirdPassword);
      await expect(page).toHaveURL(/\/app\/calendar$/);
    });
  });
});

test.describe('accessibility of the identity screens (docs/architecture.md §8)', () => {
  for (const path of ['/app/register', '/app/forgot_password']) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByLabel('Organization')).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
});
