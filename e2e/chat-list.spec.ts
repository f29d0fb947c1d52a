/// <reference lib="dom" />
import crypto from 'node:crypto';
import { expect, test, type Page, type Request } from '@playwright/test';
import { chatTitle } from '../common/chat-title.ts';
import {
  ALERT_TITLE,
  ALREADY_IN_CHAT,
  CHAT,
  CHAT_NAME_LABEL,
  ERROR_TITLE,
  ERROR_TOGGLING_HIDDEN_CHATS,
  chatNameTooLong,
  HIDDEN_CHAT,
  HIDE_HIDDEN_CHATS,
  MEMBER_SEARCH_LABEL,
  NEW_GROUP,
  NEW_GROUP_CHAT,
  NEW_ONE_ON_ONE,
  NO_CHAT_WITH_SELF,
  OK,
  SAVE_NAME,
  SHOW_HIDDEN_CHATS,
  unseenInChat,
  YOU,
} from '../common/messages.ts';
import {
  CHAT_NAME_MAX,
  type ChatListAnswer,
  type ChatSummary,
  type CreateChatAnswer,
} from '../common/schemas/chat.ts';
import type { User } from '../common/schemas/session.ts';
import { ADMIN, MEMBER, MEMBER2, WEBMASTER } from '../server/db/seed/personas.ts';
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
 * The chat list and the screens around it on the seeded server (issue 12 "Browser"; ROUTE-14,
 * ROUTE-15, ROUTE-17..19, CHAT-01..10, CHAT-30..32, PARTY-05, VAL-05..07, ERR-17, AMB-27,
 * AMB-28, AMB-50). Each test that changes something does it as a persona no other test of this
 * file reads: A hides and shows hidden chats; W makes, renames and fills a group and opens his
 * 1-on-1 with M (never M2, whose Members › Recent e2e/parties.spec.ts orders: opening a 1-on-1
 * records a contact). M's list is only read, and checked against the answer it was drawn from.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = process.env.CHAT_LIST_SCREENSHOTS;

function isCall(request: Request, method: string, path: string): boolean {
  return request.method() === method && new URL(request.url()).pathname === `${API}${path}`;
}

async function sessionUser(client: ApiClient): Promise<User> {
  return (await client.call<{ data: { user: User } }>('GET', '/session.json')).data.user;
}

/** No serious axe finding and nothing wider than the phone, at both widths; a picture of each. */
async function expectAccessibleAtBothWidths(page: Page, name: string, ready: () => Promise<void>) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await ready();
    expect(await seriousAxeViolations(page), `${name} at ${size.width} px`).toEqual([]);
    if (size === PHONE) expect(await sidewaysOverflow(page), name).toBe(0);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png`, fullPage: true });
  }
}

/** The chats a list answer shows (AMB-27, CHAT-09): the rule the screen applies. */
function expectedChats(answer: ChatListAnswer): ChatSummary[] {
  const show = answer.data.party_preferences.some(
    (pref) => pref.code === 'SHOW_HIDDEN_CHATS' && pref.value === 'YES',
  );
  return answer.data.chats
    .filter((chat) => show || chat.hid_at === null)
    .sort((a, b) => b.last_activity_at - a.last_activity_at || b.id - a.id);
}

function row(page: Page, chatId: number) {
  return page.locator(`[data-testid="chat-row"][data-chat-id="${chatId}"]`);
}

async function searchAndPick(page: Page, text: string, name: string, action: string) {
  await page.getByRole('searchbox', { name: MEMBER_SEARCH_LABEL }).fill(text);
  const button = page
    .getByTestId('member-pick')
    .filter({ hasText: name })
    .filter({ hasText: action });
  await button.first().click();
}

test.describe('the chat list (ROUTE-14, CHAT-01..09)', () => {
  test('M sees every visible chat, newest first, with titles, unseen counts and avatars; axe at 390 and 1280 px', async ({
    page,
  }) => {
    const loaded = page.waitForResponse(
      (response) => isCall(response.request(), 'GET', '/chats.json') && response.ok(),
    );
    await openAs(page, MEMBER.username, '/app/chats');
    const answer = (await (await loaded).json()) as ChatListAnswer;
    await expect(heading(page, 'Chats')).toBeVisible();
    await expect(page.getByRole('link', { name: NEW_ONE_ON_ONE })).toHaveAttribute(
      'href',
      '/app/chats/new',
    );
    await expect(page.getByRole('button', { name: NEW_GROUP })).toBeVisible();

    const expected = expectedChats(answer);
    expect(expected.length).toBeGreaterThan(3);
    const rows = page.getByTestId('chat-row');
    await expect(rows).toHaveCount(expected.length);
    expect(await rows.evaluateAll((found) => found.map((el) => el.dataset.chatId))).toEqual(
      expected.map((chat) => String(chat.id)),
    );
    // The demo: M keeps the hidden 1-on-1 with A out of sight (SHOW_HIDDEN_CHATS is NO).
    expect(answer.data.chats.some((chat) => chat.hid_at !== null)).toBe(true);
    await expect(page.getByRole('button', { name: SHOW_HIDDEN_CHATS })).toBeVisible();
    for (const chat of expected) {
      const shown = row(page, chat.id);
      await expect(shown.getByTestId('chat-title')).toHaveText(
        chatTitle(
          chat,
          chat.parties.map((party) => party.display_name),
          chat.party_count - 1,
        ),
      );
      if (chat.unseen_count > 0) {
        await expect(shown.getByTestId('chat-unseen')).toHaveText(unseenInChat(chat.unseen_count));
      } else {
        await expect(shown.getByTestId('chat-unseen')).toHaveCount(0);
      }
      const others = chat.party_count - 1;
      if (others > 4) {
        await expect(shown.getByTestId('member-avatar')).toHaveCount(4);
        await expect(shown.getByTestId('chat-avatars-more')).toHaveText(`+${others - 4}`);
      }
    }
    // CONST-32: the demo's group whose other members all left (other tests may leave M alone
    // in more groups while this one runs, so each such row is checked, not their number).
    const alone = expected.filter(
      (chat) => chat.type === 'GroupChat' && !chat.name && chat.party_count === 1,
    );
    expect(alone.length).toBeGreaterThan(0);
    for (const chat of alone) {
      await expect(row(page, chat.id).getByTestId('chat-title')).toHaveText(NEW_GROUP_CHAT);
    }
    await expectAccessibleAtBothWidths(page, 'chat-list', () => expect(rows.first()).toBeVisible());
  });

  test('A hides a chat: gone from the list, back and tinted with Show Hidden Chats, gone again with Hide (CHAT-04..06, AMB-27)', async ({
    page,
    baseURL,
  }) => {
    const admin = await apiSignIn(baseURL ?? '', ADMIN.username);
    await admin.call('POST', '/party_preferences.json', {
      party_preference: { code: 'SHOW_HIDDEN_CHATS', value: 'NO' },
    });
    // A chat of A's own to hide, so the test never depends on what others left visible.
    const chat = (
      await admin.call<{ data: { chat: { id: number } } }>('POST', '/chats.json', {
        chat: { type: 'GroupChat' },
      })
    ).data.chat;
    await admin.call('POST', `/chats/${chat.id}/hide.json`);

    await openAs(page, ADMIN.username, '/app/chats');
    const toggle = page.getByTestId('hidden-chats-toggle');
    await expect(toggle).toHaveText(SHOW_HIDDEN_CHATS);
    // A's list may be empty now: 'No chats to display.' (CHAT-07) or the rest.
    await expect(page.getByTestId('chat-list').or(page.getByTestId('chats-empty'))).toBeVisible();
    await expect(row(page, chat.id)).toHaveCount(0);

    const posted = page.waitForRequest((request) =>
      isCall(request, 'POST', '/party_preferences.json'),
    );
    const reloaded = page.waitForRequest((request) => isCall(request, 'GET', '/chats.json'));
    await toggle.click();
    expect((await posted).postDataJSON()).toEqual({
      party_preference: { code: 'SHOW_HIDDEN_CHATS', value: 'YES' },
    });
    await reloaded;
    await expect(toggle).toHaveText(HIDE_HIDDEN_CHATS);
    await expect(row(page, chat.id)).toHaveAttribute('data-hidden', 'true');
    await expect(row(page, chat.id).getByText(HIDDEN_CHAT)).toBeVisible();
    // The tint: the hidden row's background differs from the page's.
    const tint = await row(page, chat.id).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(tint).not.toBe('rgba(0, 0, 0, 0)');
    await expectAccessibleAtBothWidths(page, 'chat-list-hidden', () =>
      expect(row(page, chat.id)).toBeVisible(),
    );

    await toggle.click();
    await expect(toggle).toHaveText(SHOW_HIDDEN_CHATS);
    await expect(row(page, chat.id)).toHaveCount(0);

    // ERR-17: a refused toggle says so and changes nothing.
    await page.route(`**${API}/party_preferences.json`, (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'https://lodgehall.org/problems/x', status: 422 }),
      }),
    );
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: ERROR_TITLE });
    await expect(dialog.getByText(ERROR_TOGGLING_HIDDEN_CHATS)).toBeVisible();
    await dialog.getByRole('button', { name: OK }).click();
    await expect(toggle).toHaveText(SHOW_HIDDEN_CHATS);
  });
});

test.describe('a group from the list (CHAT-03, CHAT-30..32, CONST-32, VAL-06, VAL-07)', () => {
  test('W makes a group, sees New Group Chat, renames it, adds M2 and lists the members', async ({
    page,
    baseURL,
  }) => {
    const w = await sessionUser(await apiSignIn(baseURL ?? '', WEBMASTER.username));
    await openAs(page, WEBMASTER.username, '/app/chats');
    const created = page.waitForResponse(
      (response) => isCall(response.request(), 'POST', '/chats.json') && response.ok(),
    );
    await page.getByRole('button', { name: NEW_GROUP }).click();
    const answer = (await (await created).json()) as CreateChatAnswer;
    expect((await created).request().postDataJSON()).toEqual({ chat: { type: 'GroupChat' } });
    const id = answer.data.chat.id;
    await expect(page).toHaveURL(new RegExp(`/app/chats/${id}$`));

    await page.goto('/app/chats');
    await expect(row(page, id).getByTestId('chat-title')).toHaveText(NEW_GROUP_CHAT);

    // Rename (CHAT-30): the form's own check first (VAL-07's place), then the new name.
    await page.goto(`/app/chats/${id}/edit`);
    const name = page.getByRole('textbox', { name: CHAT_NAME_LABEL });
    await name.fill('x'.repeat(CHAT_NAME_MAX + 1));
    await page.getByRole('button', { name: SAVE_NAME }).click();
    await expect(page.getByText(chatNameTooLong(CHAT_NAME_MAX))).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expectAccessibleAtBothWidths(page, 'chat-rename', () => expect(name).toBeVisible());
    const newName = `Lodge Officers ${crypto.randomUUID().slice(0, 6)}`;
    await name.fill(newName);
    const renamed = page.waitForRequest((request) => isCall(request, 'PUT', `/chats/${id}.json`));
    await page.getByRole('button', { name: SAVE_NAME }).click();
    expect((await renamed).postDataJSON()).toEqual({ chat: { name: newName } });
    await expect(page).toHaveURL(new RegExp(`/app/chats/${id}$`));
    await page.goto('/app/chats');
    await expect(row(page, id).getByTestId('chat-title')).toHaveText(newName);

    // Add a member (CHAT-31): oneself is VAL-06 with no call; M2 is added.
    await page.goto(`/app/chats/${id}/add_member`);
    await expect(page.getByTestId('chat-name')).toHaveText(newName);
    let added = 0;
    page.on('request', (request) => {
      if (isCall(request, 'POST', '/party_chats.json')) added += 1;
    });
    await searchAndPick(page, WEBMASTER.lastName, w.party.display_name, 'Add');
    const alert = page.getByRole('dialog', { name: ALERT_TITLE });
    await expect(alert.getByText(ALREADY_IN_CHAT)).toBeVisible();
    await alert.getByRole('button', { name: OK }).click();
    expect(added).toBe(0);
    await expectAccessibleAtBothWidths(page, 'chat-add-member', () =>
      expect(page.getByTestId('member-pick').first()).toBeVisible(),
    );
    const m2Name = MEMBER2.preferredName ?? '';
    const adding = page.waitForRequest((request) => isCall(request, 'POST', '/party_chats.json'));
    await searchAndPick(page, m2Name, m2Name, 'Add');
    const m2 = await sessionUser(await apiSignIn(baseURL ?? '', MEMBER2.username));
    expect((await adding).postDataJSON()).toEqual({
      party_chat: { chat_id: id, party_id: m2.party_id },
    });
    await expect(page).toHaveURL(new RegExp(`/app/chats/${id}$`));

    // Members (CHAT-32).
    await page.goto(`/app/chat_parties/${id}`);
    const members = page.getByTestId('chat-member');
    await expect(members).toHaveCount(2);
    await expect(members.nth(0)).toContainText(w.party.display_name);
    await expect(members.nth(0)).toContainText(YOU);
    await expect(members.nth(1)).toContainText(m2Name);
    await expect(members.nth(1)).toHaveAttribute('href', `/app/parties/${m2.party_id}`);
    await expectAccessibleAtBothWidths(page, 'chat-members', () =>
      expect(members.first()).toBeVisible(),
    );
  });
});

test.describe('a 1-on-1 (CHAT-10, PARTY-05, VAL-05, AMB-28, AMB-50)', () => {
  test('W opens his chat with M from /chats/new and from M’s page; the existing one, with its alert', async ({
    page,
    baseURL,
  }) => {
    const w = await sessionUser(await apiSignIn(baseURL ?? '', WEBMASTER.username));
    const m = await sessionUser(await apiSignIn(baseURL ?? '', MEMBER.username));
    await openAs(page, WEBMASTER.username, '/app/chats/new');
    await expect(page.getByRole('searchbox', { name: MEMBER_SEARCH_LABEL })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'chat-new-empty', () =>
      expect(page.getByRole('searchbox', { name: MEMBER_SEARCH_LABEL })).toBeVisible(),
    );

    // VAL-05: oneself, with no call.
    let posts = 0;
    page.on('request', (request) => {
      if (isCall(request, 'POST', '/chats.json')) posts += 1;
    });
    await searchAndPick(page, WEBMASTER.lastName, w.party.display_name, CHAT);
    const alert = page.getByRole('dialog', { name: ALERT_TITLE });
    await expect(alert.getByText(NO_CHAT_WITH_SELF)).toBeVisible();
    await alert.getByRole('button', { name: OK }).click();
    expect(posts).toBe(0);

    const created = page.waitForResponse((response) =>
      isCall(response.request(), 'POST', '/chats.json'),
    );
    await searchAndPick(page, MEMBER.lastName, m.party.display_name, CHAT);
    const answer = (await (await created).json()) as CreateChatAnswer;
    expect((await created).request().postDataJSON()).toEqual({ chat: { party_id: m.party_id } });
    const id = answer.data.chat.id;
    // The demo's chat of W and M existed: the alert says so, and the chat opens anyway.
    expect(answer.alert?.message).toBeTruthy();
    const existing = page.getByRole('dialog', { name: ALERT_TITLE });
    await expect(existing.getByText(answer.alert?.message ?? '')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/app/chats/${id}$`));
    await existing.getByRole('button', { name: OK }).click();

    // PARTY-05: the same chat from M's page; none on one's own.
    await page.goto(`/app/parties/${m.party_id}`);
    await page.getByRole('main').getByRole('button', { name: CHAT, exact: true }).click();
    await expect(page.getByRole('dialog', { name: ALERT_TITLE })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/app/chats/${id}$`));
    await page.getByRole('dialog', { name: ALERT_TITLE }).getByRole('button', { name: OK }).click();
    await page.goto(`/app/parties/${w.party_id}`);
    await expect(page.getByTestId('party-detail')).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('button', { name: CHAT, exact: true }),
    ).toHaveCount(0);
  });
});
