/// <reference lib="dom" />
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page, type Request } from '@playwright/test';
import { CHAT_POLL_MS } from '../common/constants.ts';
import {
  CONFIRM_HIDE_CHAT,
  CONFIRM_LEAVE_CHAT,
  HIDE,
  LEAVE,
  MESSAGE_LABEL,
  OK,
  SEND,
  chatMemberLeft,
  seenBy,
} from '../common/messages.ts';
import { CHAT_MESSAGES_PAGE, type CreateChatAnswer } from '../common/schemas/chat.ts';
import type { User } from '../common/schemas/session.ts';
import { MEMBER, MEMBER2 } from '../server/db/seed/personas.ts';
import {
  API,
  apiSignIn,
  seriousAxeViolations,
  sidewaysOverflow,
  openAs,
  type ApiClient,
} from './support.ts';

/**
 * The chat screen on the seeded server (issue 12 "Browser"; ROUTE-16, CHAT-11..29, CHAT-15..17,
 * AMB-26, D45): two members in two browser contexts. Every test works in a group chat of M and
 * M2 made for it, so no other file's data moves, and group sends record no recent contact
 * (M2's Members › Recent is e2e/parties.spec.ts's).
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = process.env.CHAT_SCREEN_SCREENSHOTS;
const PICNIC = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'picnic.png');

interface Group {
  id: number;
  m: ApiClient;
  m2: ApiClient;
  m2User: User;
}

/** A fresh group of M and M2, made over the API as M. */
async function freshGroup(baseURL: string): Promise<Group> {
  const m = await apiSignIn(baseURL, MEMBER.username);
  const m2 = await apiSignIn(baseURL, MEMBER2.username);
  const m2User = (await m2.call<{ data: { user: User } }>('GET', '/session.json')).data.user;
  const created = await m.call<CreateChatAnswer>('POST', '/chats.json', {
    chat: { type: 'GroupChat' },
  });
  const id = created.data.chat.id;
  await m.call('POST', '/party_chats.json', {
    party_chat: { chat_id: id, party_id: m2User.party_id },
  });
  return { id, m, m2, m2User };
}

async function memberPage(browser: Browser, username: string, at: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await openAs(page, username, at);
  await expect(page.getByTestId('chat-screen')).toBeVisible();
  return page;
}

function messages(page: Page) {
  return page.getByTestId('chat-messages');
}

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: MESSAGE_LABEL }).fill(text);
  await page.getByRole('button', { name: SEND }).click();
}

function isPoll(request: Request, chatId: number): boolean {
  return new URL(request.url()).pathname === `${API}/chats/${chatId}/last_activity_chat_message_id`;
}

test.describe('the chat screen (ROUTE-16, CHAT-11..23)', () => {
  test("a message sent by one member appears on the other's open screen without a reload, then Seen by 1 (CHAT-16, D43, D45)", async ({
    browser,
    baseURL,
  }) => {
    const group = await freshGroup(baseURL ?? '');
    const at = `/app/chats/${group.id}`;
    const m = await memberPage(browser, MEMBER.username, at);
    const m2 = await memberPage(browser, MEMBER2.username, at);

    await send(m, 'Is the hall open on Tuesday?');
    // CHAT-22: the text clears once it is stored.
    await expect(m.getByRole('textbox', { name: MESSAGE_LABEL })).toHaveValue('');
    await expect(messages(m2)).toContainText('Is the hall open on Tuesday?');
    // M2 has it on screen, so it is read: M sees that under the message.
    await expect(m.getByTestId('chat-seen')).toHaveText(seenBy(1));

    await send(m2, 'Yes, from six.');
    await expect(messages(m)).toContainText('Yes, from six.');
    await m.context().close();
    await m2.context().close();
  });

  test('the chats badge drops once the member reads the chat (META-01, D41)', async ({
    browser,
    baseURL,
  }) => {
    const group = await freshGroup(baseURL ?? '');
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await openAs(page, MEMBER2.username, '/app/news');
    // Other tests send M2 messages at the same time, so the badge is held to the server's own
    // total at each step (the chats not hidden, D41) rather than to a number read beforehand.
    const unseen = async () => {
      const { chats } = (
        await group.m2.call<{
          data: { chats: { id: number; unseen_count: number; hid_at: number | null }[] };
        }>('GET', '/chats.json')
      ).data;
      const shown = chats.filter((chat) => chat.hid_at === null);
      return {
        total: shown.reduce((sum, chat) => sum + chat.unseen_count, 0),
        group: chats.find((chat) => chat.id === group.id)?.unseen_count,
      };
    };
    const badge = page.getByTestId('chats-badge');
    const badgeMatchesServer = async () => {
      const shown = (await badge.isVisible()) ? Number(await badge.textContent()) : 0;
      return shown === (await unseen()).total;
    };
    await group.m.call('POST', `/chats/${group.id}/party_chat_messages.json`, {
      chat_message: { content: 'Dues are due Friday.' },
    });
    expect((await unseen()).group).toBe(1);
    // The badge follows without a reload: the event stream, or the next answer's header.
    await page.getByRole('link', { name: /Chats/ }).first().click();
    await expect.poll(badgeMatchesServer).toBe(true);
    await page.goto(`/app/chats/${group.id}`);
    await expect(messages(page)).toContainText('Dues are due Friday.');
    await expect.poll(async () => (await unseen()).group).toBe(0);
    await expect.poll(badgeMatchesServer).toBe(true);
    await context.close();
  });

  test('an image message shows the photo, and the photo opens full size (CHAT-14, CHAT-20)', async ({
    browser,
    baseURL,
  }) => {
    const group = await freshGroup(baseURL ?? '');
    const page = await memberPage(browser, MEMBER.username, `/app/chats/${group.id}`);
    const sent = page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        request.url().endsWith(`/chats/${group.id}/party_chat_messages.json`),
    );
    await page.locator('input[type="file"]').setInputFiles(PICNIC);
    await expect(page.getByTestId('chat-photo-preview')).toBeVisible();
    await page.getByRole('button', { name: SEND }).click();
    const body = (await sent).postDataJSON() as {
      chat_message: { photo_attributes: { image_file_name: string; image_content_type: string } };
    };
    expect(body.chat_message.photo_attributes).toMatchObject({
      image_file_name: 'picnic.png',
      image_content_type: 'image/png',
    });
    await expect(page.getByTestId('chat-photo-preview')).toBeHidden();
    const photo = page.getByTestId('chat-photo');
    await expect(photo).toBeVisible();
    await photo.click();
    await expect(page.getByTestId('lightbox-image')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('lightbox-image')).toBeHidden();
    await page.context().close();
  });

  test('hide asks first, then returns to /chats (CHAT-26..28, ERR-20, NAV-13)', async ({
    browser,
    baseURL,
  }) => {
    const group = await freshGroup(baseURL ?? '');
    const page = await memberPage(browser, MEMBER.username, `/app/chats/${group.id}`);
    const hides: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/chats/${group.id}/hide.json`))
        hides.push(request);
    });
    await page.getByTestId('chat-menu').click();
    await page.getByRole('button', { name: HIDE }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: CONFIRM_HIDE_CHAT });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(hides).toHaveLength(0);

    await page.getByTestId('chat-menu').click();
    await page.getByRole('button', { name: HIDE }).click();
    await dialog.getByRole('button', { name: OK }).click();
    await expect(page).toHaveURL(/\/app\/chats$/);
    expect(hides).toHaveLength(1);
    const chat = await group.m.call<{ data: { chats: { id: number; hid_at: number | null }[] } }>(
      'GET',
      '/chats.json',
    );
    expect(chat.data.chats.find((item) => item.id === group.id)?.hid_at).not.toBeNull();
    await page.context().close();
  });

  test('leaving a group asks first, returns to /chats, and the other member sees the note (CHAT-29, ERR-21, CHAT-13)', async ({
    browser,
    baseURL,
  }) => {
    const group = await freshGroup(baseURL ?? '');
    const at = `/app/chats/${group.id}`;
    const m = await memberPage(browser, MEMBER.username, at);
    const m2 = await memberPage(browser, MEMBER2.username, at);
    await m2.getByTestId('chat-menu').click();
    await m2.getByRole('button', { name: LEAVE }).click();
    const dialog = m2.getByRole('dialog').filter({ hasText: CONFIRM_LEAVE_CHAT });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: OK }).click();
    await expect(m2).toHaveURL(/\/app\/chats$/);
    await expect(m.getByTestId('chat-system-message').last()).toContainText(
      chatMemberLeft(group.m2User.party.display_name),
    );
    await m.context().close();
    await m2.context().close();
  });

  test('polls twice a second when the event stream cannot be opened, and a new message still arrives (CHAT-15..17, AMB-26)', async ({
    browser,
    baseURL,
  }) => {
    const group = await freshGroup(baseURL ?? '');
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.route('**/api/private/mobile/v1/events', (route) => route.abort());
    const page = await context.newPage();
    // Counted from the first poll on, so every answer belongs to a counted request.
    let started = 0;
    let finished = 0;
    let overlapped = false;
    page.on('request', (request) => {
      if (!isPoll(request, group.id)) return;
      started += 1;
      // AMB-26: never a poll while the last one is out.
      if (started - finished > 1) overlapped = true;
    });
    // Finished when its body has arrived, not its headers: until then the page is still
    // reading the answer and rightly skips a tick, and under load it skipped two in a row.
    page.on('requestfinished', (request) => {
      if (isPoll(request, group.id)) finished += 1;
    });
    page.on('requestfailed', (request) => {
      if (isPoll(request, group.id)) finished += 1;
    });
    await page.clock.install();
    await openAs(page, MEMBER2.username, `/app/chats/${group.id}`);
    await expect(page.getByTestId('chat-screen')).toBeVisible();

    // From here the page's time moves only when the test moves it.
    await page.clock.pauseAt(Date.now() + 2000);
    await expect.poll(() => finished).toBe(started);

    // Ten seconds of the page's time in 500 ms steps, each poll answered before the next step:
    // at most one poll a step (two a second), and at least every other step (a step may come
    // while the page is still reading the last answer, and then it is rightly skipped).
    const start = started;
    for (let step = 0; step < 20; step += 1) {
      await page.clock.runFor(CHAT_POLL_MS);
      await expect.poll(() => finished).toBe(started);
      // One task on the page's own loop, behind the one that hands the body to the poll.
      await page.evaluate(() => undefined);
    }
    expect(started - start).toBeLessThanOrEqual(20);
    expect(started - start).toBeGreaterThanOrEqual(10);
    expect(overlapped).toBe(false);

    await group.m.call('POST', `/chats/${group.id}/party_chat_messages.json`, {
      chat_message: { content: 'Seen through the poll.' },
    });
    await expect(async () => {
      await page.clock.runFor(CHAT_POLL_MS);
      await expect(messages(page)).toContainText('Seen through the poll.', { timeout: 500 });
    }).toPass();

    // CHAT-17: leaving the chat stops the poll.
    await page.getByRole('link', { name: /Back to Chats/ }).click();
    await expect(page).toHaveURL(/\/app\/chats$/);
    await expect(page.getByTestId('chat-screen')).toBeHidden();
    const after = started;
    await page.clock.runFor(CHAT_POLL_MS * 6);
    expect(started).toBe(after);
    await context.close();
  });

  test('scrolling up loads the earlier messages and keeps the ones being read in place (CHAT-12, D45)', async ({
    browser,
    baseURL,
  }) => {
    const group = await freshGroup(baseURL ?? '');
    const count = CHAT_MESSAGES_PAGE + 10;
    for (let n = 1; n <= count; n += 1) {
      await group.m2.call('POST', `/chats/${group.id}/party_chat_messages.json`, {
        chat_message: { content: `Minute ${n}` },
      });
    }
    const page = await memberPage(browser, MEMBER.username, `/app/chats/${group.id}`);
    const area = messages(page);
    const shown = page.getByTestId('chat-message');
    await expect(area).toContainText(`Minute ${count}`);
    await expect(shown).toHaveCount(CHAT_MESSAGES_PAGE);
    const oldestId = await shown.first().getAttribute('data-message-id');
    const anchor = page.locator(`[data-testid="chat-message"][data-message-id="${oldestId}"]`);

    const older = page.waitForRequest((request) => request.url().includes('before_id='));
    await area.evaluate((element) => element.scrollTo(0, 0));
    await older;
    await expect(shown).toHaveCount(count);
    await expect(shown.first()).toContainText('Minute 1');
    // The message that was at the top is still in view, not pushed down by the page above it.
    await expect(anchor).toBeInViewport();
    await page.context().close();
  });

  test('no serious axe finding and nothing wider than a phone, at 390 and 1280 px', async ({
    browser,
    baseURL,
  }) => {
    const group = await freshGroup(baseURL ?? '');
    await group.m.call('POST', `/chats/${group.id}/party_chat_messages.json`, {
      chat_message: { content: 'Welcome to the committee chat.' },
    });
    await group.m2.call('POST', `/chats/${group.id}/party_chat_messages.json`, {
      chat_message: { content: 'Thank you. Glad to help with the supper.' },
    });
    const page = await memberPage(browser, MEMBER.username, `/app/chats/${group.id}`);
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await expect(messages(page)).toContainText('Glad to help');
      expect(await seriousAxeViolations(page), `chat screen at ${size.width} px`).toEqual([]);
      if (size === PHONE) expect(await sidewaysOverflow(page)).toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/chat-screen-${size.width}.png` });
      await page.getByTestId('chat-menu').click();
      await expect(page.getByRole('button', { name: LEAVE })).toBeVisible();
      expect(await seriousAxeViolations(page), `chat menu at ${size.width} px`).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/chat-menu-${size.width}.png` });
      await page.keyboard.press('Escape');
    }
    await page.context().close();
  });
});
