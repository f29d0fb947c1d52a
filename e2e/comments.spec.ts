/// <reference lib="dom" />
import crypto from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  ADD_A_COMMENT,
  CANCEL,
  COMMENT_HIDDEN,
  COMMENT_POSTED,
  CONFIRM_DELETE_COMMENT,
  OK,
  POST_COMMENT,
  POST_REPLY,
} from '../common/messages.ts';
import { ADMIN, MEMBER, MEMBER2 } from '../server/db/seed/personas.ts';
import { apiSignIn, sidewaysOverflow, openAs, seriousAxeViolations } from './support.ts';

/**
 * The comments of a post as members meet them on the real server (CMT-01..12, PERM-10,
 * PERM-11, AMB-17, AMB-34). Each test writes on a post of its own, made through the API as
 * member M in M's lodge (so M2 sees it too), so the tests run side by side without touching
 * the demo data others rely on.
 */

interface PostAnswer {
  data: { post: { id: number; comment_container: { id: number } } };
}

/** A fresh member post of M's, visible to M's lodge (M2 included). */
async function newPost(baseURL: string, allowsComments = true) {
  const member = await apiSignIn(baseURL, MEMBER.username);
  const answer = await member.call<PostAnswer>('POST', '/posts', {
    post: {
      subject: null,
      post_as: 'MEMBER',
      access: String(member.lodgeId),
      new_body: `<p>Comments test ${crypto.randomUUID()}</p>`,
      allows_comments: allowsComments,
    },
  });
  return {
    member,
    postId: answer.data.post.id,
    containerId: answer.data.post.comment_container.id,
  };
}

function section(page: Page) {
  return page.getByTestId('comments-section');
}

/** The comment article whose own text (not its replies') is `text`. */
function commentWith(page: Page, text: string): Locator {
  return section(page)
    .getByTestId('comment')
    .filter({ has: page.getByTestId('comment-text').getByText(text, { exact: true }) });
}

/** Opens a post, or given `as`, opens the app at the post signed in as that persona (D60). */
async function openPost(page: Page, postId: number, as?: string) {
  if (as) await openAs(page, as, `/app/news/${postId}`);
  else await page.goto(`/app/news/${postId}`);
  await expect(section(page).getByRole('heading', { level: 2 })).toHaveText(/^Comments \(\d+\)$/);
}

async function addComment(page: Page, text: string) {
  const form = section(page).getByTestId('comment-form');
  await form.getByLabel(ADD_A_COMMENT).fill(text);
  await form.getByRole('button', { name: POST_COMMENT }).click();
  await expect(commentWith(page, text)).toBeVisible();
  await expect(form.getByLabel(ADD_A_COMMENT)).toHaveValue('');
  // Issue 8 §5: the new comment takes the focus, in view (it may be far below the form).
  await expect(commentWith(page, text)).toBeFocused();
  await expect(commentWith(page, text)).toBeInViewport();
}

async function reply(page: Page, to: string, text: string) {
  await commentWith(page, to).getByRole('button', { name: 'Reply', exact: true }).click();
  const form = section(page).getByTestId('reply-form');
  await expect(form.getByRole('textbox')).toBeFocused();
  await form.getByRole('textbox').fill(text);
  await form.getByRole('button', { name: POST_REPLY }).click();
  await expect(commentWith(page, text)).toBeVisible();
  await expect(commentWith(page, text)).toBeFocused();
}

async function signedInPage(browser: Browser, username: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openAs(page, username);
  return page;
}

function background(locator: Locator) {
  return locator.evaluate((element) => getComputedStyle(element).backgroundColor);
}

test.describe('comments on a post', () => {
  // Some tests sign in three members, each in a browser of their own.
  test.describe.configure({ timeout: 90_000 });

  test('M comments, M2 replies, depth backgrounds alternate; only an admin deletes a comment with replies (CMT-01..04, CMT-08, CMT-02, PERM-11)', async ({
    page,
    browser,
    baseURL,
  }) => {
    const { postId } = await newPost(baseURL ?? '');
    await openPost(page, postId, MEMBER.username);
    await expect(section(page).getByText('No comments yet.')).toBeVisible();
    const submit = section(page).getByTestId('comment-form').getByRole('button', {
      name: POST_COMMENT,
    });
    await expect(submit).toBeDisabled();
    await addComment(page, 'Who is bringing the coffee urn?\nThe big one, please.');
    await expect(section(page).getByRole('heading', { level: 2 })).toHaveText('Comments (1)');
    const top = commentWith(page, 'Who is bringing the coffee urn?\nThe big one, please.');
    await expect(top).toContainText(MEMBER.firstName);

    const other = await signedInPage(browser, MEMBER2.username);
    await openPost(other, postId);
    await reply(other, 'Who is bringing the coffee urn?\nThe big one, please.', 'I will bring it.');
    // M2 may not edit, hide or delete M's comment (PERM-10).
    const seenByOther = commentWith(other, 'Who is bringing the coffee urn?\nThe big one, please.');
    await expect(seenByOther.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(seenByOther.getByRole('button', { name: 'Hide', exact: true })).toHaveCount(0);
    await other.context().close();

    await page.reload();
    await reply(page, 'I will bring it.', 'Thank you!');
    await expect(section(page).getByRole('heading', { level: 2 })).toHaveText('Comments (3)');
    const depth0 = commentWith(page, 'Who is bringing the coffee urn?\nThe big one, please.');
    const depth1 = commentWith(page, 'I will bring it.');
    const depth2 = commentWith(page, 'Thank you!');
    await expect(depth1).toHaveAttribute('data-depth', '1');
    await expect(depth2).toHaveAttribute('data-depth', '2');
    const [b0, b1, b2] = [
      await background(depth0),
      await background(depth1),
      await background(depth2),
    ];
    expect(b0).not.toBe(b1);
    expect(b2).toBe(b0);

    // PERM-11: M's comment has a reply, so M may not delete it ...
    await expect(depth0.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    await expect(depth0.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);

    // ... but an admin may.
    const admin = await signedInPage(browser, ADMIN.username);
    await openPost(admin, postId);
    const forAdmin = commentWith(admin, 'Who is bringing the coffee urn?\nThe big one, please.');
    await forAdmin.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = admin.getByRole('dialog');
    await expect(dialog).toContainText(CONFIRM_DELETE_COMMENT);
    await dialog.getByRole('button', { name: OK }).click();
    await expect(forAdmin).toHaveCount(0);
    await admin.context().close();
  });

  test('M hides a comment, which shows the hidden text to M2, then unhides it (CMT-06, CMT-09, CMT-10)', async ({
    page,
    browser,
    baseURL,
  }) => {
    const { postId } = await newPost(baseURL ?? '');
    await openPost(page, postId, MEMBER.username);
    await addComment(page, 'Please ignore this one.');
    const own = section(page).getByTestId('comment');
    await own.getByRole('button', { name: 'Hide', exact: true }).click();
    await expect(own.getByTestId('comment-text')).toHaveText(COMMENT_HIDDEN);
    await expect(own.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(own.getByRole('button', { name: 'Hide', exact: true })).toHaveCount(0);

    const other = await signedInPage(browser, MEMBER2.username);
    await openPost(other, postId);
    const seen = section(other).getByTestId('comment');
    await expect(seen.getByTestId('comment-text')).toHaveText(COMMENT_HIDDEN);
    await expect(seen.getByText('Please ignore this one.')).toHaveCount(0);
    await expect(seen.getByRole('button', { name: 'Unhide', exact: true })).toHaveCount(0);
    await other.context().close();

    await own.getByRole('button', { name: 'Unhide', exact: true }).click();
    await expect(own.getByTestId('comment-text')).toHaveText('Please ignore this one.');
    await expect(own.getByRole('button', { name: 'Hide', exact: true })).toBeVisible();
  });

  test('M edits a comment, then deletes one without replies after confirming (CMT-05, CMT-07, AMB-17)', async ({
    page,
    baseURL,
  }) => {
    const { postId } = await newPost(baseURL ?? '');
    await openPost(page, postId, MEMBER.username);
    await addComment(page, 'The meeting is at seven.');
    const comment = commentWith(page, 'The meeting is at seven.');
    await comment.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = section(page).getByTestId('edit-form');
    await expect(form.getByRole('textbox')).toBeFocused();
    await expect(form.getByRole('textbox')).toHaveValue('The meeting is at seven.');
    await form.getByRole('textbox').fill('The meeting is at half past seven.');
    await form.getByRole('button', { name: 'Save' }).click();
    const edited = commentWith(page, 'The meeting is at half past seven.');
    await expect(edited).toBeVisible();

    await edited.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: CANCEL }).click();
    await expect(edited).toBeVisible();
    await edited.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText(CONFIRM_DELETE_COMMENT);
    await page.getByRole('dialog').getByRole('button', { name: OK }).click();
    await expect(edited).toHaveCount(0);
    await expect(section(page).getByText('No comments yet.')).toBeVisible();
    await expect(section(page).getByRole('heading', { level: 2 })).toHaveText('Comments (0)');
  });

  test('with comments off, existing comments show with no form and no Reply (AMB-34)', async ({
    page,
    baseURL,
  }) => {
    const { member, postId, containerId } = await newPost(baseURL ?? '');
    await member.call('POST', '/comments', {
      comment: { comment_container_id: containerId, parent_id: null, comment: 'Said before.' },
    });
    await member.call('PUT', `/posts/${postId}.json`, {
      post: { subject: null, allows_comments: false },
    });
    await openPost(page, postId, MEMBER.username);
    await expect(commentWith(page, 'Said before.')).toBeVisible();
    await expect(section(page).getByLabel(ADD_A_COMMENT)).toHaveCount(0);
    await expect(section(page).getByRole('button', { name: 'Reply', exact: true })).toHaveCount(0);
  });

  test('on a phone, a new comment below many others is brought into view, lit up and announced (issue 8 §5, AMB-29)', async ({
    page,
    baseURL,
  }) => {
    const { member, postId, containerId } = await newPost(baseURL ?? '');
    for (let index = 1; index <= 15; index += 1) {
      await member.call('POST', '/comments', {
        comment: {
          comment_container_id: containerId,
          parent_id: null,
          comment: `Earlier comment ${index}: a few words to give it some height on a phone.`,
        },
      });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await openPost(page, postId, MEMBER2.username);
    const form = section(page).getByTestId('comment-form');
    await form.getByLabel(ADD_A_COMMENT).scrollIntoViewIfNeeded();
    await expect(
      commentWith(page, 'Earlier comment 15: a few words to give it some height on a phone.'),
    ).not.toBeInViewport();

    const text = 'I will bring the coffee urn.';
    await form.getByLabel(ADD_A_COMMENT).fill(text);
    await form.getByRole('button', { name: POST_COMMENT }).click();
    const posted = commentWith(page, text);
    await expect(posted).toHaveAttribute('data-highlighted', 'true');
    await expect(posted).toBeInViewport();
    await expect(posted).toBeFocused();
    await expect(section(page).getByRole('status')).toHaveText(COMMENT_POSTED);
    await expect(section(page).getByRole('heading', { level: 2 })).toHaveText('Comments (16)');
    // The light goes out by itself (AMB-29's four seconds); the comment stays where it is.
    await expect(posted).not.toHaveAttribute('data-highlighted');
    await expect(posted).toBeInViewport();
  });

  test('a deep thread fits a phone and passes the accessibility checks (CMT-01, CMT-11)', async ({
    page,
    baseURL,
  }) => {
    const { member, postId, containerId } = await newPost(baseURL ?? '');
    let parentId: number | null = null;
    for (let depth = 0; depth < 7; depth += 1) {
      const answer: ContainerAnswer = await member.call<ContainerAnswer>('POST', '/comments', {
        comment: {
          comment_container_id: containerId,
          parent_id: parentId,
          comment: `Level ${depth} of the thread.`,
        },
      });
      parentId = newest(answer.data.comment_container.comments);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await openPost(page, postId, MEMBER.username);
    await expect(commentWith(page, 'Level 6 of the thread.')).toBeVisible();
    await expect(commentWith(page, 'Level 6 of the thread.')).toContainText(
      `In reply to ${MEMBER.firstName}`,
    );
    expect(await sidewaysOverflow(page)).toBe(0);
    const deepest = await commentWith(page, 'Level 6 of the thread.').boundingBox();
    expect(deepest?.width ?? 0).toBeGreaterThan(250);

    await commentWith(page, 'Level 6 of the thread.')
      .getByRole('button', { name: 'Reply', exact: true })
      .click();
    await expect(section(page).getByTestId('reply-form').getByRole('textbox')).toBeFocused();
    expect(await seriousAxeViolations(page, '[data-testid="comments-section"]')).toEqual([]);
  });
});

interface ContainerAnswer {
  data: { comment_container: { comments: CommentNode[] } };
}
interface CommentNode {
  id: number;
  children: CommentNode[];
}

/** The highest id in a comment tree: the comment just written. */
function newest(comments: CommentNode[]): number {
  return Math.max(0, ...comments.map((node) => Math.max(node.id, newest(node.children))));
}
