import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post, PostAnswer, PostListAnswer } from '../../../common/schemas/post.ts';
import type { Access, PostType } from '../../db/schema.ts';
import { DEMO_CLUBS } from '../../db/seed/personas.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { clubIdOf, seedDemoData, signInPersonas } from '../../test/member-client.ts';
import type { MemberClient } from '../../test/member-client.ts';

interface Problem {
  status: number;
  errors?: Record<string, string[]>;
}

/** seedDemoData's clock: every seeded post is older than this. */
const SEED_NOW = Date.UTC(2026, 10, 22, 12);

let server: TestServer;
let m: MemberClient;
let m2: MemberClient;
let w: MemberClient;
let a: MemberClient;
const party: Record<'M' | 'M2' | 'W' | 'A', number> = { M: 0, M2: 0, W: 0, A: 0 };
const user: Record<'M' | 'M2' | 'W' | 'A', number> = { M: 0, M2: 0, W: 0, A: 0 };
let l1 = 0;
let l2 = 0;
let l3 = 0;
let nextCreatedAt = SEED_NOW + 60 * 60 * 1000;

function db() {
  return server.database.handle.db;
}

/** Moves a post after every seeded one, so feeds show it on page 0 whatever the wall clock. */
async function bump(id: number): Promise<void> {
  nextCreatedAt += 1000;
  await db().updateTable('posts').set({ created_at: nextCreatedAt }).where('id', '=', id).execute();
}

async function create(client: MemberClient, post: Record<string, unknown>): Promise<Post> {
  const response = await client.request<PostAnswer>('POST', '/posts', { body: { post } });
  if (response.status !== 200) throw new Error(`create failed: ${response.text}`);
  await bump(response.body.data.post.id);
  return response.body.data.post;
}

/** A post written straight into the database (for cases the API cannot make). */
async function insertPost(values: {
  type: PostType;
  access: Access;
  clubId: number | null;
  partyId: number;
  createdAt: number;
}): Promise<number> {
  const body = await db()
    .insertInto('post_bodies')
    .values({ body: '<p>inserted</p>' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const container = await db()
    .insertInto('comment_containers')
    .values({ comment_count: 0, created_at: values.createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const post = await db()
    .insertInto('posts')
    .values({
      type: values.type,
      club_id: values.clubId,
      party_id: values.partyId,
      subject: values.type === 'ClubPost' ? 'Inserted' : null,
      short_body: 'inserted',
      post_body_id: body.id,
      access: values.access,
      comment_container_id: container.id,
      created_at: values.createdAt,
      updated_at: values.createdAt,
      last_activity_at: values.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return post.id;
}

async function feedIds(client: MemberClient, query = 'page=0'): Promise<number[]> {
  const response = await client.request<PostListAnswer>('GET', `/posts.json?${query}`);
  expect(response.status).toBe(200);
  return response.body.data.posts.map((post) => post.id);
}

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  const personas = await signInPersonas(server);
  ({
    M: { client: m },
    M2: { client: m2 },
    W: { client: w },
    A: { client: a },
  } = personas);
  for (const key of ['M', 'M2', 'W', 'A'] as const) {
    party[key] = personas[key].partyId;
    user[key] = personas[key].userId;
  }
  [l1, l2, l3] = await Promise.all([
    clubIdOf(server, DEMO_CLUBS.L1),
    clubIdOf(server, DEMO_CLUBS.L2),
    clubIdOf(server, DEMO_CLUBS.L3),
  ]);
  // The follow graph this file relies on: M follows W and lodge L2; nobody else follows W or M
  // outside their lodges, and M2 does not follow L2.
  await db()
    .deleteFrom('user_favorite_contacts')
    .where('party_id', 'in', [party.W, party.M])
    .execute();
  await db()
    .insertInto('user_favorite_contacts')
    .values({ user_id: user.M, party_id: party.W, created_at: SEED_NOW })
    .execute();
  await db().deleteFrom('favorite_clubs').where('club_id', '=', l2).execute();
  await db()
    .insertInto('favorite_clubs')
    .values({ user_id: user.M, club_id: l2, created_at: SEED_NOW })
    .execute();
});

afterAll(async () => {
  await server.close();
});

describe('who sees a post (visibility matrix, API-POST-02, AMB-16)', () => {
  const posts: Record<string, Post> = {};
  const personas = (): Record<'M' | 'M2' | 'W' | 'A', MemberClient> => ({
    M: m,
    M2: m2,
    W: w,
    A: a,
  });

  // Which personas get the post (200); the rest get 404. V is a visitor (401 everywhere).
  const expected: Record<string, readonly string[]> = {
    lodgePublic: ['M', 'M2', 'W', 'A'],
    lodgeMember: ['M', 'M2', 'W', 'A'],
    lodgeClub: ['W', 'A'],
    wToFollowers: ['M', 'W', 'A'],
    mToFollowers: ['M', 'M2', 'A'],
    mToLodge: ['M', 'M2', 'A'],
  };

  beforeAll(async () => {
    for (const access of ['PUBLIC', 'MEMBER', 'CLUB'] as const) {
      const key = `lodge${access[0]}${access.slice(1).toLowerCase()}`;
      posts[key] = await create(w, {
        post_as: l2,
        access,
        subject: `L2 ${access}`,
        new_body: `<p>L2 ${access}</p>`,
        allows_comments: true,
        photos_attributes: [],
      });
    }
    posts.wToFollowers = await create(w, {
      post_as: 'MEMBER',
      access: 'ALL_FOLLOWERS',
      new_body: '<p>W followers</p>',
    });
    posts.mToFollowers = await create(m, {
      post_as: 'MEMBER',
      access: 'ALL_FOLLOWERS',
      new_body: '<p>M followers</p>',
    });
    posts.mToLodge = await create(m, {
      post_as: 'MEMBER',
      access: String(l1),
      new_body: '<p>M to L1</p>',
    });
  });

  it('stores the wire values as the schema says (AMB-09)', () => {
    expect(posts.lodgeClub).toMatchObject({ type: 'ClubPost', access: 'CLUB', club: { id: l2 } });
    expect(posts.mToLodge).toMatchObject({
      type: 'PartyPost',
      access: 'CLUB',
      club: { id: l1 },
      subject: null,
    });
    expect(posts.mToFollowers).toMatchObject({
      type: 'PartyPost',
      access: 'ALL_FOLLOWERS',
      club: null,
    });
    expect(posts.mToFollowers?.party?.id).toBe(party.M);
  });

  it('detail: 200 for those who may see the post, 404 for the others', async () => {
    for (const [key, allowed] of Object.entries(expected)) {
      const post = posts[key];
      if (!post) throw new Error(key);
      for (const [name, client] of Object.entries(personas())) {
        const response = await client.request<PostAnswer>('GET', `/posts/${post.id}.json`);
        expect({ key, name, status: response.status }).toEqual({
          key,
          name,
          status: allowed.includes(name) ? 200 : 404,
        });
      }
      const visitor = await server.request('GET', `/posts/${post.id}.json`);
      expect(visitor.status).toBe(401);
    }
  });

  it('detail answers the post and its full body (POST-04)', async () => {
    const response = await m.request<PostAnswer>('GET', `/posts/${posts.lodgePublic?.id}.json`);
    expect(response.body.data.post_body.body).toBe('<p>L2 PUBLIC</p>');
    expect(response.body.data.post).toMatchObject({
      subject: 'L2 PUBLIC',
      short_body: 'L2 PUBLIC',
      allows_comments: true,
      photos: [],
      comment_container: { comment_count: 0 },
      appeal_post_task_token_url: null,
    });
  });

  it('the feed holds followed and own lodges and visible member posts only', async () => {
    const feeds = {
      M: await feedIds(m),
      M2: await feedIds(m2),
      W: await feedIds(w),
    };
    const ids = (keys: string[]) => keys.map((key) => posts[key]?.id);
    // M follows L2 (public and member posts show, the lodge-only one does not).
    expect(feeds.M).toEqual(
      expect.arrayContaining(
        ids(['lodgePublic', 'lodgeMember', 'wToFollowers', 'mToFollowers', 'mToLodge']),
      ),
    );
    expect(feeds.M).not.toContain(posts.lodgeClub?.id);
    // M2 neither belongs to nor follows L2: its posts are not M2's news, though M2 may open them.
    expect(feeds.M2).toEqual(expect.arrayContaining(ids(['mToFollowers', 'mToLodge'])));
    for (const key of ['lodgePublic', 'lodgeMember', 'lodgeClub', 'wToFollowers']) {
      expect(feeds.M2).not.toContain(posts[key]?.id);
    }
    expect(feeds.W).toEqual(
      expect.arrayContaining(ids(['lodgePublic', 'lodgeMember', 'lodgeClub', 'wToFollowers'])),
    );
    expect(feeds.W).not.toContain(posts.mToFollowers?.id);
    expect(feeds.W).not.toContain(posts.mToLodge?.id);
  });

  it('a visitor gets 401 from every post route', async () => {
    for (const [method, path] of [
      ['GET', '/posts.json?page=0'],
      ['GET', `/clubs/posts.json?subdomain=${DEMO_CLUBS.L2}`],
      ['POST', '/posts'],
      ['PUT', `/posts/${posts.lodgePublic?.id}.json`],
      ['DELETE', `/posts/${posts.lodgePublic?.id}`],
    ] as const) {
      const response = await server.request(
        method,
        path,
        method === 'GET' || method === 'DELETE' ? {} : { body: { post: {} } },
      );
      expect({ path, status: response.status }).toEqual({ path, status: 401 });
    }
  });

  it('club posts by subdomain, filtered by visibility; admins see them all', async () => {
    const list = async (client: MemberClient) => {
      const response = await client.request<PostListAnswer>(
        'GET',
        `/clubs/posts.json?subdomain=${DEMO_CLUBS.L2}&page=0`,
      );
      expect(response.status).toBe(200);
      for (const post of response.body.data.posts) expect(post.club?.id).toBe(l2);
      return response.body.data.posts.map((post) => post.id);
    };
    const asM = await list(m);
    expect(asM).toEqual(expect.arrayContaining([posts.lodgePublic?.id, posts.lodgeMember?.id]));
    expect(asM).not.toContain(posts.lodgeClub?.id);
    expect(await list(w)).toContain(posts.lodgeClub?.id);
    expect(await list(a)).toContain(posts.lodgeClub?.id);
  });

  it('unknown subdomain and unknown id are 404 (AMB-44)', async () => {
    expect((await m.request('GET', '/clubs/posts.json?subdomain=nosuch')).status).toBe(404);
    expect((await m.request('GET', '/posts/999999.json')).status).toBe(404);
    expect((await m.request('PUT', '/posts/999999.json', { body: { post: {} } })).status).toBe(404);
    expect((await m.request('DELETE', '/posts/999999')).status).toBe(404);
  });
});

describe('edit and delete permissions (PERM-12, AMB-16)', () => {
  it('edit: admin, a webmaster of the lodge and the author; others 403; invisible 404', async () => {
    const lodgePost = await create(w, { post_as: l2, subject: 'Edit me', new_body: '<p>x</p>' });
    const memberPost = await create(m, {
      post_as: 'MEMBER',
      access: String(l1),
      new_body: '<p>y</p>',
    });
    const put = (client: MemberClient, id: number, post: Record<string, unknown>) =>
      client.request<PostAnswer & Problem>('PUT', `/posts/${id}.json`, { body: { post } });

    for (const client of [m, m2]) {
      const denied = await put(client, lodgePost.id, { subject: 'no' });
      expect(denied.status).toBe(403);
      expect(denied.body.errors?.base?.length).toBeGreaterThan(0);
    }
    expect((await put(w, lodgePost.id, { subject: 'By W' })).body.data.post.subject).toBe('By W');
    expect((await put(a, lodgePost.id, { subject: 'By A' })).body.data.post.subject).toBe('By A');

    expect((await put(m2, memberPost.id, { new_body: '<p>no</p>' })).status).toBe(403);
    expect((await put(w, memberPost.id, { new_body: '<p>no</p>' })).status).toBe(404);
    const edited = await put(m, memberPost.id, {
      new_body: '<p>new <em>text</em></p>',
      allows_comments: false,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.post_body.body).toBe('<p>new <em>text</em></p>');
    expect(edited.body.data.post).toMatchObject({
      short_body: 'new text',
      allows_comments: false,
      access: 'CLUB',
    });
    // An admin edits with the author's choices, not the admin's: L2 is not one of M's lodges.
    expect((await put(a, memberPost.id, { access: String(l2) })).status).toBe(422);
    expect((await put(a, memberPost.id, { access: String(l1) })).status).toBe(200);
    expect((await put(a, memberPost.id, { access: 'ALL_FOLLOWERS' })).body.data.post).toMatchObject(
      {
        access: 'ALL_FOLLOWERS',
        club: null,
      },
    );
  });

  it('delete: others 403, invisible 404; the author deletes body, container and comments', async () => {
    const memberPost = await create(m, {
      post_as: 'MEMBER',
      access: String(l1),
      new_body: '<p>bye</p>',
    });
    const lodgePost = await create(w, {
      post_as: l2,
      access: 'MEMBER',
      subject: 'Bye',
      new_body: '<p>z</p>',
    });
    const { post_body_id, comment_container } = memberPost;
    await db()
      .insertInto('comments')
      .values({
        comment_container_id: comment_container.id,
        party_id: party.M2,
        body: 'a comment',
        created_at: SEED_NOW,
        updated_at: SEED_NOW,
      })
      .execute();

    expect((await m2.request('DELETE', `/posts/${memberPost.id}`)).status).toBe(403);
    expect((await w.request('DELETE', `/posts/${memberPost.id}`)).status).toBe(404);
    expect((await m.request('DELETE', `/posts/${lodgePost.id}`)).status).toBe(403);
    expect((await m.request('DELETE', `/posts/${memberPost.id}`)).status).toBe(204);
    expect((await m.request('GET', `/posts/${memberPost.id}.json`)).status).toBe(404);
    const left = await Promise.all([
      db().selectFrom('post_bodies').select('id').where('id', '=', post_body_id).execute(),
      db()
        .selectFrom('comment_containers')
        .select('id')
        .where('id', '=', comment_container.id)
        .execute(),
      db()
        .selectFrom('comments')
        .select('id')
        .where('comment_container_id', '=', comment_container.id)
        .execute(),
    ]);
    expect(left.map((rows) => rows.length)).toEqual([0, 0, 0]);

    expect((await a.request('DELETE', `/posts/${lodgePost.id}`)).status).toBe(204);
    const other = await create(w, { post_as: l2, subject: 'W deletes', new_body: '<p>w</p>' });
    expect((await w.request('DELETE', `/posts/${other.id}`)).status).toBe(204);
  });
});

describe('abilities: what each member may do with a post (D58, PERM-12)', () => {
  const both = (value: boolean) => ({ edit: value, delete: value });

  async function detailAbilities(client: MemberClient, id: number) {
    const response = await client.request<PostAnswer>('GET', `/posts/${id}.json`);
    expect(response.status).toBe(200);
    return response.body.data.post.abilities;
  }

  async function listed(client: MemberClient, path: string, id: number) {
    const response = await client.request<PostListAnswer>('GET', path);
    expect(response.status).toBe(200);
    return response.body.data.posts.find((post) => post.id === id)?.abilities;
  }

  it('a lodge post: its webmaster and an admin may change it, members may not', async () => {
    const lodgePost = await create(w, { post_as: l2, subject: 'Abilities', new_body: '<p>a</p>' });
    expect(await detailAbilities(w, lodgePost.id)).toEqual(both(true));
    expect(await detailAbilities(a, lodgePost.id)).toEqual(both(true));
    expect(await detailAbilities(m, lodgePost.id)).toEqual(both(false));
    expect(await detailAbilities(m2, lodgePost.id)).toEqual(both(false));
    expect(lodgePost.abilities).toEqual(both(true));

    const lodgeList = `/clubs/posts.json?subdomain=${DEMO_CLUBS.L2}&page=0`;
    expect(await listed(w, lodgeList, lodgePost.id)).toEqual(both(true));
    expect(await listed(a, lodgeList, lodgePost.id)).toEqual(both(true));
    expect(await listed(m, lodgeList, lodgePost.id)).toEqual(both(false));
    // M follows L2, so the feed holds it: the same answer there.
    expect(await listed(m, '/posts.json?page=0', lodgePost.id)).toEqual(both(false));
    expect(await listed(w, '/posts.json?page=0', lodgePost.id)).toEqual(both(true));

    const edited = await w.request<PostAnswer>('PUT', `/posts/${lodgePost.id}.json`, {
      body: { post: { subject: 'Abilities again' } },
    });
    expect(edited.body.data.post.abilities).toEqual(both(true));
  });

  it('a member post to a lodge: its author and an admin, not the lodge’s webmaster', async () => {
    const memberPost = await create(m, {
      post_as: 'MEMBER',
      access: String(l1),
      new_body: '<p>mine</p>',
    });
    expect(memberPost.abilities).toEqual(both(true));
    expect(await detailAbilities(m, memberPost.id)).toEqual(both(true));
    expect(await detailAbilities(a, memberPost.id)).toEqual(both(true));
    expect(await detailAbilities(m2, memberPost.id)).toEqual(both(false));
    expect(await listed(m, '/posts.json?page=0', memberPost.id)).toEqual(both(true));
    expect(await listed(m2, '/posts.json?page=0', memberPost.id)).toEqual(both(false));
    const webmasterOfL2 = await create(w, {
      post_as: 'MEMBER',
      access: String(l2),
      new_body: '<p>to L2</p>',
    });
    // A member post addressed to W's own lodge by W: W is its author.
    expect(await detailAbilities(w, webmasterOfL2.id)).toEqual(both(true));
  });
});

describe('Post As, subject, access and body rules (VAL, PERM-05, PERM-08, AMB-09, AMB-42)', () => {
  const post = (client: MemberClient, body: Record<string, unknown>) =>
    client.request<PostAnswer & Problem>('POST', '/posts', { body: { post: body } });

  it('a lodge post needs a subject and defaults to PUBLIC', async () => {
    const blank = await post(w, { post_as: String(l2), subject: '  ', new_body: '<p>b</p>' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ subject: ["can't be blank"] });
    const ok = await post(w, { post_as: String(l2), subject: 'Hi', new_body: '<p>b</p>' });
    expect(ok.body.data.post).toMatchObject({ access: 'PUBLIC', type: 'ClubPost', subject: 'Hi' });
  });

  it('a member post has no subject and defaults to All followers', async () => {
    const ok = await post(m, { subject: 'ignored', new_body: '<p>b</p>' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.post).toMatchObject({
      type: 'PartyPost',
      subject: null,
      access: 'ALL_FOLLOWERS',
    });
  });

  it('only a webmaster of the lodge may post as it (403)', async () => {
    expect((await post(m, { post_as: l1, subject: 'x', new_body: '<p>b</p>' })).status).toBe(403);
    expect((await post(a, { post_as: l2, subject: 'x', new_body: '<p>b</p>' })).status).toBe(403);
  });

  it('member-post access must be All followers or one of the member leaf lodges', async () => {
    for (const access of ['PUBLIC', String(l2), String(l3), '0', 'abc']) {
      const response = await post(m, { access, new_body: '<p>b</p>' });
      expect({ access, status: response.status }).toEqual({ access, status: 422 });
    }
    const lodgeWrong = await post(w, {
      post_as: l2,
      subject: 's',
      access: 'ALL_FOLLOWERS',
      new_body: '<p>b</p>',
    });
    expect(lodgeWrong.body.errors).toEqual({ access: ['is not a valid choice'] });
  });

  it('a body with no text is blank', async () => {
    const response = await post(m, { new_body: '<p> </p><script>x</script>' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ new_body: ["can't be blank"] });
  });

  it('the body is cleaned: no script, onerror or javascript: links', async () => {
    const response = await post(m, {
      new_body:
        '<p onclick="x()">Hello</p><script>alert(1)</script><img src="x" onerror="alert(1)">' +
        '<a href="javascript:alert(1)">bad</a> <a href="https://example.org">good</a>',
    });
    const { body } = response.body.data.post_body;
    expect(body).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
    expect(body).toContain(
      '<a href="https://example.org" rel="noopener noreferrer" target="_blank">good</a>',
    );
    expect(response.body.data.post.short_body).toBe('Hello bad good');
  });

  it('edit keeps saved photos sent as id and unlinks the rest (POST-18)', async () => {
    const created = await create(m, { new_body: '<p>photos</p>' });
    const photos = await db().selectFrom('photos').select('id').orderBy('id').limit(2).execute();
    await db()
      .insertInto('post_photos')
      .values(
        photos.map((photo, i) => ({ post_id: created.id, photo_id: photo.id, sort_order: i })),
      )
      .execute();
    const before = await m.request<PostAnswer>('GET', `/posts/${created.id}.json`);
    expect(before.body.data.post.photos).toHaveLength(2);
    expect(before.body.data.post.photos[0]?.url).toMatch(/^\/media\//);
    const keep = photos[1]?.id;
    const response = await m.request<PostAnswer>('PUT', `/posts/${created.id}.json`, {
      body: { post: { photos_attributes: [{ id: keep }] } },
    });
    expect(response.body.data.post.photos.map((photo) => photo.id)).toEqual([keep]);
    const foreign = await m.request<Problem>('PUT', `/posts/${created.id}.json`, {
      body: { post: { photos_attributes: [{ id: photos[0]?.id }] } },
    });
    expect(foreign.status).toBe(422);
  });

  it('editing a member post to a lodge the author left keeps that lodge (read-only case, §6)', async () => {
    const id = await insertPost({
      type: 'PartyPost',
      access: 'CLUB',
      clubId: l3,
      partyId: party.M,
      createdAt: SEED_NOW,
    });
    const same = await m.request<PostAnswer>('PUT', `/posts/${id}.json`, {
      body: { post: { access: String(l3), new_body: '<p>edited</p>' } },
    });
    expect(same.status).toBe(200);
    expect(same.body.data.post.club?.id).toBe(l3);
    const other = await m.request('PUT', `/posts/${id}.json`, {
      body: { post: { access: String(l2) } },
    });
    expect(other.status).toBe(422);
    const lodge = await w.request(
      'PUT',
      `/posts/${(await create(w, { post_as: l2, subject: 's', new_body: '<p>b</p>' })).id}.json`,
      {
        body: { post: { subject: '' } },
      },
    );
    expect(lodge.status).toBe(422);
  });
});

describe('paging (POST-06, API-POST-01, AMB-41)', () => {
  it('20 a page, newest first; with t, later pages neither repeat nor skip as posts arrive', async () => {
    const page0 = await m.request<PostListAnswer>('GET', '/posts.json?page=0');
    const first = page0.body.data.posts;
    expect(first).toHaveLength(20);
    const times = first.map((post) => post.created_at);
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const t = Math.max(Date.now(), first[0]?.created_at ?? 0);
    const baseline1 = await feedIds(m, `page=1&t=${t}`);
    const baseline2 = await feedIds(m, `page=2&t=${t}`);
    expect(baseline1).toHaveLength(20);

    for (let i = 0; i < 3; i++) {
      await insertPost({
        type: 'PartyPost',
        access: 'ALL_FOLLOWERS',
        clubId: null,
        partyId: party.M2,
        createdAt: t + 1000 + i,
      });
    }
    expect(await feedIds(m, `page=1&t=${t}`)).toEqual(baseline1);
    expect(await feedIds(m, `page=2&t=${t}`)).toEqual(baseline2);
    const all = [...first.map((post) => post.id), ...baseline1, ...baseline2];
    expect(new Set(all).size).toBe(60);
    // Without t, the new posts come first and everything shifts by three.
    const fresh = await feedIds(m, 'page=0');
    expect(fresh.slice(3)).toEqual(first.slice(0, 17).map((post) => post.id));
  });

  it('club news pages the same way', async () => {
    const ids = async (page: number) => {
      const response = await m.request<PostListAnswer>(
        'GET',
        `/clubs/posts.json?subdomain=${DEMO_CLUBS.L1}&page=${page}&t=${SEED_NOW}`,
      );
      return response.body.data.posts.map((post) => post.id);
    };
    const [p0, p1] = [await ids(0), await ids(1)];
    expect(p0).toHaveLength(20);
    expect(p1.length).toBeGreaterThan(0);
    expect(p0.filter((id) => p1.includes(id))).toEqual([]);
  });

  it('refuses a bad page number', async () => {
    expect((await m.request('GET', '/posts.json?page=-1')).status).toBe(422);
  });
});
