import { expect, test, type Page } from '@playwright/test';
import {
  ADD_CONTACT_INFORMATION,
  EDIT_CONTACT_INFORMATION,
  INVALID_ZIPCODE,
  OK,
  REMOVE_CONTACT_CONFIRM,
} from '../common/messages.ts';
import type { ContactInfoAnswer, ContactMetadataInput } from '../common/schemas/contact-info.ts';
import { ADMIN } from '../server/db/seed/personas.ts';
import {
  API,
  apiSignIn,
  heading,
  seriousAxeViolations,
  sidewaysOverflow,
  openAs,
  type ApiClient,
} from './support.ts';

/**
 * Contact Information on /my_account and the contact edit page on the seeded server (issue 13
 * "Browser"; ACCT-18..29, VAL-37, AMB-46). Only this file changes contacts, and only A's (no
 * other spec reads A's addresses, e-mails or phones); its tests run one after another and put
 * A's set back as it was.
 */

test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

let admin: ApiClient;
let original: ContactMetadataInput;

async function contactsOf(client: ApiClient): Promise<ContactInfoAnswer['data']> {
  return (await client.call<ContactInfoAnswer>('GET', '/contacts.json')).data;
}

function setOf(info: ContactInfoAnswer['data']): ContactMetadataInput {
  const party = info.parties[0]?.party;
  if (!party) throw new Error('no party');
  return { addresses: party.addresses, emails: party.emails, phones: party.phones };
}

test.beforeAll(async ({ baseURL }) => {
  admin = await apiSignIn(baseURL ?? '', ADMIN.username);
  original = setOf(await contactsOf(admin));
});

test.afterAll(async () => {
  await admin.call('PUT', '/contacts.json', { contact_metadata: original });
});

function section(page: Page) {
  return page.getByTestId('contact-section');
}

async function openMyAccount(page: Page) {
  await openAs(page, ADMIN.username, '/app/my_account');
  await expect(section(page).getByTestId('contact-addresss')).toBeVisible();
}

function putCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith(`${API}/contacts.json`)) {
      calls.push(request.postData() ?? '');
    }
  });
  return calls;
}

test('edit an address: a bad zip is refused on the page, a good one is saved (ACCT-25, VAL-37, VAL-43, ROUTE-26)', async ({
  page,
}) => {
  const sent = putCalls(page);
  await openMyAccount(page);
  const addresses = section(page).getByTestId('contact-addresss');
  await addresses.getByTestId('contact-address').first().getByTestId('contact-edit').click();
  await expect(page).toHaveURL(/\/app\/my_account\/contacts\/edit$/);
  await expect(heading(page, EDIT_CONTACT_INFORMATION)).toBeVisible();
  const zip = page.getByTestId('contact-zip');
  await page.getByTestId('contact-address-1').fill('400 Lodge Hall Rd');
  await zip.fill('1234');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(INVALID_ZIPCODE)).toBeVisible();
  await expect(zip).toBeFocused();
  expect(sent).toEqual([]);

  await zip.fill('43215-1234');
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' && response.url().endsWith('/contacts.json'),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page).toHaveURL(/\/app\/my_account$/);
  await expect(addresses.getByText('400 Lodge Hall Rd')).toBeVisible();
  await expect(addresses.getByText(/43215-1234/)).toBeVisible();
  const stored = setOf(await contactsOf(admin)).addresses[0];
  expect(stored).toMatchObject({ address_1: '400 Lodge Hall Rd', zip: '43215-1234' });
});

test('add a phone up to the limits, then remove it (ACCT-20, ACCT-21, ACCT-23, AMB-17, AMB-46)', async ({
  page,
}) => {
  // A known start: one of each phone type but a second cell phone (CellPhone's limit is 2).
  await admin.call('PUT', '/contacts.json', {
    contact_metadata: {
      ...original,
      phones: [
        { type: 'CellPhone', number: '2165550119', extension: null },
        { type: 'HomePhone', number: '2165550120', extension: null },
        { type: 'OfficePhone', number: '2165550121', extension: '7' },
      ],
    },
  });
  await openMyAccount(page);
  const phones = section(page).getByTestId('contact-phones');
  // The home address is the only one of its type, whose min is 1: no remove (ACCT-20).
  const homeAddress = section(page).locator(
    '[data-testid="contact-address"][data-type="HomeAddress"]',
  );
  await expect(homeAddress.getByTestId('contact-edit')).toBeVisible();
  await expect(homeAddress.getByTestId('contact-remove')).toHaveCount(0);

  await phones.getByTestId('contact-phone-add').click();
  await expect(heading(page, ADD_CONTACT_INFORMATION)).toBeVisible();
  const type = page.getByTestId('contact-type');
  // Only the type below its limit is offered (AMB-46).
  await expect(type.locator('option')).toHaveText(['Choose a type', 'Cell Phone']);
  await type.selectOption('CellPhone');
  await page.getByTestId('contact-phone').fill('(216) 555-0177');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/app\/my_account$/);
  await expect(phones.getByText('(216) 555-0177')).toBeVisible();
  // Every phone type is at its limit: no add (ACCT-21).
  await expect(phones.getByTestId('contact-phone-add')).toHaveCount(0);

  const added = phones.getByTestId('contact-phone').filter({ hasText: '(216) 555-0177' });
  await added.getByTestId('contact-remove').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(REMOVE_CONTACT_CONFIRM)).toBeVisible();
  await dialog.getByRole('button', { name: OK }).click();
  await expect(phones.getByText('(216) 555-0177')).toHaveCount(0);
  await expect(phones.getByTestId('contact-phone-add')).toBeVisible();
  expect(setOf(await contactsOf(admin)).phones.map((phone) => phone.number)).toEqual([
    '2165550119',
    '2165550120',
    '2165550121',
  ]);
});

test('a direct load of the edit page lands on /my_account (ACCT-27)', async ({ page }) => {
  await openMyAccount(page);
  await page.goto('/app/my_account/contacts/edit');
  await expect(page).toHaveURL(/\/app\/my_account$/);
  await expect(section(page)).toBeVisible();
});

test('the section and the edit page have no serious axe finding at 390 and 1280 px', async ({
  page,
}) => {
  await openMyAccount(page);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expect(section(page).getByTestId('contact-phones')).toBeVisible();
    expect(
      await seriousAxeViolations(page, '[data-testid="contact-section"]'),
      `${size.width} px`,
    ).toEqual([]);
    if (size === PHONE) expect(await sidewaysOverflow(page)).toBe(0);
  }
  await section(page).getByTestId('contact-address').first().getByTestId('contact-edit').click();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expect(page.getByTestId('contact-zip')).toBeVisible();
    expect(await seriousAxeViolations(page), `${size.width} px`).toEqual([]);
    if (size === PHONE) expect(await sidewaysOverflow(page)).toBe(0);
  }
});
