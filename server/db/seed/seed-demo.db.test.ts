import crypto from 'node:crypto';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { TestDatabase } from '../../test/test-database.ts';
import type { Database, TableName } from '../schema.ts';
import { isDatabaseSeeded, seedDemo } from './index.ts';
import { DEMO_CLUBS, DEMO_PASSWORD, DEMO_REGISTRANT, PERSONAS } from './personas.ts';
import { CONTACT_TYPES } from './seed-reference.ts';

/** A fixed reference time: 2025-06-15T15:06:40Z. */
const NOW = 1_750_000_000_000;
const SEED_TIMEOUT = 120_000;

const DIGEST_TABLES: readonly TableName[] = [
  'organizations',
  'clubs',
  'officer_terms',
  'parties',
  'memberships',
  'member_statuses',
  'users',
  'addresses',
  'phones',
  'posts',
  'post_bodies',
  'comments',
  'calendar_events',
  'event_attendees',
  'chats',
  'chat_parties',
  'chat_messages',
  'notices',
  'dues',
  'payment_credentials',
];

/** A digest of every row of the tables above, in id order. */
async function digest(db: Kysely<Database>): Promise<string> {
  const hasher = crypto.createHash('sha256');
  for (const table of DIGEST_TABLES) {
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} order by id`.execute(db);
    hasher.update(table);
    for (const row of rows) hasher.update(JSON.stringify(row));
  }
  return hasher.digest('hex');
}

async function count(db: Kysely<Database>, query: RawBuilder<unknown>): Promise<number> {
  const { rows } = await query.execute(db);
  const row = rows[0] as { n?: number | string } | undefined;
  return Number(row?.n ?? 0);
}

async function userOf(db: Kysely<Database>, username: string) {
  return db
    .selectFrom('users')
    .innerJoin('parties', 'parties.id', 'users.party_id')
    .select(['users.id as user_id', 'users.party_id', 'users.is_admin', 'users.password_hash'])
    .where('users.username_key', '=', username)
    .executeTakeFirstOrThrow();
}

async function rolesOf(db: Kysely<Database>, partyId: number): Promise<Record<string, string[]>> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('clubs', 'clubs.id', 'memberships.club_id')
    .innerJoin('membership_roles', 'membership_roles.membership_id', 'memberships.id')
    .select(['clubs.subdomain', 'membership_roles.role_name'])
    .where('memberships.party_id', '=', partyId)
    .where('memberships.left_at', 'is', null)
    .orderBy('clubs.subdomain')
    .orderBy('membership_roles.role_name')
    .execute();
  const roles: Record<string, string[]> = {};
  for (const row of rows) (roles[row.subdomain] ??= []).push(row.role_name);
  return roles;
}

describe('demo data', () => {
  let first: TestDatabase;
  let second: TestDatabase;
  let other: TestDatabase;
  let db: Kysely<Database>;
  let passwordHash: string;
  const lines: string[] = [];

  beforeAll(async () => {
    passwordHash = await hashPassword(DEMO_PASSWORD);
    [first, second, other] = await Promise.all([
      createTestDatabase(),
      createTestDatabase(),
      createTestDatabase(),
    ]);
    db = first.handle.db;
    expect(await isDatabaseSeeded(db)).toBe(false);
    // Separate databases, so PostgreSQL can fill them side by side.
    await Promise.all([
      seedDemo(db, { seed: 7, now: NOW, passwordHash, log: (line) => lines.push(line) }),
      seedDemo(second.handle.db, { seed: 7, now: NOW, passwordHash }),
      seedDemo(other.handle.db, { seed: 8, now: NOW, passwordHash }),
    ]);
  }, SEED_TIMEOUT);

  afterAll(async () => {
    await Promise.all([first, second, other].map((d) => d?.drop()));
  });

  it('is the same, row for row, for the same seed and time', async () => {
    expect(await digest(second.handle.db)).toBe(await digest(db));
  });

  it('differs for another seed', async () => {
    expect(await digest(other.handle.db)).not.toBe(await digest(db));
  });

  it('reports progress and knows it has been seeded', async () => {
    expect(lines.length).toBeGreaterThan(3);
    expect(await isDatabaseSeeded(db)).toBe(true);
    await expect(seedDemo(db, { now: NOW, passwordHash })).rejects.toThrow(/empty/);
  });

  it('has the personas with their roles and the demo password', async () => {
    for (const persona of PERSONAS) {
      const user = await userOf(db, persona.username);
      expect(user.is_admin, persona.username).toBe(persona.isAdmin ? 1 : 0);
      expect(await verifyPassword(user.password_hash, DEMO_PASSWORD)).toBe(true);
      const active = await db
        .selectFrom('member_statuses')
        .select('status')
        .where('party_id', '=', user.party_id)
        .execute();
      expect(active.map((s) => s.status)).toEqual(['active']);
    }
    const m = await userOf(db, 'member');
    const mRoles = await rolesOf(db, m.party_id);
    expect(mRoles[DEMO_CLUBS.L1]).toEqual(['user']);
    expect(Object.values(mRoles).flat()).not.toContain('webmaster');
    const w = await userOf(db, 'webmaster');
    const wRoles = await rolesOf(db, w.party_id);
    expect(wRoles[DEMO_CLUBS.L2]).toEqual(['user', 'webmaster']);
    expect(wRoles[DEMO_CLUBS.L1]).toBeUndefined();
    const m2 = await userOf(db, 'member2');
    expect((await rolesOf(db, m2.party_id))[DEMO_CLUBS.L1]).toEqual(['user']);
    // L1 is a leaf (a lodge); M also belongs to a non-leaf club.
    const leaves = await db
      .selectFrom('memberships')
      .innerJoin('clubs', 'clubs.id', 'memberships.club_id')
      .innerJoin('club_types', 'club_types.id', 'clubs.club_type_id')
      .select(['clubs.subdomain', 'club_types.is_leaf'])
      .where('memberships.party_id', '=', m.party_id)
      .execute();
    expect(leaves).toContainEqual({ subdomain: DEMO_CLUBS.L1, is_leaf: 1 });
    expect(leaves.some((l) => l.is_leaf === 0)).toBe(true);
  });

  it('has a member without an account who can register', async () => {
    const row = await db
      .selectFrom('member_statuses')
      .innerJoin('parties', 'parties.id', 'member_statuses.party_id')
      .leftJoin('users', 'users.party_id', 'parties.id')
      .select(['parties.birth_date', 'users.id as user_id', 'member_statuses.status'])
      .where('member_statuses.member_number', '=', DEMO_REGISTRANT.memberNumber)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ birth_date: DEMO_REGISTRANT.birthDate, user_id: null, status: 'active' });
    const withoutAccounts = await count(
      db,
      sql`select count(*) as n from parties p where not exists (select 1 from users u where u.party_id = p.id)`,
    );
    expect(withoutAccounts).toBeGreaterThan(500);
  });

  it('meets the minimum sizes', async () => {
    const n = (table: TableName) => count(db, sql`select count(*) as n from ${sql.table(table)}`);
    expect(await n('organizations')).toBeGreaterThanOrEqual(3);
    expect(await n('parties')).toBeGreaterThanOrEqual(1_900);
    expect(await n('chat_messages')).toBeGreaterThanOrEqual(20_000);
    expect(await n('posts')).toBeGreaterThanOrEqual(600);
    expect(await n('calendar_events')).toBeGreaterThanOrEqual(300);
    expect(await n('payment_credentials')).toBeGreaterThanOrEqual(1);
    const lodges = await count(
      db,
      sql`select count(*) as n from clubs c join club_types t on t.id = c.club_type_id where t.is_leaf = 1`,
    );
    expect(lodges).toBeGreaterThanOrEqual(40);
    const zones = await db.selectFrom('clubs').select('time_zone_id').distinct().execute();
    expect(zones.map((z) => z.time_zone_id).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const hierarchy = await db
      .selectFrom('club_types')
      .innerJoin('organizations', 'organizations.id', 'club_types.organization_id')
      .select(['club_types.name'])
      .where('organizations.name', '=', 'Grand Lodge of Ohio F&AM')
      .orderBy('club_types.rank')
      .execute();
    expect(hierarchy.map((t) => t.name)).toEqual(['Grand Lodge', 'District', 'Lodge']);
  });

  it('keeps member numbers within each organisation’s length rules', async () => {
    const outside = await count(
      db,
      sql`select count(*) as n from member_statuses s join organizations o on o.id = s.organization_id
          where length(s.member_number) < coalesce(o.member_number_min_length, 0)
             or length(s.member_number) > coalesce(o.member_number_max_length, 100)`,
    );
    expect(outside).toBe(0);
    const statuses = await db.selectFrom('member_statuses').select('status').distinct().execute();
    expect(statuses.map((s) => s.status).sort()).toEqual([
      'active',
      'deceased',
      'demitted',
      'suspended',
    ]);
  });

  it('uses every contact type', async () => {
    for (const type of CONTACT_TYPES) {
      const table =
        type.kind === 'address' ? 'addresses' : type.kind === 'email' ? 'emails' : 'phones';
      const used = await count(
        db,
        sql`select count(*) as n from ${sql.table(table)} x join contact_types t on t.id = x.contact_type_id where t.name = ${type.name}`,
      );
      expect(used, type.name).toBeGreaterThan(0);
    }
  });

  it('gives M a feed, chats, notices, dues and a card to look at', async () => {
    const m = await userOf(db, 'member');
    const visible = await count(
      db,
      sql`select count(*) as n from posts p where p.access in ('PUBLIC', 'MEMBER')
          or p.club_id in (select club_id from memberships where party_id = ${m.party_id} and left_at is null)
          or p.party_id in (select party_id from user_favorite_contacts where user_id = ${m.user_id})`,
    );
    expect(visible).toBeGreaterThanOrEqual(60);
    const unseen = await count(
      db,
      sql`select count(*) as n from chat_parties cp join chat_messages x on x.chat_id = cp.chat_id
          where cp.party_id = ${m.party_id} and cp.left_at is null
            and x.id > coalesce(cp.last_seen_chat_message_id, 0) and x.party_id <> ${m.party_id}`,
    );
    expect(unseen).toBeGreaterThan(0);
    const chatTypes = await db
      .selectFrom('chat_parties')
      .innerJoin('chats', 'chats.id', 'chat_parties.chat_id')
      .select('chats.type')
      .distinct()
      .where('chat_parties.party_id', '=', m.party_id)
      .execute();
    expect(chatTypes.map((c) => c.type).sort()).toEqual(['GroupChat', 'OneOnOneChat']);
    const unread = await count(
      db,
      sql`select count(*) as n from notices where party_id = ${m.party_id} and is_read = 0`,
    );
    expect(unread).toBeGreaterThan(0);
    const arrears = await count(
      db,
      sql`select count(*) as n from dues where party_id = ${m.party_id} and paid_at is null and year < 2025`,
    );
    expect(arrears).toBeGreaterThan(0);
    const card = await db
      .selectFrom('payment_credentials')
      .select('card_number')
      .where('party_id', '=', m.party_id)
      .executeTakeFirstOrThrow();
    expect(card.card_number).toMatch(/4242$/);
  });

  it('has past and future events for each calendar tab of M', async () => {
    const l1 = await db
      .selectFrom('clubs')
      .select(['id', 'group_id'])
      .where('subdomain', '=', DEMO_CLUBS.L1)
      .executeTakeFirstOrThrow();
    const gl = await db
      .selectFrom('clubs')
      .select('id')
      .where('subdomain', '=', DEMO_CLUBS.grandLodge)
      .executeTakeFirstOrThrow();
    const tabs = {
      own: sql`e.club_id = ${l1.id}`,
      district: sql`c.group_id = ${l1.group_id} and c.id <> ${l1.id}`,
      rest: sql`c.organization_id = (select organization_id from clubs where id = ${gl.id})
                and coalesce(c.group_id, 0) <> ${l1.group_id} and c.id <> ${l1.group_id ?? 0}`,
    };
    for (const [tab, where] of Object.entries(tabs)) {
      for (const when of [sql`e.start_at < ${NOW}`, sql`e.start_at > ${NOW}`]) {
        const n = await count(
          db,
          sql`select count(*) as n from calendar_events e join clubs c on c.id = e.club_id where ${where} and ${when}`,
        );
        expect(n, tab).toBeGreaterThan(0);
      }
    }
    const rsvps = await count(db, sql`select count(*) as n from event_attendees where guests > 0`);
    expect(rsvps).toBeGreaterThan(0);
  });

  it('has comment trees with replies and hidden comments', async () => {
    const replies = await count(
      db,
      sql`select count(*) as n from comments where parent_id is not null`,
    );
    const hidden = await count(db, sql`select count(*) as n from comments where is_hidden = 1`);
    expect(replies).toBeGreaterThan(0);
    expect(hidden).toBeGreaterThan(0);
    const mismatched = await count(
      db,
      sql`select count(*) as n from comment_containers cc
          where cc.comment_count <> (select count(*) from comments c where c.comment_container_id = cc.id)`,
    );
    expect(mismatched).toBe(0);
  });

  it('leaves the ids to the database for rows added later', async () => {
    const before = await db
      .selectFrom('organizations')
      .select(db.fn.max('id').as('max'))
      .executeTakeFirstOrThrow();
    const added = await db
      .insertInto('organizations')
      .values({ name: 'Order of the Eastern Star' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(added.id).toBeGreaterThan(Number(before.max));
    await db.deleteFrom('organizations').where('id', '=', added.id).execute();
  });
});

describe('demo data over an existing account', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it(
    'keeps an administrator made before the first seed',
    async () => {
      const db = database.handle.db;
      const party = await db
        .insertInto('parties')
        .values({
          first_name: 'Site',
          last_name: 'Admin',
          first_name_key: 'site',
          last_name_key: 'admin',
          created_at: NOW,
          updated_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('users')
        .values({
          party_id: party.id,
          username: 'siteadmin',
          username_key: 'siteadmin',
          password_hash: 'x',
          is_admin: 1,
          created_at: NOW,
          updated_at: NOW,
        })
        .execute();
      const summary = await seedDemo(db, { scale: 0.1, now: NOW, passwordHash: 'x' });
      expect(summary.parties).toBeGreaterThan(100);
      const admin = await db
        .selectFrom('users')
        .select(['party_id', 'is_admin'])
        .where('username_key', '=', 'siteadmin')
        .executeTakeFirstOrThrow();
      expect(admin).toEqual({ party_id: party.id, is_admin: 1 });
      expect(await isDatabaseSeeded(db)).toBe(true);
    },
    SEED_TIMEOUT,
  );
});
