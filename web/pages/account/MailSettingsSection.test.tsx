import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANNOUNCEMENT_MAIL_LABEL,
  ANNOUNCEMENT_MAIL_OFF,
  ANNOUNCEMENT_MAIL_ON,
  ERROR_LOADING_MAIL_SETTINGS,
  ERROR_SAVING_MAIL_SETTINGS,
  MAIL_SETTINGS_SAVED,
  NOTICE_MAIL_DAILY,
  NOTICE_MAIL_IMMEDIATELY,
  REMINDER_1_DAY,
  REMINDER_3_DAYS,
  SAVE_MAIL_SETTINGS,
  SAVING_MAIL_SETTINGS,
  TRY_AGAIN,
} from '../../../common/messages.ts';
import { DEFAULT_MAIL_SETTINGS, type MailSettings } from '../../../common/schemas/mail-settings.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { queryClient } from '../../http/client.ts';
import { fakeApi, membershipGroupsAnswer, respond, testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const fetchMock = vi.fn<typeof fetch>();
let stored: MailSettings;
let getAnswer: () => Response | Promise<Response>;
let putAnswer: (body: Partial<MailSettings>) => Response | Promise<Response>;

beforeEach(() => {
  clearOkDialogs();
  queryClient.clear();
  resetSessionForTests({ status: 'signedIn', user: testUser() });
  stored = { ...DEFAULT_MAIL_SETTINGS };
  getAnswer = () => respond(200, { data: { mail_settings: stored } });
  putAnswer = (body) => {
    stored = { ...stored, ...body };
    return respond(200, { data: { mail_settings: stored } });
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/mail_settings.json') && init?.method === 'PUT') {
      const sent = JSON.parse(String(init.body)) as { mail_settings: Partial<MailSettings> };
      return putAnswer(sent.mail_settings);
    }
    return fakeApi({
      'GET /club_membership_groups.json': respond(200, membershipGroupsAnswer()),
      'GET /mail_settings.json': () => getAnswer(),
    })(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function puts(): Partial<MailSettings>[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith('/mail_settings.json') && init?.method === 'PUT')
    .map(
      ([, init]) =>
        (JSON.parse(String(init?.body)) as { mail_settings: Partial<MailSettings> }).mail_settings,
    );
}

async function openSection() {
  renderApp('/my_account');
  const box = await screen.findByTestId('mail-settings-section');
  await within(box).findByRole('button', { name: SAVE_MAIL_SETTINGS });
  return within(box);
}

describe('E-mail and reminders on /my_account (issue 25, D81)', () => {
  it('shows the saved choices: the defaults for a member who never chose', async () => {
    const box = await openSection();
    expect(box.getByRole('heading', { name: 'E-mail and reminders' })).toBeTruthy();
    expect((box.getByRole('radio', { name: NOTICE_MAIL_DAILY }) as HTMLInputElement).checked).toBe(
      true,
    );
    const announcements = box.getByRole('radiogroup', { name: ANNOUNCEMENT_MAIL_LABEL });
    expect(
      (within(announcements).getByRole('radio', { name: ANNOUNCEMENT_MAIL_ON }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect((box.getByRole('radio', { name: REMINDER_1_DAY }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('saves every choice with one button, showing the spinner and then that it is saved', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    putAnswer = async (body) => {
      await held;
      stored = { ...stored, ...body };
      return respond(200, { data: { mail_settings: stored } });
    };
    const box = await openSection();
    fireEvent.click(box.getByRole('radio', { name: NOTICE_MAIL_IMMEDIATELY }));
    fireEvent.click(box.getByRole('radio', { name: ANNOUNCEMENT_MAIL_OFF }));
    fireEvent.click(box.getByRole('radio', { name: REMINDER_3_DAYS }));
    fireEvent.click(box.getByRole('button', { name: SAVE_MAIL_SETTINGS }));
    expect(await box.findByLabelText(SAVING_MAIL_SETTINGS)).toBeTruthy();
    release();
    expect(await box.findByText(MAIL_SETTINGS_SAVED)).toBeTruthy();
    expect(puts()).toEqual([
      { notice_mail: 'immediately', announcement_mail: false, event_reminder: '3_days' },
    ]);
    // A new choice after the save is not saved yet: the message goes.
    fireEvent.click(box.getByRole('radio', { name: REMINDER_1_DAY }));
    expect(box.queryByText(MAIL_SETTINGS_SAVED)).toBeNull();
  });

  it('says clearly when the save failed, and keeps the choices to try again', async () => {
    putAnswer = () => respond(500, { type: 'x/internal-server-error', status: 500 });
    const box = await openSection();
    fireEvent.click(box.getByRole('radio', { name: REMINDER_3_DAYS }));
    fireEvent.click(box.getByRole('button', { name: SAVE_MAIL_SETTINGS }));
    expect((await box.findByRole('alert')).textContent).toContain(ERROR_SAVING_MAIL_SETTINGS);
    expect((box.getByRole('radio', { name: REMINDER_3_DAYS }) as HTMLInputElement).checked).toBe(
      true,
    );
    putAnswer = (body) => {
      stored = { ...stored, ...body };
      return respond(200, { data: { mail_settings: stored } });
    };
    fireEvent.click(box.getByRole('button', { name: SAVE_MAIL_SETTINGS }));
    expect(await box.findByText(MAIL_SETTINGS_SAVED)).toBeTruthy();
    expect(box.queryByRole('alert')).toBeNull();
  });

  it('says when the choices cannot be loaded, with Try again', async () => {
    getAnswer = () => respond(500, { type: 'x/internal-server-error', status: 500 });
    renderApp('/my_account');
    const box = within(await screen.findByTestId('mail-settings-section'));
    expect(await box.findByText(ERROR_LOADING_MAIL_SETTINGS)).toBeTruthy();
    getAnswer = () => respond(200, { data: { mail_settings: stored } });
    fireEvent.click(box.getByRole('button', { name: TRY_AGAIN }));
    await waitFor(() => expect(box.getByRole('button', { name: SAVE_MAIL_SETTINGS })).toBeTruthy());
  });
});
