import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CHOICE } from '../../../common/messages.ts';
import type { NoticeAnswer, NoticeListAnswer } from '../../../common/schemas/notice.ts';
import { NOTICES_PAGE_SIZE } from '../../../common/schemas/notice.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { seedDemoData, signInPersonas, unseenNoticesOf } from '../../test/member-client.ts';
import type { MemberClient, PersonaKey, SignedInPersona } from '../../test/member-client.ts';

/**
 * The member's notices (§7 Notices, API-NOTE-01/02, ENT-30, NOTE-01, NOTE-06, NOTE-07): the read
 * flow and the badge, paging by `before`, nobody else's notices, and the allow-list on the way
 * out. M reads the demo's notices; writes use notices made here, so reads see the demo as made.
 */

let server: TestServer;
let personas: Record<PersonaKey, SignedInPersona>;

function db() {
  return server.database.handle.db;
}

async function list(client: MemberClient, before?: string) {
  const path = before === undefined ? '/notices.json' : `/notices.json?before=${before}`;
  const response = await client.request<NoticeListAnswer>('GET', path);
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

function markRead(client: MemberClient, id: number) {
  return client.request<NoticeAnswer>('PUT', `/notices/${id}/mark_read`);
}

async function addNotice(
  partyId: number,
  values: { message?: string; at?: number; isRead?: boolean } = {},
): Promise<number> {
  const at = values.at ?? Date.now();
  const row = await db()
    .insertInto('notices')
    .values({
      party_id: partyId,
      message: values.message ?? '<b>Someone</b> did something',
      is_read: values.isRead ? 1 : 0,
      last_set_at: at,
      noticeable_type: 'Post',
      noticeable_id: 1,
      parent_noticeable_type: null,
      parent_noticeable_id: null,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function noticeEventsFor(partyId: number): Promise<number> {
  const rows = await db()
    .selectFrom('bus_events')
    .select('party_ids')
    .where('kind', '=', 'notice')
    .execute();
  return rows.filter((row) => (JSON.parse(row.party_ids) as number[]).includes(partyId)).length;
}

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  personas = await signInPersonas(server);
});

afterAll(async () => {
  await server?.close();
});

describe('GET /notices.json (API-NOTE-01, NOTE-01, ENT-30)', () => {
  it("M's own notices, newest first, with exactly the fields of §3 Notice", async () => {
    const { notices, next_before } = await list(personas.M.client);
    const stored = await db()
      .selectFrom('notices')
      .select(['id', 'last_set_at'])
      .where('party_id', '=', personas.M.partyId)
      .orderBy('last_set_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(notices.map((n) => n.id)).toEqual(stored.slice(0, NOTICES_PAGE_SIZE).map((r) => r.id));
    expect(next_before).toBeNull();
    for (const notice of notices) {
      expect(Object.keys(notice).sort()).toEqual(
        [
          'id',
          'is_read',
          'last_set_at',
          'message',
          'noticeable_id',
          'noticeable_type',
          'parent_noticeable_id',
          'parent_noticeable_type',
        ].sort(),
      );
    }
    // The demo gives M unread notices of each kind the screen routes (NOTE-08..10).
    const unread = notices.filter((n) => !n.is_read);
    expect(unread.map((n) => n.noticeable_type)).toEqual(
      expect.arrayContaining(['Post', 'Comment', 'CalendarEvent']),
    );
    const comment = unread.find((n) => n.noticeable_type === 'Comment');
    expect(comment?.parent_noticeable_type).toBe('Post');
    expect(comment?.parent_noticeable_id).toEqual(expect.any(Number));
    // <b> as written comes out as <strong>: the posts' allow-list, with its b -> strong.
    expect(notices.some((n) => n.message.includes('<strong>'))).toBe(true);
  });

  it('pages by `before`: every notice once, in order, however many a member keeps', async () => {
    const party = personas.W.partyId;
    const base = Date.UTC(2026, 0, 1);
    // Two share an instant, so the id breaks the tie across a page boundary.
    for (let i = 0; i < NOTICES_PAGE_SIZE + 7; i += 1) {
      await addNotice(party, { at: base + Math.floor(i / 2) * 1000, message: `paging ${i}` });
    }
    const expected = await db()
      .selectFrom('notices')
      .select('id')
      .where('party_id', '=', party)
      .orderBy('last_set_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const seen: number[] = [];
    let before: string | undefined;
    let pages = 0;
    do {
      const page = await list(personas.W.client, before);
      expect(page.notices.length).toBeLessThanOrEqual(NOTICES_PAGE_SIZE);
      seen.push(...page.notices.map((n) => n.id));
      before = page.next_before ?? undefined;
      pages += 1;
    } while (before !== undefined && pages < 20);
    expect(pages).toBeGreaterThan(1);
    expect(seen).toEqual(expected.map((r) => r.id));
  });

  it('a malformed `before` is a 422', async () => {
    const response = await personas.M.client.request('GET', '/notices.json?before=yesterday');
    expect(response.status).toBe(422);
  });

  it('a `before` whose id is past the largest record id is a 422 on both engines (issue 21, D55)', async () => {
    const response = await personas.M.client.request<{ errors: Record<string, string[]> }>(
      'GET',
      '/notices.json?before=1792371540000.2147483648',
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ before: [INVALID_CHOICE] });
    await list(personas.M.client, '1792371540000.2147483647');
  });

  it('unsigned is a 401', async () => {
    const response = await personas.M.client.request('GET', '/notices.json', { unsigned: true });
    expect(response.status).toBe(401);
  });

  it('a <script> stored in a message never comes out (the allow-list of posts)', async () => {
    const party = personas.A.partyId;
    const id = await addNotice(party, {
      at: Date.now() + 60_000,
      message:
        '<b>Ann</b> said <script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">hi</a>',
    });
    const { notices } = await list(personas.A.client);
    const notice = notices.find((n) => n.id === id);
    expect(notice?.message).toBe(
      '<strong>Ann</strong> said <a rel="noopener noreferrer" target="_blank">hi</a>',
    );
    const response = await personas.A.client.request('GET', '/notices.json');
    expect(response.text).not.toMatch(/script|onerror|javascript:/i);
  });
});

describe('PUT /notices/{id}/mark_read (API-NOTE-02, NOTE-06, NOTE-07)', () => {
  it('marks it read, the badge drops by one, once, and open streams hear of it', async () => {
    const m2 = personas.M2;
    const id = await addNotice(m2.partyId);
    const before = await unseenNoticesOf(m2.client);
    const events = await noticeEventsFor(m2.partyId);

    const first = await markRead(m2.client, id);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.notice).toMatchObject({ id, is_read: true });
    expect(await unseenNoticesOf(m2.client)).toBe(before - 1);
    expect(await noticeEventsFor(m2.partyId)).toBe(events + 1);
    const listed = (await list(m2.client)).notices.find((n) => n.id === id);
    expect(listed?.is_read).toBe(true);

    // Again: nothing changes, no second event.
    const again = await markRead(m2.client, id);
    expect(again.status).toBe(200);
    expect(again.body.data.notice.is_read).toBe(true);
    expect(await unseenNoticesOf(m2.client)).toBe(before - 1);
    expect(await noticeEventsFor(m2.partyId)).toBe(events + 1);
  });

  it('two marks at once drop the count by one, once', async () => {
    const m2 = personas.M2;
    const id = await addNotice(m2.partyId);
    const before = await unseenNoticesOf(m2.client);
    const events = await noticeEventsFor(m2.partyId);
    const answers = await Promise.all([markRead(m2.client, id), markRead(m2.client, id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await unseenNoticesOf(m2.client)).toBe(before - 1);
    expect(await noticeEventsFor(m2.partyId)).toBe(events + 1);
  });

  it('another member can neither read nor mark your notice: the same 404 as a missing one', async () => {
    const id = await addNotice(personas.M2.partyId);
    const w = personas.W.client;
    expect((await list(w)).notices.some((n) => n.id === id)).toBe(false);
    const theirs = await markRead(w, id);
    const missing = await markRead(w, 2_000_000_000);
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(theirs.text).toBe(missing.text);
    const row = await db()
      .selectFrom('notices')
      .select('is_read')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.is_read).toBe(0);
    // An admin is no exception.
    expect((await markRead(personas.A.client, id)).status).toBe(404);
  });

  it('unsigned is a 401 and changes nothing', async () => {
    const id = await addNotice(personas.M2.partyId);
    const response = await personas.M2.client.request('PUT', `/notices/${id}/mark_read`, {
      unsigned: true,
    });
    expect(response.status).toBe(401);
    const row = await db()
      .selectFrom('notices')
      .select('is_read')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.is_read).toBe(0);
  });
});
