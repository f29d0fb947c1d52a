/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page, type Request } from '@playwright/test';
import { ACCESS_LABELS, ALL_FOLLOWERS_ACCESS, POST_AS_MEMBER_VALUE } from '../common/constants.ts';
import {
  ALL_FOLLOWERS,
  ALLOWS_COMMENTS,
  BACK_TO_POSTS,
  CANCEL,
  CANT_BE_BLANK,
  EDIT_POST,
  EDIT_POST_LINK,
  ERROR_CREATING_POST,
  ERROR_UPDATING_POST,
  imageFileTypeInvalid,
  membersOfLodge,
  NEW_POST,
  NOT_FOUND_TITLE,
  POST_AS,
  POST_AS_MEMBER,
  POST_BODY_LABEL,
  PUBLISH_POST,
  removePhoto,
  SAVE_CHANGES,
  SAVING_POST,
  SUBJECT,
  TRY_AGAIN,
  VISIBILITY,
  VISIBILITY_AUTHORS_ONLY,
  webmasterOfLodge,
} from '../common/messages.ts';
import { ADMIN, MEMBER, MEMBER2, WEBMASTER } from '../server/db/seed/personas.ts';
import { API, heading, sidewaysOverflow, openAs, seriousAxeViolations } from './support.ts';

/**
 * The post form as members use it against the real server (ROUTE-07, ROUTE-09, POST-08..18,
 * PERM-05, PERM-08, VAL-03, ERR-37, ERR-38, CONST-18..21, AMB-09, AMB-18, AMB-42): what it
 * offers to whom, what it sends, that Cancel sends nothing, and that a post made here reaches
 * another member.
 */

const L1_NAME = 'Harmony Lodge No. 412';
const L2_NAME = 'Olentangy Lodge No. 614';
const PHOTO = fileURLToPath(new URL('./fixtures/lodge-hall.png', import.meta.url));
const SECOND_PHOTO = fileURLToPath(new URL('./fixtures/picnic.png', import.meta.url));

/** A fixture as a file payload, so it can be picked together with made-up files. */
const payload = (file: string, name: string, mimeType: string) => ({
  name,
  mimeType,
  buffer: readFileSync(file),
});
const SCAN_TIFF = { name: 'scan.tiff', mimeType: 'image/tiff', buffer: Buffer.from('II*\u0000') };

interface SentPhoto {
  id?: number;
  guid?: string;
  image_file_name?: string;
  image_content_type?: string;
  image_base64?: string;
}
interface SentPost {
  post: {
    subject?: string | null;
    access?: string;
    post_as?: string | number;
    new_body?: string;
    allows_comments?: boolean;
    photos_attributes?: SentPhoto[];
  };
}
interface PostAnswer {
  data: {
    post: { id: number; subject: string | null; photos: { id: number }[]; access: string };
    post_body: { body: string };
  };
}

const isPostWrite = (request: Request) =>
  (request.method() === 'POST' && new URL(request.url()).pathname === `${API}/posts`) ||
  (request.method() === 'PUT' && /\/posts\/\d+\.json$/.test(new URL(request.url()).pathname));

const postAs = (page: Page) => page.getByLabel(POST_AS);
const visibility = (page: Page) => page.getByLabel(VISIBILITY);
const subject = (page: Page) => page.getByLabel(SUBJECT);
const body = (page: Page) => page.getByRole('textbox', { name: POST_BODY_LABEL });
const photoInput = (page: Page) => page.locator('input[type="file"]');

async function optionLabels(select: ReturnType<typeof postAs>): Promise<string[]> {
  return select.locator('option').allTextContents();
}

/** A second signed-in member, in a context of their own. */
async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openAs(page, username);
  return page;
}

/** From the post list, the New Post button: the form opens with history behind it. */
async function openNewPost(page: Page) {
  if (new URL(page.url()).pathname !== '/app/news') await page.goto('/app/news');
  await page.getByRole('link', { name: NEW_POST }).click();
  await expect(heading(page, NEW_POST)).toBeVisible();
  await expect(body(page)).toBeVisible();
}

/** Types into the editor: "Lodge picnic on " plain, then "Saturday" in bold. */
async function writeBody(page: Page) {
  await body(page).click();
  await page.keyboard.type('Lodge picnic on ');
  await page.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type('Saturday');
  await page.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type(' at noon.');
}

/** As W: a lodge post with subject, bold text and one photo. Returns what was sent and saved. */
async function createLodgePost(page: Page, title: string) {
  await openNewPost(page);
  await postAs(page).selectOption({ label: webmasterOfLodge(L2_NAME) });
  await subject(page).fill(title);
  await writeBody(page);
  await photoInput(page).setInputFiles(PHOTO);
  await expect(page.getByRole('img', { name: 'lodge-hall.png' })).toBeVisible();
  const sent = page.waitForRequest(isPostWrite);
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/posts'),
  );
  // POST-16: once saved, the list is fetched again from page 0.
  const refetched = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === `${API}/posts.json` && url.searchParams.get('page') === '0';
  });
  await page.getByRole('button', { name: PUBLISH_POST }).click();
  const request = (await sent).postDataJSON() as SentPost;
  const response = await answered;
  expect(response.status(), await response.text()).toBe(200);
  const saved = (await response.json()) as PostAnswer;
  await refetched;
  return { request, saved };
}

test.describe('the New Post form', () => {
  test('W posts as the lodge with subject, bold text and a photo; M2 reads it (POST-08..12, POST-16, POST-17, AMB-09, AMB-42)', async ({
    page,
    browser,
  }) => {
    await openAs(page, WEBMASTER.username);
    const title = `Summer picnic ${Date.now()}`;
    const { request, saved } = await createLodgePost(page, title);

    expect(request.post.post_as).toMatch(/^[1-9][0-9]*$/);
    expect(request.post).toMatchObject({
      subject: title,
      access: 'PUBLIC',
      allows_comments: true,
    });
    expect(request.post.new_body).toContain('<strong>Saturday</strong>');
    const [photo] = request.post.photos_attributes ?? [];
    expect(photo).toMatchObject({
      image_file_name: 'lodge-hall.png',
      image_content_type: 'image/png',
    });
    expect(photo?.guid).toBeTruthy();
    expect(photo?.image_base64).toMatch(/^iVBORw0KGgo/); // plain base64 of a PNG, no data: prefix
    expect(saved.data.post.subject).toBe(title);
    expect(saved.data.post.photos).toHaveLength(1);

    // POST-16: back on the list, which is fetched again.
    await expect(page).toHaveURL(/\/app\/news$/);
    await expect(page.getByText(title).first()).toBeVisible();

    // The detail shows the body as saved, bold included.
    await page.goto(`/app/news/${saved.data.post.id}`);
    await expect(page.locator('strong', { hasText: 'Saturday' })).toBeVisible();

    // Another member, in another browser, can read it (PUBLIC).
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await openAs(otherPage, MEMBER2.username);
    const detail = otherPage.waitForResponse((response) =>
      response.url().endsWith(`/posts/${saved.data.post.id}.json`),
    );
    await otherPage.goto(`/app/news/${saved.data.post.id}`);
    expect((await detail).status()).toBe(200);
    await expect(otherPage.getByText(title).first()).toBeVisible();
    await expect(otherPage.locator('strong', { hasText: 'Saturday' })).toBeVisible();
    await other.close();
  });

  test('Post As shows or hides Subject and changes the Visibility choices (POST-09, POST-10, POST-13, PERM-05, CONST-18)', async ({
    page,
  }) => {
    await openAs(page, WEBMASTER.username, '/app/news');
    await openNewPost(page);
    expect(await optionLabels(postAs(page))).toEqual([POST_AS_MEMBER, webmasterOfLodge(L2_NAME)]);
    await expect(postAs(page)).toHaveValue(POST_AS_MEMBER_VALUE);
    await expect(subject(page)).toHaveCount(0);
    const memberChoices = await optionLabels(visibility(page));
    expect(memberChoices[0]).toBe(ALL_FOLLOWERS);
    await expect(visibility(page)).toHaveValue(ALL_FOLLOWERS_ACCESS);

    await postAs(page).selectOption({ label: webmasterOfLodge(L2_NAME) });
    await expect(subject(page)).toBeVisible();
    expect(await optionLabels(visibility(page))).toEqual([
      ACCESS_LABELS.PUBLIC,
      ACCESS_LABELS.MEMBER,
      ACCESS_LABELS.CLUB,
    ]);
    await expect(visibility(page)).toHaveValue('PUBLIC');

    await postAs(page).selectOption(POST_AS_MEMBER_VALUE);
    await expect(subject(page)).toHaveCount(0);
    expect(await optionLabels(visibility(page))).toEqual(memberChoices);
    await expect(page.getByLabel(ALLOWS_COMMENTS)).toBeChecked();

    const shots = process.env.POST_FORM_SCREENSHOTS;
    if (shots) {
      await postAs(page).selectOption({ label: webmasterOfLodge(L2_NAME) });
      await page.getByRole('button', { name: PUBLISH_POST }).click();
      await photoInput(page).setInputFiles([
        payload(PHOTO, 'lodge-hall.png', 'image/png'),
        SCAN_TIFF,
      ]);
      await expect(page.getByRole('img', { name: 'lodge-hall.png' })).toBeVisible();
      await page.screenshot({ path: `${shots}/post-form-1280.png`, fullPage: true });
    }
  });

  test('M may post only as Member, to All followers or Members of L1 (POST-09, PERM-08, PERM-09)', async ({
    page,
  }) => {
    await openAs(page, MEMBER.username, '/app/news');
    await openNewPost(page);
    expect(await optionLabels(postAs(page))).toEqual([POST_AS_MEMBER]);
    expect(await optionLabels(visibility(page))).toEqual([ALL_FOLLOWERS, membersOfLodge(L1_NAME)]);
  });

  test('turns down scan.tiff with the VAL-03 message and keeps a good photo (VAL-01, VAL-03, AMB-18)', async ({
    page,
  }) => {
    await openAs(page, MEMBER.username, '/app/news');
    await openNewPost(page);
    await photoInput(page).setInputFiles([
      SCAN_TIFF,
      payload(SECOND_PHOTO, 'picnic.png', 'image/png'),
    ]);
    await expect(page.getByText(imageFileTypeInvalid('scan.tiff'))).toBeVisible();
    await expect(page.getByRole('img', { name: 'picnic.png' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'scan.tiff' })).toHaveCount(0);
    // A preview can be taken out again.
    await page.getByRole('button', { name: removePhoto('picnic.png') }).click();
    await expect(page.getByRole('img', { name: 'picnic.png' })).toHaveCount(0);
  });

  test('checks the body and a lodge post’s subject before sending anything (§5)', async ({
    page,
  }) => {
    await openAs(page, WEBMASTER.username);
    const writes: Request[] = [];
    page.on('request', (request) => {
      if (isPostWrite(request)) writes.push(request);
    });
    await openNewPost(page);
    await postAs(page).selectOption({ label: webmasterOfLodge(L2_NAME) });
    await page.getByRole('button', { name: PUBLISH_POST }).click();
    await expect(page.getByText(CANT_BE_BLANK)).toHaveCount(2);
    await expect(subject(page)).toBeFocused();
    expect(writes).toHaveLength(0);
  });

  test('Cancel goes back and sends nothing (POST-15)', async ({ page }) => {
    await openAs(page, WEBMASTER.username);
    const writes: Request[] = [];
    page.on('request', (request) => {
      if (isPostWrite(request)) writes.push(request);
    });
    await openNewPost(page);
    await writeBody(page);
    await photoInput(page).setInputFiles(PHOTO);
    await page.getByRole('button', { name: CANCEL }).click();
    await expect(page).toHaveURL(/\/app\/news$/);
    expect(writes).toHaveLength(0);
  });

  test('a failed save shows the fallback and lets the member try again (ERR-37, §4 Forms)', async ({
    page,
  }) => {
    await openAs(page, MEMBER.username);
    // The answer waits until the test has seen the form while it is saving.
    let answer: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route(`**${API}/posts`, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await released;
      return route.fulfill({
        status: 400,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'https://lodgehall.org/problems/bad-request', status: 400 }),
      });
    });
    await openNewPost(page);
    await writeBody(page);
    await page.getByRole('button', { name: PUBLISH_POST }).click();
    // §4 Forms: while saving, the inputs are disabled and the button spins.
    await expect(page.getByRole('status').filter({ hasText: SAVING_POST })).toBeVisible();
    await expect(visibility(page)).toBeDisabled();
    await expect(page.getByLabel(ALLOWS_COMMENTS)).toBeDisabled();
    await expect(page.getByRole('button', { name: CANCEL })).toBeDisabled();
    await expect(body(page)).toHaveAttribute('contenteditable', 'false');
    answer();
    await expect(page.getByTestId('base-errors')).toHaveText(ERROR_CREATING_POST);
    await expect(heading(page, NEW_POST)).toBeVisible();
    await expect(page.getByRole('button', { name: PUBLISH_POST })).toBeEnabled();
    await expect(visibility(page)).toBeEnabled();
    await expect(body(page)).toHaveAttribute('contenteditable', 'true');
  });
});

test.describe('the editor', () => {
  test('comes in its own chunk from the app host, only when the form opens (API-OTHER-01, POST-11)', async ({
    page,
    baseURL,
  }) => {
    const editorChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/RichTextBodyEditor-[^/]*\.js$/.test(request.url())) editorChunks.push(request.url());
    });
    await openAs(page, WEBMASTER.username, '/app/news');
    await expect(page.getByRole('link', { name: NEW_POST })).toBeVisible();
    expect(editorChunks).toEqual([]);

    await page.getByRole('link', { name: NEW_POST }).click();
    await expect(body(page)).toBeVisible();
    expect(editorChunks).toHaveLength(1);
    expect(new URL(editorChunks[0] ?? '').origin).toBe(new URL(baseURL ?? '').origin);

    // The toolbar works: a heading, a list and italic text end up as HTML in the request.
    await body(page).click();
    await page.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.keyboard.type('Agenda');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('Minutes');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Italic' }).click();
    await page.keyboard.type('Treasurer');
    await expect(body(page).locator('h2')).toHaveText('Agenda');
    await expect(body(page).locator('li em')).toHaveText('Treasurer');

    expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  });
});

test.describe('the Edit Post form', () => {
  test('keeps the saved photo as {id} and sends a new one with base64 (ROUTE-09, POST-18)', async ({
    page,
  }) => {
    await openAs(page, WEBMASTER.username);
    const title = `Ladies night ${Date.now()}`;
    const { saved } = await createLodgePost(page, title);
    const id = saved.data.post.id;
    const savedPhotoId = saved.data.post.photos[0]?.id;
    expect(savedPhotoId).toBeDefined();

    // Opened from the detail's Edit link, so saving goes back there (POST-16).
    await page.goto(`/app/news/${id}`);
    await page.getByRole('link', { name: EDIT_POST_LINK }).click();
    await expect(heading(page, EDIT_POST)).toBeVisible();
    await expect(subject(page)).toHaveValue(title);
    await expect(body(page)).toContainText('Lodge picnic on Saturday at noon.');
    await expect(postAs(page)).toBeDisabled();
    await expect(visibility(page)).toHaveValue('PUBLIC');
    await expect(page.getByRole('img', { name: 'photo 1' })).toBeVisible();

    await subject(page).fill(`${title} (changed)`);
    await visibility(page).selectOption({ label: ACCESS_LABELS.MEMBER });
    await page.getByLabel(ALLOWS_COMMENTS).uncheck();
    await photoInput(page).setInputFiles(SECOND_PHOTO);
    await expect(page.getByRole('img', { name: 'picnic.png' })).toBeVisible();
    const shots = process.env.POST_FORM_SCREENSHOTS;
    if (shots) await page.screenshot({ path: `${shots}/post-form-edit-1280.png`, fullPage: true });

    const sent = page.waitForRequest(isPostWrite);
    const answered = page.waitForResponse((response) => response.request().method() === 'PUT');
    await page.getByRole('button', { name: SAVE_CHANGES }).click();
    const request = await sent;
    expect(new URL(request.url()).pathname).toBe(`${API}/posts/${id}.json`);
    const sentPost = (request.postDataJSON() as SentPost).post;
    expect(sentPost).not.toHaveProperty('post_as');
    expect(sentPost).toMatchObject({
      subject: `${title} (changed)`,
      access: 'MEMBER',
      allows_comments: false,
    });
    expect(sentPost.photos_attributes?.[0]).toEqual({ id: savedPhotoId });
    expect(sentPost.photos_attributes?.[1]).toMatchObject({
      image_file_name: 'picnic.png',
      image_content_type: 'image/png',
    });
    expect(sentPost.photos_attributes?.[1]?.image_base64).toMatch(/^iVBORw0KGgo/);
    const response = await answered;
    expect(response.status(), await response.text()).toBe(200);
    const updated = (await response.json()) as PostAnswer;
    expect(updated.data.post.photos).toHaveLength(2);
    // Back to the detail it was opened from.
    await expect(page).toHaveURL(new RegExp(`/app/news/${id}$`));
  });

  test('a member post to the member’s lodge opens with that lodge chosen; a refusal shows ERR-38', async ({
    page,
  }) => {
    await openAs(page, MEMBER.username, '/app/news');
    await openNewPost(page);
    await visibility(page).selectOption({ label: membersOfLodge(L1_NAME) });
    await writeBody(page);
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/posts'),
    );
    await page.getByRole('button', { name: PUBLISH_POST }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    const saved = (await response.json()) as PostAnswer;
    const sent = response.request().postDataJSON() as SentPost;
    expect(sent.post).toMatchObject({ post_as: 'MEMBER', subject: null });
    expect(sent.post.access).toMatch(/^[1-9][0-9]*$/); // AMB-09: the lodge id as text
    await expect(page).toHaveURL(/\/app\/news$/);

    await page.goto(`/app/news/${saved.data.post.id}/edit`);
    await expect(heading(page, EDIT_POST)).toBeVisible();
    await expect(subject(page)).toHaveCount(0);
    await expect(visibility(page)).toHaveValue(sent.post.access ?? '');
    await expect(body(page)).toContainText('Saturday');

    await page.route(`**${API}/posts/${saved.data.post.id}.json`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 403,
            contentType: 'application/problem+json',
            body: JSON.stringify({
              type: 'https://lodgehall.org/problems/forbidden',
              status: 403,
              errors: { base: ['You may not do that.'] },
            }),
          })
        : route.fallback(),
    );
    await page.getByRole('button', { name: SAVE_CHANGES }).click();
    await expect(page.getByTestId('base-errors')).toHaveText(ERROR_UPDATING_POST);
  });

  test('another member gets the 404 page; an admin gets the form with the author’s visibility read-only (PERM-12, AMB-44)', async ({
    page,
    browser,
  }) => {
    await openAs(page, MEMBER.username, '/app/news');
    await openNewPost(page);
    await visibility(page).selectOption({ label: membersOfLodge(L1_NAME) });
    await writeBody(page);
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/posts'),
    );
    await page.getByRole('button', { name: PUBLISH_POST }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    const id = ((await response.json()) as PostAnswer).data.post.id;
    const lodgeId = (response.request().postDataJSON() as SentPost).post.access ?? '';

    // M2 may not change M's post: no form that could only fail on save.
    const other = await signedInPage(browser, MEMBER2.username);
    await other.goto(`/app/news/${id}/edit`);
    await expect(heading(other, NOT_FOUND_TITLE)).toBeVisible();
    await expect(visibility(other)).toHaveCount(0);
    await other.context().close();

    // The admin may, but the visibility choices are M's: shown, locked, sent back unchanged.
    const admin = await signedInPage(browser, ADMIN.username);
    await admin.goto(`/app/news/${id}/edit`);
    await expect(heading(admin, EDIT_POST)).toBeVisible();
    await expect(body(admin)).toContainText('Saturday');
    await expect(visibility(admin)).toBeDisabled();
    await expect(visibility(admin)).toHaveValue(lodgeId);
    await expect(admin.getByText(VISIBILITY_AUTHORS_ONLY)).toBeVisible();
    const sent = admin.waitForRequest(isPostWrite);
    await admin.getByRole('button', { name: SAVE_CHANGES }).click();
    expect(((await sent).postDataJSON() as SentPost).post.access).toBe(lodgeId);
    await admin.context().close();
  });

  test('a load failure other than 404 shows only Try again and the way back (ERR-60, AMB-15)', async ({
    page,
  }) => {
    await openAs(page, MEMBER.username);
    await page.route(`**${API}/posts/*.json`, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 403,
            contentType: 'application/problem+json',
            body: JSON.stringify({ type: 'https://lodgehall.org/problems/forbidden', status: 403 }),
          })
        : route.fallback(),
    );
    await page.goto('/app/news/1/edit');
    await expect(page.getByRole('button', { name: TRY_AGAIN })).toBeVisible();
    await expect(page.getByRole('link', { name: BACK_TO_POSTS })).toBeVisible();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('an unknown post shows the 404 page', async ({ page }) => {
    await openAs(page, MEMBER.username, '/app/news/999999/edit');
    await expect(heading(page, NOT_FOUND_TITLE)).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the form fits the screen without sideways scrolling', async ({ page }) => {
    await openAs(page, WEBMASTER.username, '/app/news');
    await openNewPost(page);
    await postAs(page).selectOption({ label: webmasterOfLodge(L2_NAME) });
    await photoInput(page).setInputFiles([PHOTO, SECOND_PHOTO]);
    await expect(page.getByRole('img', { name: 'picnic.png' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    const shots = process.env.POST_FORM_SCREENSHOTS;
    if (shots) await page.screenshot({ path: `${shots}/post-form-390.png`, fullPage: true });
  });
});
