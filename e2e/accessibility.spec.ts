/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { contrastRatio } from '../common/contrast.ts';
import {
  ALLOWS_COMMENTS,
  GO_TO_ABOUT_PAGE,
  NAV_CHATS,
  NAV_NOTICES,
  NAV_SIGN_IN,
  NOT_FOUND_TITLE,
  SHOW_PASSWORD,
  SKIP_TO_CONTENT,
} from '../common/messages.ts';
import type { Comment, CommentContainerAnswer } from '../common/schemas/comment.ts';
import type { Post } from '../common/schemas/post.ts';
import { DEMO_CLUBS, MEMBER, MEMBER2 } from '../server/db/seed/personas.ts';
import {
  accountLink,
  API,
  heading,
  sidewaysOverflow,
  openAs,
  userMetadata,
  axeViolations,
} from './support.ts';

/**
 * Lodgehall by keyboard, by screen reader and by thumb on the real server (issue 8 §5,
 * docs/architecture.md §8, D26): the skip link, a focus ring that shows on every surface, names
 * that carry the unseen counts, 44 px targets, the phone's top bar, comment avatars, the
 * visitor's 404 page, and axe over the screens these touch.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const CENTENNIAL = 'centennial banquet'; // L1's lodge post: 3 photos and a comment thread

/**
 * The seeded centennial banquet post, from L1's list as the member's browser loads it; given
 * `as`, the list is the app's first screen, signed in as that persona (D60).
 */
async function centennialPost(page: Page, as?: string): Promise<Post> {
  const list = page.waitForResponse(
    (response) => new URL(response.url()).pathname === `${API}/clubs/posts.json`,
  );
  if (as) await openAs(page, as, `/app/clubs/${DEMO_CLUBS.L1}/news`);
  else await page.goto(`/app/clubs/${DEMO_CLUBS.L1}/news`);
  const answer = (await (await list).json()) as { data: { posts: Post[] } };
  const post = answer.data.posts.find((candidate) => candidate.subject?.includes(CENTENNIAL));
  if (!post) throw new Error(`No ${CENTENNIAL} post on the first page of ${DEMO_CLUBS.L1}`);
  return post;
}

/** Opens a post's own screen with a full page load, as a bookmark would. */
async function openPost(page: Page, post: Post): Promise<void> {
  await page.goto(`/app/news/${post.id}`);
  await expect(page.getByRole('heading', { level: 2, name: /^Comments/ })).toBeVisible();
}

interface Ring {
  /** What has focus, for the failure message. */
  label: string;
  /**
   * Where the ring is drawn: the element's outline, its ::after (a stretched or inset ring), or
   * the box round it (an editor's writing area rings the editor).
   */
  where: 'outline' | 'after-outline' | 'after-border' | 'box-outline' | 'none';
  widthPx: number;
  colour: string;
  /** The first opaque background behind the ring. */
  backdrop: string;
}

/** The focus ring of the focused element, as the browser computed it. */
function focusRing(page: Page): Promise<Ring | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    const opaque = (colour: string) =>
      colour !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(colour.replace(/\s+/g, ' '));
    const backdrop = (from: Element | null) => {
      for (let node = from; node; node = node.parentElement) {
        const colour = getComputedStyle(node).backgroundColor;
        if (opaque(colour)) return colour;
      }
      return 'rgb(255, 255, 255)';
    };
    const label =
      element.getAttribute('aria-label') ??
      (element.textContent?.trim().slice(0, 40) || element.tagName.toLowerCase());
    const own = getComputedStyle(element);
    if (own.outlineStyle !== 'none' && parseFloat(own.outlineWidth) > 0) {
      // A ring drawn inside the edge sits on the element's own background.
      const inside = parseFloat(own.outlineOffset) < 0;
      return {
        label,
        where: 'outline' as const,
        widthPx: parseFloat(own.outlineWidth),
        colour: own.outlineColor,
        backdrop: backdrop(inside ? element : element.parentElement),
      };
    }
    const after = getComputedStyle(element, '::after');
    if (after.outlineStyle !== 'none' && parseFloat(after.outlineWidth) > 0) {
      return {
        label,
        where: 'after-outline' as const,
        widthPx: parseFloat(after.outlineWidth),
        colour: after.outlineColor,
        backdrop: backdrop(element.parentElement),
      };
    }
    if (after.borderTopStyle !== 'none' && parseFloat(after.borderTopWidth) > 0) {
      return {
        label,
        where: 'after-border' as const,
        widthPx: parseFloat(after.borderTopWidth),
        colour: after.borderTopColor,
        backdrop: backdrop(element.parentElement),
      };
    }
    for (let box = element.parentElement, up = 0; box && up < 4; box = box.parentElement, up += 1) {
      const style = getComputedStyle(box);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) {
        return {
          label,
          where: 'box-outline' as const,
          widthPx: parseFloat(style.outlineWidth),
          colour: style.outlineColor,
          backdrop: backdrop(box.parentElement),
        };
      }
    }
    return {
      label,
      where: 'none' as const,
      widthPx: 0,
      colour: '',
      backdrop: backdrop(element.parentElement),
    };
  });
}

/** Why the ring falls short of WCAG 2.2 2.4.13 (2 px, 3:1 against what is round it), or null. */
function ringProblem(ring: Ring): string | null {
  if (ring.where === 'none') return `${ring.label}: no focus ring`;
  if (ring.widthPx < 2) return `${ring.label}: ring ${ring.widthPx}px`;
  const ratio = contrastRatio(ring.colour, ring.backdrop);
  if (ratio < 3)
    return `${ring.label}: ${ring.colour} on ${ring.backdrop} is ${ratio.toFixed(2)}:1`;
  return null;
}

/**
 * Presses Tab through the whole screen, until focus leaves the page (or `max` presses), and
 * lists every stop whose ring falls short.
 */
async function tabThrough(page: Page, max: number): Promise<{ stops: number; problems: string[] }> {
  const problems: string[] = [];
  let stops = 0;
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press('Tab');
    const ring = await focusRing(page);
    if (!ring) break;
    stops += 1;
    const problem = ringProblem(ring);
    if (problem) problems.push(problem);
  }
  return { stops, problems };
}

/** Every control smaller than 44 × 44 px, leaving out links inside running text (WCAG 2.5.8). */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex="0"]';
    const small: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (style.display === 'inline') continue;
      if (box.width < 44 || box.height < 44) {
        const name =
          element.getAttribute('aria-label') ??
          (element.textContent?.trim().slice(0, 30) || element.tagName.toLowerCase());
        small.push(`${name} ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  });
}

test.describe('skip link (issue 8 §5, WCAG 2.4.1)', () => {
  test('signed out: the first Tab shows Skip to content, and Enter takes the next Tab into the form', async ({
    page,
  }) => {
    await page.goto('/app/user/signIn');
    await expect(heading(page, 'Sign In')).toBeVisible();
    const skip = page.getByRole('link', { name: SKIP_TO_CONTENT });
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/app\/user\/signIn$/);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Username')).toBeFocused();
  });

  test('signed in, on a post: Tab, Enter, Tab reaches the post instead of the top bar and menu', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    const post = await centennialPost(page, MEMBER.username);
    await openPost(page, post);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: SKIP_TO_CONTENT })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    const focusedInMain = await page.evaluate(
      () => document.querySelector('main')?.contains(document.activeElement) ?? false,
    );
    expect(focusedInMain).toBe(true);
    await expect(page.getByRole('main').getByRole('link', { name: /Back to/ })).toBeFocused();
  });
});

test.describe('focus ring (issue 8 §5, WCAG 2.2 2.4.13)', () => {
  test('every Tab stop on the sign-in screen shows a 2 px+ ring at 3:1 or more, inputs included', async ({
    page,
  }) => {
    await page.goto('/app/user/signIn');
    await expect(heading(page, 'Sign In')).toBeVisible();
    const { stops, problems } = await tabThrough(page, 30);
    // Skip link, logo, About, Sign In, the two fields, the eye, Sign In, the two links.
    expect(stops).toBeGreaterThanOrEqual(9);
    expect(problems).toEqual([]);
    // A text field shows more than Mantine's 1 px border change: the 3 px ring and a 2 px border.
    await page.getByLabel('Username').focus();
    const ring = await focusRing(page);
    expect(ring?.where).toBe('outline');
    expect(ring?.widthPx).toBe(3);
    const border = await page
      .getByLabel('Username')
      .evaluate((element) => getComputedStyle(element).boxShadow);
    expect(border).toMatch(/0px 0px 0px 1px/);
  });

  test('every Tab stop on a post with photos and comments shows the ring, mosaic tiles whole', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    const post = await centennialPost(page, MEMBER.username);
    await openPost(page, post);
    const { stops, problems } = await tabThrough(page, 80);
    // The top bar, both menus, the post, its photos, the comments and My Memberships.
    expect(stops).toBeGreaterThanOrEqual(30);
    expect(problems).toEqual([]);

    // A tile's ring is drawn inside the tile, where the mosaic's clip cannot cut it.
    const tile = page.getByRole('button', { name: /^Open photo 1 of/ });
    await tile.focus();
    const ring = await focusRing(page);
    expect(ring?.where).toBe('after-border');
    const inset = await tile.evaluate((element) => {
      const after = getComputedStyle(element, '::after');
      return { position: after.position, inset: after.inset, shadow: after.boxShadow };
    });
    expect(inset).toMatchObject({ position: 'absolute', inset: '0px' });
    // The white line within the navy one keeps the ring visible on a dark photo.
    expect(inset.shadow).toContain('rgb(255, 255, 255)');
  });

  test('every Tab stop on the post form shows the ring, the editor’s writing area included', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await openAs(page, MEMBER.username, '/app/news/new');
    await expect(page.getByRole('checkbox', { name: ALLOWS_COMMENTS })).toBeVisible();
    const { stops, problems } = await tabThrough(page, 60);
    // Top bar, Post As, the editor's buttons and writing area, photos, visibility, the box, submit.
    expect(stops).toBeGreaterThanOrEqual(20);
    expect(problems).toEqual([]);
    await page.getByTestId('post-body-editor').focus();
    expect((await focusRing(page))?.where).toBe('box-outline');
  });

  test('in the lightbox, opened by keyboard, the ring is light on the black, not navy', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const post = await centennialPost(page, MEMBER.username);
    await openPost(page, post);
    await page.getByRole('button', { name: /^Open photo 1 of/ }).focus();
    await page.keyboard.press('Enter');
    const lightbox = page.getByRole('dialog', { name: /^Photo 1 of/ });
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByRole('button', { name: 'Next photo' })).toBeFocused();

    const labels: string[] = [];
    for (let stop = 0; stop < 3; stop += 1) {
      const ring = await focusRing(page);
      expect(ring).not.toBeNull();
      if (!ring) break;
      labels.push(ring.label);
      expect(ringProblem(ring)).toBeNull();
      // Measured against the lightbox's own black, where the navy ring was invisible.
      expect(contrastRatio(ring.backdrop, '#111111')).toBeLessThan(1.1);
      expect(contrastRatio(ring.colour, ring.backdrop)).toBeGreaterThanOrEqual(3);
      await page.keyboard.press('Tab');
    }
    expect(labels.sort()).toEqual(['Close', 'Next photo', 'Previous photo']);
  });
});

test.describe('names that carry the counts (issue 8 §5)', () => {
  test('the Chats and Notices links are named with the real unseen counts: "Chats, N unseen"', async ({
    page,
  }) => {
    const memberships = page.waitForResponse((response) =>
      response.url().endsWith('/club_membership_groups.json'),
    );
    await openAs(page, MEMBER.username);
    const counts = userMetadata(await memberships);
    const chats = counts?.unseen_chat_messages_count ?? 0;
    const notices = counts?.unseen_notice_count ?? 0;
    // Persona M has both in the demo data, so the counts are really there to be read.
    expect(chats).toBeGreaterThan(0);
    expect(notices).toBeGreaterThan(0);
    const banner = page.getByRole('banner');
    await expect(
      banner.getByRole('link', { name: `${NAV_CHATS}, ${chats} unseen`, exact: true }),
    ).toBeVisible();
    await expect(
      banner.getByRole('link', { name: `${NAV_NOTICES}, ${notices} unseen`, exact: true }),
    ).toBeVisible();
    // The badge stays on screen, and is not read twice.
    await expect(page.getByTestId('chats-badge')).toHaveText(String(chats));
    await expect(page.getByTestId('chats-badge')).toHaveAttribute('aria-hidden', 'true');
  });
});

test.describe('touch targets of 44 px (issue 8 §5, docs/architecture.md §8)', () => {
  test('the show-password eye and the Allows Comments checkbox are 44 × 44 at least', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/app/user/signIn');
    const eye = await page.getByRole('button', { name: SHOW_PASSWORD }).boundingBox();
    expect(eye?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(eye?.height ?? 0).toBeGreaterThanOrEqual(44);

    await openAs(page, MEMBER.username, '/app/news/new');
    const checkbox = page.getByRole('checkbox', { name: ALLOWS_COMMENTS });
    await expect(checkbox).toBeVisible();
    const box = await checkbox.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  });

  test('no control on sign-in, the news, a post or the post form is under 44 px on a phone', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/app/user/signIn');
    await expect(heading(page, 'Sign In')).toBeVisible();
    expect(await smallTargets(page), 'sign-in').toEqual([]);

    await openAs(page, MEMBER.username, '/app/news');
    await expect(page.getByTestId('post-card').first()).toBeVisible();
    expect(await smallTargets(page), 'news').toEqual([]);

    const post = await centennialPost(page);
    await openPost(page, post);
    await expect(page.getByTestId('comment').first()).toBeVisible();
    expect(await smallTargets(page), 'post').toEqual([]);

    await page.goto('/app/news/new');
    await expect(page.getByRole('checkbox', { name: ALLOWS_COMMENTS })).toBeVisible();
    expect(await smallTargets(page), 'post form').toEqual([]);
  });
});

test.describe('the top bar on a phone (issue 8 §5)', () => {
  test('shows the first name whole: the member’s own, "Raymond" and "Bartholomew", at 390 and 360 px', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await openAs(page, MEMBER.username);
    const name = accountLink(page).getByTestId('first-name');
    await expect(name).toHaveText(MEMBER.firstName);
    const cut = () => name.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(await cut()).toBe(false);

    // The layout's room for longer names, probed by writing them into the bar's name.
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: PHONE.height });
      for (const longer of ['Raymond', 'Bartholomew']) {
        await name.evaluate((element, text) => (element.textContent = text), longer);
        expect(await cut(), `${longer} at ${width} px`).toBe(false);
        expect(await sidewaysOverflow(page)).toBe(0);
      }
    }
    // Only an absurd length is shortened, and even then the bar stays within the screen.
    await name.evaluate((element) => (element.textContent = 'Maximilianusbartholomaeus'));
    expect(await cut()).toBe(true);
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});

test.describe('comment avatars (issue 8 §5)', () => {
  test('each comment shows its author’s avatar as posts do: the picture, or the initials', async ({
    page,
  }) => {
    const post = await centennialPost(page, MEMBER.username);
    const container = page.waitForResponse((response) =>
      new URL(response.url()).pathname.startsWith(`${API}/comment_containers/`),
    );
    await openPost(page, post);
    const answer = (await (await container).json()) as CommentContainerAnswer;
    const flat: Comment[] = [];
    const walk = (list: readonly Comment[]) => {
      for (const comment of list) {
        flat.push(comment);
        walk(comment.children);
      }
    };
    walk(answer.data.comment_container.comments);
    const comments = page.getByTestId('comment');
    await expect(comments).toHaveCount(flat.length);

    const byM2 = flat.find((comment) => comment.party.display_name === MEMBER2.preferredName);
    const byM = flat.find((comment) => comment.party.first_name === MEMBER.firstName);
    expect(byM2?.party.avatar).not.toBeNull();
    expect(byM?.party.avatar).toBeNull();
    for (const comment of flat) {
      const avatar = page.locator(`[id="comment-${comment.id}"]`).getByTestId('member-avatar');
      await expect(avatar).toHaveCount(1);
      if (comment.party.avatar) {
        await expect(avatar).toHaveAttribute('src', comment.party.avatar.medium_url);
      } else {
        await expect(avatar).toHaveText(/^[A-Z]{1,2}$/);
      }
    }
    // M's comment wears the same avatar as M's top bar: initials and colour.
    const mine = page.locator(`[id="comment-${byM?.id ?? 0}"]`).getByTestId('member-avatar');
    const topBar = accountLink(page).getByTestId('member-avatar');
    await expect(mine).toHaveText('DW');
    await expect(mine).toHaveAttribute(
      'data-color',
      (await topBar.getAttribute('data-color')) ?? '',
    );
  });
});

test.describe('the 404 page signed out (issue 8 §5, ACC-09)', () => {
  test('offers Sign In as well as the About page, and Sign In leads there', async ({ page }) => {
    await page.goto('/app/no-such-page');
    await expect(heading(page, NOT_FOUND_TITLE)).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: GO_TO_ABOUT_PAGE })).toBeVisible();
    await main.getByRole('link', { name: NAV_SIGN_IN }).click();
    await expect(page).toHaveURL(/\/app\/user\/signIn$/);
    await expect(heading(page, 'Sign In')).toBeVisible();
  });
});

test.describe('axe (issue 8 §5)', () => {
  // axe walks every node of the page on the CPU; a full list of posts on a busy machine can
  // take longer than the default 30 s, without anything being wrong.
  test.describe.configure({ timeout: 60_000 });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`finds nothing on sign-in and the visitor's 404 at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/app/user/signIn');
      await expect(heading(page, 'Sign In')).toBeVisible();
      expect(await axeViolations(page), 'sign-in').toEqual([]);
      await page.goto('/app/no-such-page');
      await expect(heading(page, NOT_FOUND_TITLE)).toBeVisible();
      expect(await axeViolations(page), '404 signed out').toEqual([]);
    });

    test(`finds nothing on the news at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openAs(page, MEMBER.username, '/app/news');
      await expect(page.getByTestId('post-card').first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });

    test(`finds nothing on the post form at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openAs(page, MEMBER.username, '/app/news/new');
      await expect(page.getByRole('checkbox', { name: ALLOWS_COMMENTS })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });

    test(`finds nothing on a post with comments and in its lightbox at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const post = await centennialPost(page, MEMBER.username);
      await openPost(page, post);
      await expect(page.getByTestId('comment').first()).toBeVisible();
      expect(await axeViolations(page), 'post').toEqual([]);
      await page.getByRole('button', { name: /^Open photo 1 of/ }).click();
      await expect(page.getByRole('dialog', { name: /^Photo 1 of/ })).toBeVisible();
      expect(await axeViolations(page), 'lightbox').toEqual([]);
    });
  }
});
