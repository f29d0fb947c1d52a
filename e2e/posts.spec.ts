/// <reference lib="dom" />
import { expect, test, type Page, type Request, type Response } from '@playwright/test';
import {
  CONFIRM_DELETE_POST,
  DONATE_NOW,
  ERROR_DELETING_POST,
  LOAD_MORE,
  NEW_POST,
  NOT_FOUND_TEXT,
  NOT_FOUND_TITLE,
} from '../common/messages.ts';
import type { Post, PostAnswer } from '../common/schemas/post.ts';
import { ADMIN, DEMO_CLUBS, MEMBER, WEBMASTER } from '../server/db/seed/personas.ts';
import { API, heading, openAs, seriousAxeViolations } from './support.ts';

/**
 * The post list and post screens as members meet them against the seeded server: the feed and
 * a lodge's posts with Load More, the post with its full body, the photo mosaic and lightbox,
 * Donate Now, who may edit and delete, deleting, and the 404 page for a post that is not there.
 */

const L1 = DEMO_CLUBS.L1;
const L2 = DEMO_CLUBS.L2;
/** Seeded fixtures (server/db/seed/seed-posts.ts). */
const OPEN_HOUSE = 'Open house this Saturday'; // W's lodge post on L2, 5 photos
const CENTENNIAL_PREFIX = 'centennial banquet'; // L1 lodge post with a Donate Now address
const M_POST_PREFIX = 'Thank you to everyone who came out to help paint'; // M's own post

interface PostListAnswer {
  data: { posts: Post[] };
}

function isListCall(request: Request, path: '/posts.json' | '/clubs/posts.json'): boolean {
  const url = new URL(request.url());
  return request.method() === 'GET' && url.pathname === `${API}${path}`;
}

function listResponse(
  page: Page,
  path: '/posts.json' | '/clubs/posts.json',
  pageNumber: number,
): Promise<Response> {
  return page.waitForResponse((response) => {
    const request = response.request();
    if (!isListCall(request, path)) return false;
    const params = new URL(request.url()).searchParams;
    return params.get('page') === String(pageNumber);
  });
}

function cards(page: Page) {
  return page.getByTestId('post-card');
}

function card(page: Page, postId: number) {
  return page.locator(`[data-testid="post-card"][data-post-id="${postId}"]`);
}

/**
 * A signed API call made inside the page, as the app makes it (docs/architecture.md §5): the session's
 * key pair is read from IndexedDB and signs `METHOD\npath\nsalt\nbody`.
 */
async function signedApiCall<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, target, bodyText }) => {
      const record = await new Promise<{
        keyPair: CryptoKeyPair;
        algorithm: 'Ed25519' | 'ECDSA-P256';
      }>((resolve, reject) => {
        const open = indexedDB.open('lodgehall', 1);
        open.onerror = () => reject(new Error('no IndexedDB'));
        open.onsuccess = () => {
          const get = open.result.transaction('session').objectStore('session').get('current');
          get.onsuccess = () => resolve(get.result);
          get.onerror = () => reject(new Error('no session keys'));
        };
      });
      const nonce = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
        byte.toString(16).padStart(2, '0'),
      ).join('');
      const salt = `${Date.now()}.${nonce}`;
      const input = new TextEncoder().encode(`${method}\n${target}\n${salt}\n${bodyText}`);
      const algorithm =
        record.algorithm === 'Ed25519'
          ? { name: 'Ed25519' }
          : { name: 'ECDSA', hash: { name: 'SHA-256' } };
      const signature = new Uint8Array(
        await crypto.subtle.sign(algorithm, record.keyPair.privateKey, input),
      );
      const base64url = btoa(String.fromCharCode(...signature))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      const response = await fetch(target, {
        method,
        headers: {
          Accept: 'application/json',
          'X-Client-Id': 'web-app',
          'X-SALT': salt,
          'X-SIGNATURE': base64url,
          ...(bodyText ? { 'Content-Type': 'application/json' } : {}),
        },
        body: bodyText || undefined,
      });
      const text = await response.text();
      return { status: response.status, json: (text ? JSON.parse(text) : null) as unknown };
    },
    { method, target: `${API}${path}`, bodyText: body === undefined ? '' : JSON.stringify(body) },
  ) as Promise<{ status: number; json: T }>;
}

/** The seeded open-house post (5 photos) from L2's list, as the member's browser loads it. */
async function openHousePost(page: Page, as?: string): Promise<Post> {
  const first = listResponse(page, '/clubs/posts.json', 0);
  if (as) await openAs(page, as, `/app/clubs/${L2}/news`);
  else await page.goto(`/app/clubs/${L2}/news`);
  const answer = (await (await first).json()) as PostListAnswer;
  const post = answer.data.posts.find((candidate) => candidate.subject === OPEN_HOUSE);
  if (!post) throw new Error(`${OPEN_HOUSE} is not on the first page of ${L2}`);
  return post;
}

test.describe('the post list', () => {
  test('/news lists the posts in the server’s order with New Post, and Load More appends page 1 with t (ROUTE-06, POST-01, POST-02, POST-06, AMB-41)', async ({
    page,
  }) => {
    const firstPage = listResponse(page, '/posts.json', 0);
    await openAs(page, MEMBER.username, '/app/news');
    const first = await firstPage;
    expect(new URL(first.url()).searchParams.has('t')).toBe(false);
    const posts = ((await first.json()) as PostListAnswer).data.posts;
    expect(posts).toHaveLength(20);

    await expect(heading(page, 'Posts')).toBeVisible();
    await expect(cards(page)).toHaveCount(20);
    // POST-01: newest first, exactly as the server sent them.
    const shown = await cards(page).evaluateAll((nodes) =>
      nodes.map((node) => Number(node.getAttribute('data-post-id'))),
    );
    expect(shown).toEqual(posts.map((post) => post.id));
    const times = posts.map((post) => post.created_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // POST-06, AMB-41: the second call is page=1 with t = page 0's time, taken from the
    // server's data (its newest post's created_at), not from the browser's clock.
    const secondPage = listResponse(page, '/posts.json', 1);
    await page.getByRole('button', { name: LOAD_MORE }).click();
    const second = await secondPage;
    const params = new URL(second.url()).searchParams;
    expect(params.get('t')).toBe(String(posts[0]?.created_at));
    const more = ((await second.json()) as PostListAnswer).data.posts;
    expect(more.length).toBeGreaterThan(0);
    await expect(cards(page)).toHaveCount(20 + more.length);
    await expect(card(page, more[0]?.id ?? 0)).toBeVisible();
    // The first page stays where it was: appended, not replaced.
    await expect(cards(page).first()).toHaveAttribute('data-post-id', String(posts[0]?.id));

    // POST-02
    await page.getByRole('link', { name: NEW_POST }).click();
    await expect(page).toHaveURL(/\/app\/news\/new$/);
  });

  test('Load More disappears after a page of fewer than 20 (AMB-41)', async ({ page }) => {
    await openAs(page, MEMBER.username);
    // Page 1 comes back short, as the last page of a list does.
    await page.route(`**${API}/posts.json?*`, async (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('page') !== '1') return route.continue();
      const response = await route.fetch();
      const answer = (await response.json()) as PostListAnswer;
      await route.fulfill({
        response,
        json: { data: { posts: answer.data.posts.slice(0, 5) } },
      });
    });
    await page.goto('/app/news');
    await expect(cards(page)).toHaveCount(20);
    await page.getByRole('button', { name: LOAD_MORE }).click();
    await expect(cards(page)).toHaveCount(25);
    await expect(page.getByRole('button', { name: LOAD_MORE })).toHaveCount(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('page 0 is fetched again only when over 15 s old (POST-07)', async ({ page }) => {
    await page.clock.install();
    await openAs(page, MEMBER.username);
    const pageZeroCalls: string[] = [];
    page.on('request', (request) => {
      if (
        isListCall(request, '/posts.json') &&
        new URL(request.url()).searchParams.get('page') === '0'
      )
        pageZeroCalls.push(request.url());
    });
    const posts = page.getByRole('link', { name: 'Posts', exact: true }).first();
    await posts.click();
    await expect(cards(page)).toHaveCount(20);
    expect(pageZeroCalls).toHaveLength(1);

    // Away and back within 15 s: the list shows from memory, no call.
    await cards(page)
      .first()
      .getByRole('link', { name: /^Read more/ })
      .click();
    await expect(page.getByTestId('post-detail')).toBeVisible();
    await page.clock.fastForward(5_000);
    await posts.click();
    await expect(cards(page)).toHaveCount(20);
    expect(pageZeroCalls).toHaveLength(1);

    // Away and back after 16 s: page 0 is asked again.
    await cards(page)
      .first()
      .getByRole('link', { name: /^Read more/ })
      .click();
    await expect(page.getByTestId('post-detail')).toBeVisible();
    await page.clock.fastForward(16_000);
    const again = listResponse(page, '/posts.json', 0);
    await posts.click();
    await again;
    expect(pageZeroCalls).toHaveLength(2);
  });

  test('a card shows the short body only, Donate Now only with a donation address, and leads to the post (POST-03, POST-04, POST-05)', async ({
    page,
  }) => {
    const firstPage = listResponse(page, '/posts.json', 0);
    await openAs(page, MEMBER.username, '/app/news');
    const posts = ((await (await firstPage).json()) as PostListAnswer).data.posts;
    const centennial = posts.find((post) => post.subject?.endsWith(CENTENNIAL_PREFIX));
    const plain = posts.find((post) => post.appeal_post_task_token_url === null);
    if (!centennial || !plain) throw new Error('seeded posts missing from page 0');
    const appeal = centennial.appeal_post_task_token_url ?? '';
    expect(appeal).toMatch(/^https:\/\//);

    const withAppeal = card(page, centennial.id);
    await expect(withAppeal.getByTestId('post-short-body')).toHaveText(centennial.short_body);
    // The body's last sentence is past the short body: only the post itself shows it.
    await expect(withAppeal).not.toContainText('if you would like to help');
    const donate = withAppeal.getByRole('link', { name: new RegExp(DONATE_NOW) });
    await expect(donate).toHaveAttribute('href', appeal);
    await expect(donate).toHaveAttribute('target', '_blank');
    await expect(donate).toHaveAttribute('rel', /noopener/);
    await expect(
      card(page, plain.id).getByRole('link', { name: new RegExp(DONATE_NOW) }),
    ).toHaveCount(0);
    await expect(withAppeal).toContainText(
      `${centennial.comment_container.comment_count} comments`,
    );

    // The card leads to the post, where the whole body shows as HTML (POST-04).
    const detail = page.waitForResponse((response) =>
      response.url().endsWith(`/posts/${centennial.id}.json`),
    );
    await withAppeal.getByRole('link', { name: /^Read more/ }).click();
    await expect(page).toHaveURL(new RegExp(`/app/news/${centennial.id}$`));
    const answer = (await (await detail).json()) as PostAnswer;
    expect(answer.data.post_body.body).toContain('<p>');
    await expect(heading(page, centennial.subject ?? '')).toBeVisible();
    const body = page.getByTestId('post-body');
    await expect(body).toContainText('use the Donate Now link if you would like to help');
    await expect(body.locator('p')).toHaveCount(2);
    await expect(page.getByRole('link', { name: new RegExp(DONATE_NOW) })).toHaveAttribute(
      'href',
      appeal,
    );
    // POST-20: the comments of the post are rendered below it.
    await expect(page.getByRole('region', { name: /Comments/ }).first()).toBeAttached();
  });

  test('a lodge’s posts: Load More with subdomain, page=1 and t, and cards open in the lodge (ROUTE-04, ROUTE-05)', async ({
    page,
  }) => {
    const firstPage = listResponse(page, '/clubs/posts.json', 0);
    await openAs(page, MEMBER.username, `/app/clubs/${L1}/news`);
    const first = await firstPage;
    expect(new URL(first.url()).searchParams.get('subdomain')).toBe(L1);
    const posts = ((await first.json()) as PostListAnswer).data.posts;
    expect(posts).toHaveLength(20);
    await expect(heading(page, /Harmony Lodge No\. 412/)).toBeVisible();
    await expect(cards(page)).toHaveCount(20);

    const secondPage = listResponse(page, '/clubs/posts.json', 1);
    await page.getByRole('button', { name: LOAD_MORE }).click();
    const params = new URL((await secondPage).url()).searchParams;
    expect(params.get('subdomain')).toBe(L1);
    expect(params.get('t')).toBe(String(posts[0]?.created_at));
    await expect(cards(page)).not.toHaveCount(20);

    const target = posts[0];
    if (!target) throw new Error('no post');
    await card(page, target.id)
      .getByRole('link', { name: /^Read more/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/app/clubs/${L1}/news/${target.id}$`));
    await expect(page.getByTestId('post-detail')).toBeVisible();
    await page.getByRole('link', { name: /^Back to/ }).click();
    await expect(page).toHaveURL(new RegExp(`/app/clubs/${L1}/news$`));
  });

  test('an unknown lodge shows the 404 page (AMB-44)', async ({ page }) => {
    await openAs(page, MEMBER.username, '/app/clubs/nosuchlodge/news');
    await expect(heading(page, NOT_FOUND_TITLE)).toBeVisible();
    await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
    await expect(page.getByTestId('posts-loading')).toHaveCount(0);
  });
});

test.describe('photos', () => {
  test('five photos show 3 tiles and +2, expand to a row, and the lightbox wraps both ways (PHOTO-01..06)', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const post = await openHousePost(page, MEMBER.username);
    expect(post.photos).toHaveLength(5);
    const mosaic = card(page, post.id).getByRole('button', { name: 'Show all 5 photos' });
    await expect(mosaic.getByRole('img')).toHaveCount(3);
    await expect(mosaic.getByText('+2', { exact: true })).toBeVisible();
    await expect(mosaic.getByRole('img').first()).toHaveAttribute(
      'src',
      post.photos[0]?.medium_url ?? '',
    );
    // The lightbox is its own chunk, not fetched before a photo is opened.
    expect(scripts.some((url) => /PhotoLightbox/.test(url))).toBe(false);

    await mosaic.click();
    const row = card(page, post.id).getByTestId('photo-row');
    await expect(row.getByRole('img')).toHaveCount(5);
    await row.getByRole('button', { name: 'Open photo 5 of 5' }).click();

    const lightbox = page.getByRole('dialog', { name: 'Photo 5 of 5' });
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByTestId('lightbox-image')).toHaveAttribute(
      'src',
      post.photos[4]?.url ?? '',
    );
    expect(scripts.some((url) => /PhotoLightbox/.test(url))).toBe(true);

    await lightbox.getByRole('button', { name: 'Next photo' }).click();
    await expect(page.getByRole('dialog', { name: 'Photo 1 of 5' })).toBeVisible();
    await expect(page.getByRole('dialog').getByTestId('lightbox-image')).toHaveAttribute(
      'src',
      post.photos[0]?.url ?? '',
    );
    await page.getByRole('button', { name: 'Previous photo' }).click();
    await expect(page.getByRole('dialog', { name: 'Photo 5 of 5' })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('dialog', { name: 'Photo 4 of 5' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: 'Photo 1 of 5' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Open photo 5 of 5' })).toBeFocused();
  });

  test('the post shows its full body and its photos (ROUTE-08, POST-04)', async ({ page }) => {
    const post = await openHousePost(page, MEMBER.username);
    await page.goto(`/app/news/${post.id}`);
    await expect(heading(page, OPEN_HOUSE)).toBeVisible();
    // The body's list is real HTML, not escaped text.
    await expect(page.getByTestId('post-body').getByRole('listitem')).toHaveText([
      'Tours every half hour',
      'Coffee and cookies',
      'Free blood pressure checks',
    ]);
    await expect(page.getByRole('button', { name: 'Show all 5 photos' })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(DONATE_NOW) })).toHaveCount(0);
  });
});

test.describe('who may change a post (PERM-12)', () => {
  test('an ordinary member sees no Edit or Delete on another’s post', async ({ page }) => {
    const post = await openHousePost(page, MEMBER.username);
    await page.goto(`/app/news/${post.id}`);
    await expect(heading(page, OPEN_HOUSE)).toBeVisible();
    await expect(
      page.getByTestId('post-detail').getByRole('button', { name: 'Delete' }),
    ).toHaveCount(0);
    await expect(
      page.getByTestId('post-detail').getByRole('link', { name: 'Edit', exact: true }),
    ).toHaveCount(0);
  });

  for (const persona of [WEBMASTER, ADMIN]) {
    test(`${persona.username} sees Edit and Delete on a post of lodge L2`, async ({ page }) => {
      const post = await openHousePost(page, persona.username);
      await page.goto(`/app/clubs/${L2}/news/${post.id}`);
      await expect(heading(page, OPEN_HOUSE)).toBeVisible();
      await expect(
        page.getByTestId('post-detail').getByRole('button', { name: 'Delete' }),
      ).toBeVisible();
      const edit = page.getByTestId('post-detail').getByRole('link', { name: 'Edit', exact: true });
      await expect(edit).toHaveAttribute('href', `/app/news/${post.id}/edit`);
    });
  }
});

test.describe('deleting a post', () => {
  test('the author confirms, the post is deleted, the list reloads at /news without it (POST-19, AMB-17, AMB-44)', async ({
    page,
  }) => {
    await openAs(page, MEMBER.username, '/app/news');
    await expect(cards(page).first()).toBeVisible();
    const words = `A post to delete, made by the browser test at ${Date.now()}.`;
    const created = await signedApiCall<PostAnswer>(page, 'POST', '/posts', {
      post: {
        subject: null,
        post_as: 'MEMBER',
        access: 'ALL_FOLLOWERS',
        new_body: `<p>${words}</p>`,
        allows_comments: true,
        photos_attributes: [],
      },
    });
    expect(created.status).toBe(200);
    const id = created.json.data.post.id;

    await page.goto(`/app/news/${id}`);
    await expect(page.getByTestId('post-body')).toHaveText(words);

    // Cancel keeps it.
    await page.getByTestId('post-detail').getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Post' });
    await expect(dialog).toContainText(CONFIRM_DELETE_POST);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/app/news/${id}$`));

    const deleted = page.waitForResponse(
      (response) =>
        response.request().method() === 'DELETE' && response.url().endsWith(`/posts/${id}`),
    );
    const reloaded = listResponse(page, '/posts.json', 0);
    await page.getByTestId('post-detail').getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Post' })
      .getByRole('button', { name: 'OK' })
      .click();
    expect((await deleted).status()).toBe(204);
    await expect(page).toHaveURL(/\/app\/news$/);
    const list = ((await (await reloaded).json()) as PostListAnswer).data.posts;
    expect(list.some((post) => post.id === id)).toBe(false);
    await expect(cards(page).first()).toBeVisible();
    await expect(card(page, id)).toHaveCount(0);
    await expect(page.getByText(words)).toHaveCount(0);

    // /news took the deleted post's place in the history: Back does not lead to its 404.
    await page.goBack();
    await expect(page).toHaveURL(/\/app\/news$/);
    await expect(cards(page).first()).toBeVisible();
    await expect(heading(page, NOT_FOUND_TITLE)).toHaveCount(0);

    // It is gone: its address shows the 404 page, with no spinner left (AMB-44, ERR-60).
    await page.goto(`/app/news/${id}`);
    await expect(heading(page, NOT_FOUND_TITLE)).toBeVisible();
  });

  test('a failed delete says so and keeps the post (ERR-34)', async ({ page }) => {
    const firstPage = listResponse(page, '/posts.json', 0);
    await openAs(page, MEMBER.username, '/app/news');
    const own = ((await (await firstPage).json()) as PostListAnswer).data.posts.find(
      // M's seeded post (not one another test makes and deletes meanwhile).
      (post) => post.short_body.startsWith(M_POST_PREFIX),
    );
    if (!own) throw new Error('no post of M on page 0');
    await page.route(`**${API}/posts/${own.id}`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 403,
            contentType: 'application/problem+json',
            body: JSON.stringify({ type: 'https://lodgehall.org/problems/forbidden', status: 403 }),
          })
        : route.continue(),
    );
    await page.goto(`/app/news/${own.id}`);
    await page.getByTestId('post-detail').getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Post' })
      .getByRole('button', { name: 'OK' })
      .click();
    const error = page.getByRole('dialog', { name: 'Error' });
    await expect(error).toContainText(ERROR_DELETING_POST);
    await error.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/news/${own.id}$`));
    await expect(page.getByTestId('post-detail')).toBeVisible();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});

test.describe('accessibility', () => {
  test('the list, the expanded photos, the lightbox and the post have no serious axe findings', async ({
    page,
  }) => {
    const post = await openHousePost(page, MEMBER.username);
    await expect(cards(page).first()).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await card(page, post.id).getByRole('button', { name: 'Show all 5 photos' }).click();
    await card(page, post.id).getByRole('button', { name: 'Open photo 1 of 5' }).click();
    await expect(page.getByRole('dialog', { name: 'Photo 1 of 5' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto(`/app/news/${post.id}`);
    await expect(heading(page, OPEN_HOUSE)).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test.describe('a post that is not there', () => {
  test('/news/999999 shows the 404 page and no endless spinner (AMB-44, ERR-60)', async ({
    page,
  }) => {
    await openAs(page, MEMBER.username);
    const answer = page.waitForResponse((response) =>
      response.url().endsWith('/posts/999999.json'),
    );
    await page.goto('/app/news/999999');
    expect((await answer).status()).toBe(404);
    await expect(heading(page, NOT_FOUND_TITLE)).toBeVisible();
    await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
    await expect(page.getByTestId('post-loading')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
