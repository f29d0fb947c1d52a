/// <reference lib="dom" />
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  expect,
  test,
  type Browser,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { escapeHtml } from '../common/escape-html.ts';
import {
  EVENT_LOCATION,
  EVENT_NAME,
  LOAD_MORE,
  SUBJECT,
  TEXT_WITH_NUL,
} from '../common/messages.ts';
import type { CalendarEventAnswer } from '../common/schemas/calendar-event.ts';
import { CHAT_MESSAGE_MAX, CHAT_NAME_MAX, type CreateChatAnswer } from '../common/schemas/chat.ts';
import { COMMENT_MAX_LENGTH } from '../common/schemas/comment.ts';
import {
  CONTACT_EMAIL_MAX,
  CONTACT_TEXT_MAX,
  type ContactInfoAnswer,
} from '../common/schemas/contact-info.ts';
import type { ClubDuesAnswer, DuesPaymentAnswer } from '../common/schemas/dues.ts';
import type { PostAnswer } from '../common/schemas/post.ts';
import { PERSONAS } from '../server/db/seed/personas.ts';
import {
  INJECTION_CORPUS,
  PWNED_MARKER,
  comparableText,
  joinPayloads,
  packPayloads,
  type InjectionPayload,
} from './fixtures/injection-corpus.ts';
import { apiSignIn, openAs, wireDate, type ApiAnswer, type ApiClient } from './support.ts';

/**
 * The payloads a record can hold all at once: no text with U+0000 reaches the database (the
 * database layer refuses it under base, D55), so one NUL would refuse a whole post body. Those
 * payloads still go through every field one record each (`writeRecords`), refused there.
 */
const STORABLE = INJECTION_CORPUS.filter((payload) => !payload.text.includes('\u0000'));

/*
 * The injection corpus (issue 21, docs/decisions.md D55) through every text a member writes and
 * another screen shows: post subjects, bodies and comments; event names, locations,
 * descriptions and comments; chat names and messages; addresses and e-mail addresses; the name
 * and e-mail on a card. Each screen that shows them is rendered, and must run none of them (the
 * marker unset, no dialog, no script, handler or script URL in the page) and show them as text.
 *
 * Content Security Policy is bypassed: it forbids inline script, so it would hide a rendering
 * hole rather than show it. What is tested is the screens themselves; the policy is the second
 * wall.
 *
 * The records are written in Tyrian Lodge No. 370, which no persona belongs to or follows and
 * no other spec reads, by its members (never a persona), so no other test meets hundreds of odd
 * records in its lists. Many payloads go into one record where a field allows it (a record is
 * refused as a whole when one of its payloads is; then each is tried alone), so the run costs a
 * few page loads per screen, not one per payload.
 */

test.use({ bypassCSP: true });

const CORPUS_LODGE = 'tyrian370';
/** The longest subject, event name and location the schemas take (common/schemas/). */
const SUBJECT_MAX = 200;
const EVENT_NAME_MAX = 200;
const EVENT_LOCATION_MAX = 500;
/**
 * An address the e-mail rule (VAL-40) takes whose mailto: link, written as it stands, would add
 * a hidden copy and a body to the mail another member writes to it (RFC 6068 header fields).
 */
const MAILTO_WITH_FIELDS = 'member@example.com?bcc=everyone%40evil.example&body=Click%0Ahere';
/** The families of markup, script and links. */
const MARKUP_FAMILIES: ReadonlySet<InjectionPayload['family']> = new Set([
  'script',
  'attribute',
  'url',
  'template',
  'markdown',
]);
/** The titles of the post and the event whose bodies hold the whole corpus. */
const TYPED_TITLE = 'The corpus as typed text';
const RAW_TITLE = 'The corpus as HTML';
const PLAIN_EVENT_NAME = 'Corpus evening';
/** Characters of corpus per checkout form: its body is held to 16 KB, and escaping triples some. */
const CHECKOUT_PART = 1500;

interface Account {
  username: string;
  partyId: number;
}

interface LodgeAccounts {
  lodgeId: number;
  webmaster: Account;
  /** Members with no role, oldest account first: each test takes its own. */
  members: Account[];
}

function lodgeAccounts(): LodgeAccounts {
  const dataDir = process.env.LODGEHALL_E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('LODGEHALL_E2E_DATA_DIR is not set (see e2e/playwright.config.ts).');
  const db = new Database(path.join(dataDir, 'lodgehall.sqlite'), { readonly: true });
  try {
    const personas = PERSONAS.map((persona) => persona.username);
    const rows = db
      .prepare(
        `select u.username, u.party_id as partyId, c.id as lodgeId,
                exists (select 1 from membership_roles r
                         where r.membership_id = m.id and r.role_name = 'webmaster') as webmasterHere,
                exists (select 1 from memberships m2
                          join membership_roles r2 on r2.membership_id = m2.id
                         where m2.party_id = u.party_id and r2.role_name <> 'user') as anyRole
           from users u
           join parties p on p.id = u.party_id and p.left_at is null
           join memberships m on m.party_id = u.party_id and m.left_at is null
           join clubs c on c.id = m.club_id and c.subdomain = ?
          where u.username not in (${personas.map(() => '?').join(', ')})
            and exists (select 1 from member_statuses ms
                         where ms.party_id = u.party_id and ms.status = 'active')
          order by u.id`,
      )
      .all(CORPUS_LODGE, ...personas) as {
      username: string;
      partyId: number;
      lodgeId: number;
      webmasterHere: number;
      anyRole: number;
    }[];
    const webmaster = rows.find((row) => row.webmasterHere === 1);
    const members = rows.filter((row) => row.anyRole === 0);
    if (!webmaster || members.length < 8)
      throw new Error(`${CORPUS_LODGE} has no webmaster or too few members for this spec`);
    const account = (row: { username: string; partyId: number }) => ({
      username: row.username,
      partyId: row.partyId,
    });
    return {
      lodgeId: webmaster.lodgeId,
      webmaster: account(webmaster),
      members: members.map(account),
    };
  } finally {
    db.close();
  }
}

/** The member of `members` a test uses in `slot`; a retry takes fresh ones (a card pays once). */
function memberFor(accounts: LodgeAccounts, slot: number, testInfo: TestInfo): Account {
  const member = accounts.members[(slot + testInfo.retry * 6) % accounts.members.length];
  if (!member) throw new Error('no member');
  return member;
}

// ---- Writing the corpus ------------------------------------------------------------------------

interface Written {
  payloads: InjectionPayload[];
  text: string;
  answer: ApiAnswer;
}

interface Outcome {
  written: Written[];
  refused: InjectionPayload[];
}

/** Written payloads, flattened. */
function payloadsOf(written: readonly Written[]): InjectionPayload[] {
  return written.flatMap((record) => record.payloads);
}

function expectRefusedUnder(answer: ApiAnswer, field: string, text: string) {
  const errors = (answer.json as { errors?: Record<string, string[]> } | undefined)?.errors ?? {};
  // No engine stores U+0000: the database layer refuses it for every field alike, under base
  // (D55, schema-driven fuzzing), before any area's own rule sees it.
  const refusedUnder =
    text.includes('\u0000') && errors.base?.includes(TEXT_WITH_NUL) ? 'base' : field;
  expect(
    { status: answer.status, fields: Object.keys(errors) },
    `${JSON.stringify(text.slice(0, 100))} answered ${JSON.stringify(answer.json)}`,
  ).toEqual({ status: 422, fields: [refusedUnder] });
}

/**
 * The payloads written in records of at most `max` characters by `write`. A refusal must be a
 * 422 under `field` ("refused, fine"); a refused record is tried again in halves, so one
 * refused payload does not keep the others of its record out.
 */
async function writeRecords(
  payloads: readonly InjectionPayload[],
  max: number,
  field: string,
  write: (text: string) => Promise<ApiAnswer>,
): Promise<Outcome> {
  const outcome: Outcome = { written: [], refused: [] };
  const attempt = async (record: InjectionPayload[]): Promise<void> => {
    const text = joinPayloads(record);
    const answer = await write(text);
    if (answer.status < 300) {
      outcome.written.push({ payloads: record, text, answer });
      return;
    }
    expectRefusedUnder(answer, field, text);
    if (record.length === 1) {
      outcome.refused.push(...record);
      return;
    }
    // Halves, not single payloads: the refused ones are found in a few tries, and the rest
    // stay in few records.
    const half = Math.ceil(record.length / 2);
    await attempt(record.slice(0, half));
    await attempt(record.slice(half));
  };
  for (const record of packPayloads(payloads, max)) await attempt(record);
  return outcome;
}

/** The corpus as the editor sends typed text: each payload escaped, in its own paragraph. */
function typedHtml(payloads: readonly InjectionPayload[]): string {
  return payloads.map((payload) => `<p>${escapeHtml(payload.text)}</p>`).join('');
}

/** The corpus as a hostile client sends it: the payloads as HTML, one after the other. */
function rawHtml(payloads: readonly InjectionPayload[]): string {
  return payloads.map((payload) => payload.text).join('\n');
}

/** An e-mail address holding the payloads (no white space or @, as every address must). */
function emailOf(payloads: readonly InjectionPayload[]): string {
  return `${payloads.map((payload) => payload.text.replace(/[\s@]/g, '')).join('')}@evil.example`;
}

// ---- Watching a screen ---------------------------------------------------------------------

/** Every dialog a page opens (a payload's alert, confirm or prompt), dismissed. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

async function signedInPage(
  browser: Browser,
  baseURL: string,
  username: string,
  at: string,
): Promise<{ page: Page; dialogs: string[] }> {
  const context = await browser.newContext({ baseURL, bypassCSP: true });
  const page = await context.newPage();
  const dialogs = watchDialogs(page);
  await openAs(page, username, at);
  return { page, dialogs };
}

/**
 * What a payload would leave in the page: the marker, a dialog, or markup that runs script on
 * an event or a click (a handler attribute, a script URL, an inline or foreign script, a frame
 * or an object). Images are let finish first, so an `onerror` has had its chance.
 */
async function expectNothingRan(page: Page, dialogs: readonly string[], screen: string) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        // The app's own lazy images load only when scrolled to; a payload's image is not lazy.
        Array.from(document.images).every((image) => image.complete || image.loading === 'lazy'),
      ),
    )
    .toBe(true);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
      }),
  );
  const found = await page.evaluate((marker) => {
    const problems: string[] = [];
    const ran = (window as unknown as Record<string, unknown>)[marker];
    if (ran !== undefined) problems.push(`payload ${String(ran)} ran`);
    const urlAttributes = new Set([
      'href',
      'src',
      'action',
      'formaction',
      'xlink:href',
      'data',
      'poster',
      'background',
    ]);
    for (const element of Array.from(document.querySelectorAll('*'))) {
      const tag = element.tagName.toLowerCase();
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on') || name === 'srcdoc') problems.push(`<${tag} ${name}>`);
        // eslint-disable-next-line no-control-regex -- browsers skip these in a URL's scheme
        const value = attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        if (urlAttributes.has(name) && /^(javascript|vbscript|data:text\/html)/.test(value)) {
          problems.push(`<${tag} ${name}="${attribute.value.slice(0, 60)}">`);
        }
      }
      if (tag === 'script') {
        // The app's own scripts come from its origin; an SVG script names its source by href.
        const source =
          element.getAttribute('src') ??
          element.getAttribute('href') ??
          element.getAttribute('xlink:href');
        if (source === null || new URL(source, location.href).origin !== location.origin) {
          problems.push(`<script src="${source ?? ''}">`);
        }
      }
      if (
        ['iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link'].includes(tag) &&
        element.closest('body')
      ) {
        problems.push(`<${tag}> in the body`);
      }
    }
    return problems;
  }, PWNED_MARKER);
  expect({ screen, found, dialogs }).toEqual({ screen, found: [], dialogs: [] });
}

/** Each payload's text is in the text of `where` (white space and control characters aside). */
async function expectShownAsText(
  where: Locator,
  payloads: readonly InjectionPayload[],
  screen: string,
  options: { spaces: 'kept' | 'ignored' } = { spaces: 'kept' },
) {
  const comparable = (text: string) =>
    options.spaces === 'kept' ? comparableText(text) : comparableText(text).replace(/ /g, '');
  const shown = comparable(
    (await where.evaluateAll((elements) => elements.map((e) => e.textContent ?? ''))).join(' '),
  );
  const missing = payloads
    .filter((payload) => !shown.includes(comparable(payload.text)))
    .map((payload) => payload.id);
  expect({ screen, missing }).toEqual({ screen, missing: [] });
}

/** A form's field by its label, which a required field follows with an asterisk. */
function field(page: Page, label: string): Locator {
  return page.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`));
}

/**
 * A text field's value reads as `text`, white space aside: a one-line input drops or spaces the
 * line breaks, depending on how the text got there.
 */
async function expectInputValue(input: Locator, text: string, screen: string) {
  const bare = (value: string) => comparableText(value).replace(/ /g, '');
  expect({ screen, value: bare(await input.inputValue()) }).toEqual({ screen, value: bare(text) });
}

/**
 * Opens `path` in the running app as a link does, without a reload: starting the app again
 * for every screen would be most of this spec's time.
 */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

function postDetail(page: Page, id: number): Locator {
  return page.locator(`[data-testid="post-detail"][data-post-id="${id}"]`);
}

function eventDetail(page: Page, id: number): Locator {
  return page.locator(`[data-testid="event-detail"][data-event-id="${id}"]`);
}

/** Presses Load More until every `ids` has its row (`attribute` on the rows) or none is left. */
async function loadUntilShown(page: Page, rows: Locator, attribute: string, ids: number[]) {
  await expect(rows.first()).toBeVisible();
  for (;;) {
    const shown = new Set(
      (await rows.evaluateAll(
        (elements, name) => elements.map((element) => element.getAttribute(name)),
        attribute,
      )) as string[],
    );
    if (ids.every((id) => shown.has(String(id)))) return;
    const more = page.getByRole('button', { name: LOAD_MORE });
    if ((await more.count()) === 0) {
      throw new Error(`not shown: ${ids.filter((id) => !shown.has(String(id))).join(', ')}`);
    }
    const count = await rows.count();
    await more.click();
    await expect.poll(() => rows.count()).toBeGreaterThan(count);
  }
}

/** Presses Load More until there is none. */
async function loadEverything(page: Page, rows: Locator) {
  await expect(rows.first()).toBeVisible();
  const more = page.getByRole('button', { name: LOAD_MORE });
  while ((await more.count()) > 0) {
    const count = await rows.count();
    await more.click();
    await expect.poll(() => rows.count()).toBeGreaterThan(count);
  }
}

test.describe('the injection corpus on every screen that shows what members write (issue 21)', () => {
  // Each test writes a few hundred records and renders a dozen screens, on two shared cores.
  test.slow();

  test('posts: subjects, bodies and comments on the feed, the post, its edit form and the notices', async ({
    browser,
    baseURL,
  }, testInfo) => {
    const accounts = lodgeAccounts();
    // Only a lodge's post has a subject (a member's has none, POST-10): the lodge's webmaster
    // writes them all, for the lodge only.
    const author = await apiSignIn(baseURL ?? '', accounts.webmaster.username);
    const readerAccount = memberFor(accounts, 0, testInfo);
    const reader = await apiSignIn(baseURL ?? '', readerAccount.username);
    const newPost = (subject: string, body: string) =>
      author.request('POST', '/posts', {
        post: {
          subject,
          post_as: accounts.lodgeId,
          access: 'CLUB',
          new_body: body,
          allows_comments: true,
        },
      });
    const postOf = (answer: ApiAnswer) => (answer.json as PostAnswer).data.post;

    const subjects = await writeRecords(INJECTION_CORPUS, SUBJECT_MAX, 'subject', (text) =>
      newPost(text, '<p>A subject from the injection corpus.</p>'),
    );
    const typedAnswer = await newPost(TYPED_TITLE, typedHtml(STORABLE));
    const rawAnswer = await newPost(RAW_TITLE, rawHtml(STORABLE));
    expect([typedAnswer.status, rawAnswer.status]).toEqual([200, 200]);
    const typed = postOf(typedAnswer);
    const raw = postOf(rawAnswer);
    const comments = await writeRecords(INJECTION_CORPUS, COMMENT_MAX_LENGTH, 'comment', (text) =>
      reader.request('POST', '/comments', {
        comment: { comment_container_id: typed.comment_container.id, comment: text },
      }),
    );
    // A comment on each subject's post: its author's notice names the post by its subject.
    for (const record of subjects.written) {
      await reader.call('POST', '/comments', {
        comment: {
          comment_container_id: postOf(record.answer).comment_container.id,
          comment: 'Seen it.',
        },
      });
    }
    const subjectPosts = subjects.written.map((record) => postOf(record.answer).id);

    const { page, dialogs } = await signedInPage(
      browser,
      baseURL ?? '',
      readerAccount.username,
      '/app/news',
    );
    const cards = page.getByTestId('post-card');
    await loadUntilShown(page, cards, 'data-post-id', [...subjectPosts, typed.id, raw.id]);
    await expectNothingRan(page, dialogs, 'the news feed');
    await expectShownAsText(
      page.getByTestId('post-list'),
      payloadsOf(subjects.written),
      'the news feed',
    );

    await openInApp(page, `/app/news/${typed.id}`);
    await expect(postDetail(page, typed.id).getByTestId('post-body')).toBeVisible();
    await expect(page.getByTestId('comment')).toHaveCount(comments.written.length);
    await expectNothingRan(page, dialogs, 'a post typed from the corpus');
    await expectShownAsText(page.getByTestId('post-body'), STORABLE, 'the post’s body');
    await expectShownAsText(
      page.getByTestId('comment-text'),
      payloadsOf(comments.written),
      'the comments',
    );

    await openInApp(page, `/app/news/${raw.id}`);
    await expect(postDetail(page, raw.id).getByTestId('post-body')).toBeVisible();
    await expectNothingRan(page, dialogs, 'a post of the corpus as raw HTML');

    const firstSubject = subjects.written[0];
    if (!firstSubject) throw new Error('no subject was written');
    const firstSubjectPost = postOf(firstSubject.answer).id;
    await openInApp(page, `/app/news/${firstSubjectPost}`);
    await expect(postDetail(page, firstSubjectPost)).toBeVisible();
    await expectNothingRan(page, dialogs, 'a post with a corpus subject');
    await expectShownAsText(
      postDetail(page, firstSubjectPost),
      firstSubject.payloads,
      'the subject',
    );

    // The author: the notices of the comments, and the edit form of each kind of post.
    const mine = await signedInPage(
      browser,
      baseURL ?? '',
      accounts.webmaster.username,
      '/app/notices',
    );
    await loadEverything(mine.page, mine.page.getByTestId('notice-row'));
    await expectNothingRan(mine.page, mine.dialogs, 'the notices');
    await expectShownAsText(
      mine.page.getByTestId('notice-message'),
      payloadsOf(subjects.written),
      'the notices',
    );

    const editor = mine.page.getByTestId('post-body-editor');
    for (const [post, subject] of [
      [raw.id, RAW_TITLE],
      [typed.id, TYPED_TITLE],
    ] as const) {
      await openInApp(mine.page, `/app/news/${post}/edit`);
      await expect(field(mine.page, SUBJECT)).toHaveValue(subject);
      await expect(editor).toBeVisible();
      await expectNothingRan(mine.page, mine.dialogs, `the edit form of “${subject}”`);
    }
    await expectShownAsText(editor, STORABLE, 'the editor');
    await openInApp(mine.page, `/app/news/${firstSubjectPost}/edit`);
    await expect(field(mine.page, SUBJECT)).not.toHaveValue(TYPED_TITLE);
    await expectInputValue(field(mine.page, SUBJECT), firstSubject.text, 'the subject field');
    await expectNothingRan(mine.page, mine.dialogs, 'the edit form of a corpus subject');
  });

  test('events: names, locations, descriptions and comments on the calendars, the event, its edit form and the notices', async ({
    browser,
    baseURL,
  }, testInfo) => {
    const accounts = lodgeAccounts();
    const webmaster = await apiSignIn(baseURL ?? '', accounts.webmaster.username);
    const readerAccount = memberFor(accounts, 1, testInfo);
    const reader = await apiSignIn(baseURL ?? '', readerAccount.username);
    // Today at midnight, lodge members only: first in the reader's My Events, nobody else's.
    const newEvent = (fields: Record<string, string>) =>
      webmaster.request('POST', '/calendar_events', {
        calendar_event: {
          club_id: accounts.lodgeId,
          name: PLAIN_EVENT_NAME,
          location: 'Lodge hall',
          new_description: '<p>An evening from the injection corpus.</p>',
          access: 'CLUB',
          start_date_string: wireDate(0),
          start_time_string: '12:00am',
          end_date_string: wireDate(0),
          end_time_string: '1:00am',
          time_zone_id: 1,
          allows_comments: true,
          ...fields,
        },
      });
    const eventOf = (answer: ApiAnswer) => (answer.json as CalendarEventAnswer).data.calendar_event;

    const names = await writeRecords(INJECTION_CORPUS, EVENT_NAME_MAX, 'name', (text) =>
      newEvent({ name: text }),
    );
    const locations = await writeRecords(INJECTION_CORPUS, EVENT_LOCATION_MAX, 'location', (text) =>
      newEvent({ location: text }),
    );
    const typedAnswer = await newEvent({
      name: TYPED_TITLE,
      new_description: typedHtml(STORABLE),
    });
    const rawAnswer = await newEvent({
      name: RAW_TITLE,
      new_description: rawHtml(STORABLE),
    });
    expect([typedAnswer.status, rawAnswer.status]).toEqual([200, 200]);
    const typed = eventOf(typedAnswer);
    const raw = eventOf(rawAnswer);
    const comments = await writeRecords(INJECTION_CORPUS, COMMENT_MAX_LENGTH, 'comment', (text) =>
      reader.request('POST', '/comments', {
        comment: { comment_container_id: typed.comment_container.id, comment: text },
      }),
    );
    // A comment on each named event: the webmaster's notice names the event.
    for (const record of names.written) {
      await reader.call('POST', '/comments', {
        comment: {
          comment_container_id: eventOf(record.answer).comment_container.id,
          comment: 'See you there.',
        },
      });
    }
    const namedIds = names.written.map((record) => eventOf(record.answer).id);
    const locatedIds = locations.written.map((record) => eventOf(record.answer).id);
    const allIds = [...namedIds, ...locatedIds, typed.id, raw.id];
    const firstName = names.written[0];
    const firstLocation = locations.written[0];
    if (!firstName || !firstLocation) throw new Error('no name or location was written');

    const { page, dialogs } = await signedInPage(
      browser,
      baseURL ?? '',
      readerAccount.username,
      '/app/calendar',
    );
    await loadUntilShown(page, page.getByTestId('event-card'), 'data-event-id', allIds);
    await expectNothingRan(page, dialogs, 'My Events');
    await expectShownAsText(
      page.getByTestId('event-card'),
      [...payloadsOf(names.written), ...payloadsOf(locations.written)],
      'My Events',
    );

    await openInApp(page, `/app/clubs/${CORPUS_LODGE}/calendar`);
    await expect(page.getByTestId('calendar-tab-hint')).toHaveCount(0);
    await loadUntilShown(page, page.getByTestId('event-card'), 'data-event-id', allIds);
    await expectNothingRan(page, dialogs, 'the lodge’s calendar');
    await expectShownAsText(
      page.getByTestId('event-card'),
      payloadsOf(names.written),
      'the lodge’s calendar',
    );

    await openInApp(page, `/app/calendar/${typed.id}`);
    await expect(eventDetail(page, typed.id).getByTestId('event-description')).toBeVisible();
    await expect(page.getByTestId('comment')).toHaveCount(comments.written.length);
    await expectNothingRan(page, dialogs, 'an event typed from the corpus');
    await expectShownAsText(
      page.getByTestId('event-description'),
      STORABLE,
      'the event’s description',
    );
    await expectShownAsText(
      page.getByTestId('comment-text'),
      payloadsOf(comments.written),
      'the event’s comments',
    );

    await openInApp(page, `/app/calendar/${raw.id}`);
    await expect(eventDetail(page, raw.id).getByTestId('event-description')).toBeVisible();
    await expectNothingRan(page, dialogs, 'an event of the corpus as raw HTML');

    for (const record of [firstName, firstLocation]) {
      const id = eventOf(record.answer).id;
      await openInApp(page, `/app/calendar/${id}`);
      await expect(eventDetail(page, id)).toBeVisible();
      await expectNothingRan(page, dialogs, 'an event with a corpus name or location');
      await expectShownAsText(eventDetail(page, id), record.payloads, 'the event');
    }

    await openInApp(page, `/app/clubs/${CORPUS_LODGE}`);
    await expect(page.getByTestId('club-home')).toBeVisible();
    await expectNothingRan(page, dialogs, 'the lodge’s home with its next event and latest post');

    // The webmaster: the notices of the comments, and the edit form.
    const mine = await signedInPage(
      browser,
      baseURL ?? '',
      accounts.webmaster.username,
      '/app/notices',
    );
    await loadEverything(mine.page, mine.page.getByTestId('notice-row'));
    await expectNothingRan(mine.page, mine.dialogs, 'the notices');
    await expectShownAsText(
      mine.page.getByTestId('notice-message'),
      payloadsOf(names.written),
      'the notices',
    );

    const editor = mine.page.getByTestId('post-body-editor');
    for (const [event, name] of [
      [raw.id, RAW_TITLE],
      [typed.id, TYPED_TITLE],
    ] as const) {
      await openInApp(mine.page, `/app/calendar/${event}/edit`);
      await expect(field(mine.page, EVENT_NAME)).toHaveValue(name);
      await expect(editor).toBeVisible();
      await expectNothingRan(mine.page, mine.dialogs, `the edit form of “${name}”`);
    }
    await expectShownAsText(editor, STORABLE, 'the description’s editor');
    await openInApp(mine.page, `/app/calendar/${eventOf(firstName.answer).id}/edit`);
    await expect(field(mine.page, EVENT_NAME)).not.toHaveValue(TYPED_TITLE);
    await expectInputValue(field(mine.page, EVENT_NAME), firstName.text, 'the name field');
    await openInApp(mine.page, `/app/calendar/${eventOf(firstLocation.answer).id}/edit`);
    await expect(field(mine.page, EVENT_NAME)).toHaveValue(PLAIN_EVENT_NAME);
    await expectInputValue(
      field(mine.page, EVENT_LOCATION),
      firstLocation.text,
      'the location field',
    );
    await expectNothingRan(mine.page, mine.dialogs, 'the edit form of a corpus location');
  });

  test('chats: names and messages on the chat list, the chat, its members and the rename form', async ({
    browser,
    baseURL,
  }, testInfo) => {
    const accounts = lodgeAccounts();
    const creatorAccount = memberFor(accounts, 2, testInfo);
    const readerAccount = memberFor(accounts, 3, testInfo);
    const creator = await apiSignIn(baseURL ?? '', creatorAccount.username);

    // A chat per name; a refused name leaves its chat for the next one.
    let spare: number | null = null;
    const names = await writeRecords(INJECTION_CORPUS, CHAT_NAME_MAX, 'name', async (text) => {
      const chatId =
        spare ??
        (
          await creator.call<CreateChatAnswer>('POST', '/chats.json', {
            chat: { type: 'GroupChat' },
          })
        ).data.chat.id;
      const answer = await creator.request('PUT', `/chats/${chatId}.json`, {
        chat: { name: text },
      });
      spare = answer.status < 300 ? null : chatId;
      return answer;
    });
    const chatIds = names.written.map(
      (record) => (record.answer.json as CreateChatAnswer).data.chat.id,
    );
    for (const chatId of chatIds) {
      await creator.call('POST', '/party_chats.json', {
        party_chat: { chat_id: chatId, party_id: readerAccount.partyId },
      });
    }
    const [talk] = chatIds;
    const talkName = names.written[0];
    if (talk === undefined || !talkName) throw new Error('no chat was named');
    const messages = await writeRecords(INJECTION_CORPUS, CHAT_MESSAGE_MAX, 'base', (text) =>
      creator.request('POST', `/chats/${talk}/party_chat_messages.json`, {
        chat_message: { content: text },
      }),
    );

    const { page, dialogs } = await signedInPage(
      browser,
      baseURL ?? '',
      readerAccount.username,
      '/app/chats',
    );
    await loadUntilShown(page, page.getByTestId('chat-row'), 'data-chat-id', chatIds);
    await expectNothingRan(page, dialogs, 'the chat list');
    await expectShownAsText(
      page.getByTestId('chat-title'),
      payloadsOf(names.written),
      'the chat list',
    );

    await openInApp(page, `/app/chats/${talk}`);
    await expect(page.getByTestId('chat-message')).toHaveCount(messages.written.length);
    await expectNothingRan(page, dialogs, 'the chat');
    await expectShownAsText(
      page.getByTestId('chat-messages'),
      [...payloadsOf(messages.written), ...talkName.payloads],
      'the chat',
    );

    await openInApp(page, `/app/chat_parties/${talk}`);
    await expect(page.getByTestId('chat-messages')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNothingRan(page, dialogs, 'the chat’s members');
    await expectShownAsText(page.getByRole('main'), talkName.payloads, 'the chat’s members');

    const mine = await signedInPage(
      browser,
      baseURL ?? '',
      creatorAccount.username,
      `/app/chats/${talk}/edit`,
    );
    await expectInputValue(
      mine.page.getByTestId('chat-name-input'),
      talkName.text,
      'the rename form',
    );
    await expectNothingRan(mine.page, mine.dialogs, 'the rename form');
  });

  test('contact information: addresses and e-mail addresses on My Account and the member’s page', async ({
    browser,
    baseURL,
  }, testInfo) => {
    const accounts = lodgeAccounts();
    const ownerAccount = memberFor(accounts, 4, testInfo);
    const readerAccount = memberFor(accounts, 5, testInfo);
    const owner = await apiSignIn(baseURL ?? '', ownerAccount.username);
    const current = await owner.call<ContactInfoAnswer>('GET', '/contacts.json');
    const country = current.data.countries.find(
      (candidate) => candidate.states.length === 0 && !candidate.is_zip4,
    );
    const phones = current.data.parties[0]?.party.phones ?? [];
    if (!country) throw new Error('no country without states and zip shapes');

    // Twenty texts a round (five fields of four addresses) and three e-mail addresses.
    const fields = ['company', 'address_1', 'address_2', 'city', 'zip'] as const;
    const addressTypes = ['HomeAddress', 'OfficeAddress', 'SeasonalAddress', 'SeasonalAddress'];
    const emailTypes = ['PersonalEmail', 'PersonalEmail', 'WorkEmail'];
    const fits = (payload: InjectionPayload) => payload.text.trim().length <= CONTACT_TEXT_MAX;
    const addressRecords = packPayloads(STORABLE.filter(fits), CONTACT_TEXT_MAX);
    // In an address, the payloads that could run from a mailto: link or the markup around it;
    // the rest are text like the addresses' own, and would only add rounds. The first is an
    // address whose mailto: link would carry a hidden copy and a body: it comes first, so the
    // member's page (which shows the first address) links to it.
    const emailAddresses = [
      MAILTO_WITH_FIELDS,
      ...packPayloads(
        STORABLE.filter(
          (payload) =>
            MARKUP_FAMILIES.has(payload.family) && emailOf([payload]).length <= CONTACT_EMAIL_MAX,
        ),
        CONTACT_EMAIL_MAX - '@evil.example'.length,
      )
        .map(emailOf)
        .filter((address) => address.length <= CONTACT_EMAIL_MAX),
    ];
    const slotsPerRound = addressTypes.length * fields.length;
    const rounds = Math.max(
      Math.ceil(addressRecords.length / slotsPerRound),
      Math.ceil(emailAddresses.length / emailTypes.length),
    );

    const mine = await signedInPage(
      browser,
      baseURL ?? '',
      ownerAccount.username,
      '/app/my_account',
    );
    for (let round = 0; round < rounds; round += 1) {
      const texts = addressRecords.slice(round * slotsPerRound, (round + 1) * slotsPerRound);
      const emails = emailAddresses.slice(
        round * emailTypes.length,
        (round + 1) * emailTypes.length,
      );
      const text = (index: number) => {
        const record = texts[index];
        return record ? joinPayloads(record) : 'Corpus';
      };
      const addresses = addressTypes.map((type, index) => ({
        type,
        country_id: country.id,
        ...Object.fromEntries(
          fields.map((field, position) => [field, text(index * fields.length + position)]),
        ),
        ...(type === 'SeasonalAddress' ? { start_day: '01/01', end_day: '12/31' } : {}),
      }));
      await owner.call('PUT', '/contacts.json', {
        contact_metadata: {
          addresses,
          emails: emails.map((address, index) => ({ type: emailTypes[index], address })),
          phones,
        },
      });

      await mine.page.reload();
      await expect(mine.page.getByTestId('contact-section')).toBeVisible();
      await expectNothingRan(mine.page, mine.dialogs, `My Account, round ${round + 1}`);
      await expectShownAsText(
        mine.page.getByTestId('contact-section'),
        texts.flat(),
        `My Account, round ${round + 1}`,
      );
      await expectShownAsText(
        mine.page.getByTestId('contact-section'),
        emails.map((address) => ({ id: 0, family: 'url', text: address })),
        `My Account’s e-mails, round ${round + 1}`,
      );

      // Another member's view of the first round: the page shows the first address, whose
      // link must write to that address and to nobody else (no header fields). Every later
      // address goes through the same link; My Account shows them all.
      if (round === 0) {
        const theirs = await signedInPage(
          browser,
          baseURL ?? '',
          readerAccount.username,
          `/app/parties/${ownerAccount.partyId}`,
        );
        await expect(theirs.page.getByTestId('party-detail')).toBeVisible();
        await expectNothingRan(theirs.page, theirs.dialogs, 'the member’s page');
        const link = new URL(
          (await theirs.page.getByTestId('email-link').getAttribute('href')) ?? '',
        );
        expect({
          scheme: link.protocol,
          to: decodeURIComponent(link.pathname),
          fields: link.search,
          fragment: link.hash,
        }).toEqual({ scheme: 'mailto:', to: MAILTO_WITH_FIELDS, fields: '', fragment: '' });
      }
    }

    // Longer than a field holds: refused under that field, nothing stored.
    const tooLong = INJECTION_CORPUS.filter((payload) => !fits(payload));
    const refused = await owner.request('PUT', '/contacts.json', {
      contact_metadata: {
        addresses: tooLong.slice(0, addressTypes.length).map((payload, index) => ({
          type: addressTypes[index],
          country_id: country.id,
          address_1: payload.text,
          city: 'Corpus',
          zip: 'Corpus',
          ...(addressTypes[index] === 'SeasonalAddress'
            ? { start_day: '01/01', end_day: '12/31' }
            : {}),
        })),
        emails: [],
        phones,
      },
    });
    expect(refused.status).toBe(422);
    expect(
      Object.keys((refused.json as { errors: Record<string, string[]> }).errors).sort(),
    ).toEqual(
      tooLong
        .slice(0, addressTypes.length)
        .map((_payload, index) => `addresses.${index}.address_1`),
    );
  });

  test('the card: name and e-mail on the test checkout and the saved card on My Account', async ({
    browser,
    baseURL,
  }, testInfo) => {
    const accounts = lodgeAccounts();
    let payer: { account: Account; client: ApiClient; clubId: number } | null = null;
    for (let slot = 6; payer === null && slot < accounts.members.length; slot += 1) {
      const account = memberFor(accounts, slot, testInfo);
      const client = await apiSignIn(baseURL ?? '', account.username);
      const dues = await client.call<ClubDuesAnswer>('GET', '/club_dues');
      const owed = dues.data.organization_dues.find(
        (item) => 'total_cents' in item && item.total_cents > 0,
      );
      if (owed) payer = { account, client, clubId: owed.club_id };
    }
    if (!payer) throw new Error(`no member of ${CORPUS_LODGE} owes dues`);
    const checkout = await payer.client.call<DuesPaymentAnswer>(
      'GET',
      `/dues_payments/${payer.clubId}/edit`,
    );

    const { page, dialogs } = await signedInPage(
      browser,
      baseURL ?? '',
      payer.account.username,
      '/app/my_account',
    );
    await page.goto(checkout.data.task_token_url);
    // The form's body is held to 16 KB: the corpus goes through in parts.
    const records = packPayloads(
      STORABLE.filter((payload) => payload.text.length <= CHECKOUT_PART),
      CHECKOUT_PART,
    );
    for (const record of records) {
      await page.getByLabel('Name on card').fill(joinPayloads(record));
      await page.getByLabel('E-mail address').fill(emailOf(record));
      await page.getByLabel('Card number').fill('4000 0000 0000 0002');
      await page.getByLabel('Expiry (MM/YY)').fill('12/34');
      await page.getByRole('button', { name: /^Pay/ }).click();
      await expect(page.getByText(/declined/)).toBeVisible();
      await expectNothingRan(page, dialogs, 'the checkout page');
      await expectInputValue(
        page.getByLabel('Name on card'),
        joinPayloads(record),
        'the checkout’s name',
      );
    }
    const last = records.at(-1);
    if (!last) throw new Error('no part');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Save this card for next time').check();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL((url) => url.pathname === '/app/my_account');
    const card = page.getByTestId('payment-section');
    await expect(card).toBeVisible();
    await expectNothingRan(page, dialogs, 'My Account with the saved card');
    // Typed into a one-line field, so its line breaks were dropped or spaced.
    await expectShownAsText(card, last, 'the saved card', { spaces: 'ignored' });
    await expectShownAsText(
      card,
      [{ id: 0, family: 'script', text: emailOf(last) }],
      'the saved card’s e-mail',
    );
  });
});
