import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADD_CONTACT_INFORMATION,
  CANT_BE_BLANK,
  EDIT_CONTACT_INFORMATION,
  ERROR_UPDATING_CONTACT_INFORMATION,
  INVALID_DAY_FORMAT,
  INVALID_EMAIL,
  INVALID_ZIPCODE,
  NOT_A_NUMBER,
  REMOVE_CONTACT_CONFIRM,
} from '../../../common/messages.ts';
import type { ContactInfo, ContactMetadataInput } from '../../../common/schemas/contact-info.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { queryClient } from '../../http/client.ts';
import { fakeApi, membershipGroupsAnswer, respond, testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const fetchMock = vi.fn<typeof fetch>();

function info(overrides: Partial<ContactInfo['parties'][number]['party']> = {}): ContactInfo {
  return {
    parties: [
      {
        party: {
          id: 7,
          display_name: 'Bob Smith',
          addresses: [
            {
              type: 'HomeAddress',
              company: null,
              address_1: '12 Main St',
              address_2: null,
              city: 'Columbus',
              state: 'OH',
              state_id: 36,
              zip: '43215',
              country_id: 1,
              start_day: null,
              end_day: null,
              is_invalid: true,
              invalid_reason: 'Returned mail',
            },
          ],
          emails: [{ type: 'PersonalEmail', address: 'bob@example.com' }],
          phones: [
            { type: 'CellPhone', number: '6145550100', extension: null },
            { type: 'HomePhone', number: '6145550111', extension: null },
          ],
          ...overrides,
        },
      },
    ],
    countries: [
      {
        id: 1,
        name: 'United States',
        is_default: true,
        is_zip4: true,
        states: [
          { id: 35, name: 'New York', code: 'NY', is_default: false },
          { id: 36, name: 'Ohio', code: 'OH', is_default: true },
        ],
      },
      { id: 3, name: 'United Kingdom', is_default: false, is_zip4: false, states: [] },
    ],
    types: [
      {
        name: 'HomeAddress',
        kind: 'address',
        limit: 1,
        min: 1,
        allows_days: false,
        allows_extension: false,
      },
      {
        name: 'SeasonalAddress',
        kind: 'address',
        limit: 2,
        min: 0,
        allows_days: true,
        allows_extension: false,
      },
      {
        name: 'PersonalEmail',
        kind: 'email',
        limit: 1,
        min: 0,
        allows_days: false,
        allows_extension: false,
      },
      {
        name: 'CellPhone',
        kind: 'phone',
        limit: 1,
        min: 1,
        allows_days: false,
        allows_extension: false,
      },
      {
        name: 'HomePhone',
        kind: 'phone',
        limit: 2,
        min: 0,
        allows_days: false,
        allows_extension: false,
      },
      {
        name: 'OfficePhone',
        kind: 'phone',
        limit: 1,
        min: 0,
        allows_days: false,
        allows_extension: true,
      },
    ],
  };
}

let current: ContactInfo;
let putAnswer: () => Response;

beforeEach(() => {
  clearOkDialogs();
  queryClient.clear();
  resetSessionForTests({ status: 'signedIn', user: testUser() });
  current = info();
  putAnswer = () => respond(200, { data: current });
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    fakeApi({
      'GET /club_membership_groups.json': respond(200, membershipGroupsAnswer()),
      'GET /contacts.json': () => respond(200, { data: current }),
      'PUT /contacts.json': () => putAnswer(),
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function puts(): ContactMetadataInput[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith('/contacts.json') && init?.method === 'PUT')
    .map(
      ([, init]) =>
        (JSON.parse(String(init?.body)) as { contact_metadata: ContactMetadataInput })
          .contact_metadata,
    );
}

async function section() {
  const found = await screen.findByTestId('contact-addresss');
  return found.closest('section[aria-labelledby="contact-section"]') as HTMLElement;
}

function list(kind: 'address' | 'email' | 'phone'): HTMLElement {
  return screen.getByTestId(`contact-${kind}s`);
}

async function openEdit(kind: 'address' | 'email' | 'phone', index: number | null) {
  renderApp('/my_account');
  await section();
  if (index === null) fireEvent.click(within(list(kind)).getByTestId(`contact-${kind}-add`));
  else fireEvent.click(within(list(kind)).getAllByTestId('contact-edit')[index] as HTMLElement);
}

describe('Contact Information on /my_account (ACCT-18..23, AMB-46)', () => {
  it('lists Addresses, E-Mails and Phones with edit, and the invalid line (ACCT-18, ACCT-19, ACCT-22, CONST-35)', async () => {
    renderApp('/my_account');
    const box = await section();
    expect(within(box).getByRole('heading', { name: 'Addresses' })).toBeTruthy();
    expect(within(box).getByRole('heading', { name: 'E-Mails' })).toBeTruthy();
    expect(within(box).getByRole('heading', { name: 'Phones' })).toBeTruthy();
    expect(within(box).getByText('Currently Invalid: Returned mail')).toBeTruthy();
    expect(within(box).getByText('(614) 555-0100')).toBeTruthy();
    expect(within(box).getByText('Columbus, OH 43215')).toBeTruthy();
    expect(within(box).getByText('Home Address')).toBeTruthy();
    expect(within(box).getAllByTestId('contact-edit')).toHaveLength(4);
  });

  it('offers remove only while the type keeps more than its min (ACCT-20)', async () => {
    renderApp('/my_account');
    await section();
    // HomeAddress min 1 with 1, CellPhone min 1 with 1: no remove. HomePhone min 0: remove.
    expect(within(list('address')).queryByTestId('contact-remove')).toBeNull();
    const phones = within(list('phone')).getAllByTestId('contact-phone');
    expect(within(phones[0] as HTMLElement).queryByTestId('contact-remove')).toBeNull();
    expect(within(phones[1] as HTMLElement).getByTestId('contact-remove')).toBeTruthy();
    expect(within(list('email')).getByTestId('contact-remove')).toBeTruthy();
  });

  it('offers add while some type of the list is below its limit (ACCT-21, AMB-46)', async () => {
    current = info({ emails: [{ type: 'PersonalEmail', address: 'bob@example.com' }] });
    renderApp('/my_account');
    await section();
    // PersonalEmail is the only e-mail type and is at its limit of 1.
    expect(within(list('email')).queryByTestId('contact-email-add')).toBeNull();
    expect(within(list('phone')).getByTestId('contact-phone-add')).toBeTruthy();
    expect(within(list('address')).getByTestId('contact-address-add')).toBeTruthy();
  });

  it('asks before removing, then sends the whole set without the entry (ACCT-23, AMB-17)', async () => {
    renderApp('/my_account');
    await section();
    const phones = within(list('phone')).getAllByTestId('contact-phone');
    fireEvent.click(within(phones[1] as HTMLElement).getByTestId('contact-remove'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(REMOVE_CONTACT_CONFIRM)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts()).toHaveLength(0);

    fireEvent.click(within(phones[1] as HTMLElement).getByTestId('contact-remove'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    const sent = puts()[0];
    expect(sent?.phones).toEqual([{ type: 'CellPhone', number: '6145550100', extension: null }]);
    expect(sent?.addresses).toHaveLength(1);
    expect(sent?.emails).toHaveLength(1);
  });

  it("shows a 422 on removal in the 'Error' dialog, errors joined (ERR-57)", async () => {
    putAnswer = () =>
      respond(422, {
        type: 'x/unprocessable-entity-error',
        status: 422,
        errors: { base: ['First.', 'Second.'] },
      });
    renderApp('/my_account');
    await section();
    fireEvent.click(within(list('email')).getByTestId('contact-remove'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('First., Second.')).toBeTruthy();
  });
});

describe('the contact edit page (ACCT-24..28, VAL-29..43, ERR-41, ERR-59)', () => {
  it('redirects to /my_account without navigation state (ACCT-27)', async () => {
    const { router } = renderApp('/my_account/contacts/edit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my_account'));
  });

  it("is titled 'Edit Contact Information' for edit and 'Add Contact Information' for add (ACCT-24)", async () => {
    await openEdit('email', 0);
    expect(
      await screen.findByRole('heading', { level: 1, name: EDIT_CONTACT_INFORMATION }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: /Back to My Account/ }));
    await section();
    fireEvent.click(within(list('phone')).getByTestId('contact-phone-add'));
    expect(
      await screen.findByRole('heading', { level: 1, name: ADD_CONTACT_INFORMATION }),
    ).toBeTruthy();
  });

  it('offers only the types below their limit when adding (AMB-46)', async () => {
    await openEdit('phone', null);
    const select = (await screen.findByTestId('contact-type')) as HTMLSelectElement;
    const options = [...select.options].map((option) => option.value);
    // CellPhone is at its limit of 1.
    expect(options).toEqual(['', 'HomePhone', 'OfficePhone']);
  });

  it('shows the day fields only for a type with days, and checks mm/dd (ACCT-25, VAL-38, VAL-39)', async () => {
    await openEdit('address', null);
    const type = await screen.findByTestId('contact-type');
    expect(screen.queryByTestId('contact-start-day')).toBeNull();
    fireEvent.change(type, { target: { value: 'SeasonalAddress' } });
    fireEvent.change(screen.getByTestId('contact-address-1'), { target: { value: '1 Beach Rd' } });
    fireEvent.change(screen.getByTestId('contact-city'), { target: { value: 'Naples' } });
    fireEvent.change(screen.getByTestId('contact-zip'), { target: { value: '34102' } });
    fireEvent.change(await screen.findByTestId('contact-start-day'), {
      target: { value: '13/01' },
    });
    fireEvent.change(screen.getByTestId('contact-end-day'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(INVALID_DAY_FORMAT)).toBeTruthy();
    expect(screen.getByText(CANT_BE_BLANK)).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it('blocks blanks, a bad zip and a missing state, and sends nothing (VAL-29..33, VAL-36, VAL-37, VAL-43)', async () => {
    await openEdit('address', null);
    await screen.findByTestId('contact-type');
    fireEvent.change(screen.getByTestId('contact-state'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // type, address_1, city, zip and state.
    await waitFor(() => expect(screen.getAllByText(CANT_BE_BLANK)).toHaveLength(5));
    fireEvent.change(screen.getByTestId('contact-zip'), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(INVALID_ZIPCODE)).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it('lists the country’s states with the default preselected, clears the state on a country change, hides it without states (ACCT-28, VAL-42)', async () => {
    await openEdit('address', 0);
    const state = (await screen.findByTestId('contact-state')) as HTMLSelectElement;
    expect(state.value).toBe('36');
    expect([...state.options].map((option) => option.text)).toEqual(['', 'New York', 'Ohio']);
    fireEvent.change(state, { target: { value: '35' } });
    fireEvent.change(screen.getByTestId('contact-country'), { target: { value: '3' } });
    await waitFor(() => expect(screen.queryByTestId('contact-state')).toBeNull());
    fireEvent.change(screen.getByTestId('contact-country'), { target: { value: '1' } });
    expect(((await screen.findByTestId('contact-state')) as HTMLSelectElement).value).toBe('36');
  });

  it('checks the e-mail (VAL-34, VAL-40) and the phone (VAL-35, VAL-41, ACCT-26)', async () => {
    await openEdit('email', 0);
    const address = await screen.findByTestId('contact-email');
    fireEvent.change(address, { target: { value: 'bob@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(INVALID_EMAIL)).toBeTruthy();
    fireEvent.change(address, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CANT_BE_BLANK)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: /Back to My Account/ }));

    await section();
    fireEvent.click(within(list('phone')).getByTestId('contact-phone-add'));
    const type = await screen.findByTestId('contact-type');
    expect(screen.queryByTestId('contact-extension')).toBeNull();
    fireEvent.change(type, { target: { value: 'OfficePhone' } });
    fireEvent.change(await screen.findByTestId('contact-extension'), { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(NOT_A_NUMBER)).toBeTruthy();
    expect(screen.getByText(CANT_BE_BLANK)).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it('saves the whole set with the entry in place and goes back to /my_account (ACCT-23)', async () => {
    await openEdit('phone', null);
    fireEvent.change(await screen.findByTestId('contact-type'), {
      target: { value: 'OfficePhone' },
    });
    fireEvent.change(screen.getByTestId('contact-phone'), { target: { value: '(614) 555-0199' } });
    fireEvent.change(await screen.findByTestId('contact-extension'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.phones).toEqual([
      { type: 'CellPhone', number: '6145550100', extension: null },
      { type: 'HomePhone', number: '6145550111', extension: null },
      { type: 'OfficePhone', number: '(614) 555-0199', extension: '42' },
    ]);
    expect(puts()[0]?.addresses).toHaveLength(1);
    await section();
  });

  it("shows the server's errors in the 'Error' callout, and the fallback otherwise (ERR-59, ERR-41)", async () => {
    putAnswer = () =>
      respond(422, {
        type: 'x/unprocessable-entity-error',
        status: 422,
        errors: { 'emails.0.address': ['Taken.'], base: ['Too many.'] },
      });
    await openEdit('email', 0);
    await screen.findByTestId('contact-email');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const callout = await screen.findByTestId('contact-error');
    expect(within(callout).getByText('Error')).toBeTruthy();
    expect(within(callout).getByText('Taken., Too many.')).toBeTruthy();
    expect(screen.getByText('Taken.', { selector: '.mantine-InputWrapper-error' })).toBeTruthy();

    putAnswer = () => respond(409, { type: 'x/conflict', status: 409 });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await within(await screen.findByTestId('contact-error')).findByText(
        ERROR_UPDATING_CONTACT_INFORMATION,
      ),
    ).toBeTruthy();
  });
});
