import { Migrator, NO_MIGRATIONS, sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../auth/tokens.ts';
import { createTestDatabase } from '../test/test-database.ts';
import type { TestDatabase } from '../test/test-database.ts';
import { migrateToLatest, pendingMigrations } from './migrate.ts';
import { INITIAL_TABLES } from './migrations/0001-initial.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

const NOW = 1_750_000_000_000;

async function tableNames(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables.map((t) => t.name).sort();
}

async function insertOrganisationWithClubType(
  db: Kysely<Database>,
  name: string,
): Promise<{ organizationId: number; clubTypeId: number }> {
  const org = await db
    .insertInto('organizations')
    .values({ name, member_number_min_length: 4 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const type = await db
    .insertInto('club_types')
    .values({ organization_id: org.id, name: 'Lodge', rank: 0, is_leaf: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { organizationId: org.id, clubTypeId: type.id };
}

function party(first: string, last: string) {
  return {
    first_name: first,
    last_name: last,
    first_name_key: first.toLowerCase(),
    last_name_key: last.toLowerCase(),
    created_at: NOW,
    updated_at: NOW,
  };
}

describe('migrations', () => {
  let database: TestDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    db = database.handle.db;
  });

  afterAll(async () => {
    await database.drop();
  });

  it('migrates an empty database to the latest schema', async () => {
    expect(await pendingMigrations(db)).toEqual(Object.keys(migrations));
    const ran = await migrateToLatest(db);
    expect(ran).toEqual(Object.keys(migrations));
    const names = (await tableNames(db)).filter((n) => !n.startsWith('kysely_'));
    expect(names).toEqual(
      [
        ...INITIAL_TABLES,
        'calendar_feeds',
        'bus_events',
        'dues_payment_items',
        'roster_imports',
        'invitations',
        'dues_rates',
        'organization_statuses',
        // Recurring meetings (D80).
        'calendar_event_series',
        // The job queue's table; PostgreSQL's queue keeps graphile-worker's schema (D78).
        ...(database.handle.engine === 'sqlite' ? ['jobs'] : []),
      ].sort(),
    );
  });

  it('does nothing when run again', async () => {
    expect(await pendingMigrations(db)).toEqual([]);
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('gives every table an integer id that the database assigns', async () => {
    const tables = await db.introspection.getTables();
    for (const table of tables.filter((t) => !t.name.startsWith('kysely_'))) {
      const id = table.columns.find((c) => c.name === 'id');
      expect(id, table.name).toBeDefined();
      expect(id?.isAutoIncrementing || id?.hasDefaultValue, table.name).toBe(true);
    }
  });

  it('rejects a second club with the same subdomain', async () => {
    const { organizationId, clubTypeId } = await insertOrganisationWithClubType(db, 'Subdomains');
    const club = {
      organization_id: organizationId,
      club_type_id: clubTypeId,
      name: 'Harmony Lodge',
      formal_name: 'Harmony Lodge No. 1',
      subdomain: 'harmony1',
      created_at: NOW,
      updated_at: NOW,
    };
    await db.insertInto('clubs').values(club).execute();
    await expect(db.insertInto('clubs').values(club).execute()).rejects.toThrow(/unique/i);
  });

  it('rejects a username that differs only in case', async () => {
    const [a, b] = await db
      .insertInto('parties')
      .values([party('Ann', 'Able'), party('Bob', 'Baker')])
      .returning('id')
      .execute();
    const user = (partyId: number, username: string) => ({
      party_id: partyId,
      username,
      username_key: username.toLowerCase(),
      password_hash: 'x',
      created_at: NOW,
      updated_at: NOW,
    });
    await db
      .insertInto('users')
      .values(user(a?.id ?? 0, 'Member'))
      .execute();
    await expect(
      db
        .insertInto('users')
        .values(user(b?.id ?? 0, 'MEMBER'))
        .execute(),
    ).rejects.toThrow(/unique/i);
  });

  it('enforces foreign keys and cascades deletes to children', async () => {
    await expect(
      db
        .insertInto('memberships')
        .values({ party_id: 999_999, club_id: 999_999, created_at: NOW })
        .execute(),
    ).rejects.toThrow(/foreign key/i);

    const p = await db
      .insertInto('parties')
      .values(party('Carl', 'Cole'))
      .returning('id')
      .executeTakeFirstOrThrow();
    const country = await db
      .insertInto('countries')
      .values({ name: 'United States', code: 'US', sort_order: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const type = await db
      .insertInto('contact_types')
      .values({ kind: 'address', name: 'HomeAddress', limit_count: 1, min_count: 1, sort_order: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('addresses')
      .values({
        party_id: p.id,
        contact_type_id: type.id,
        address_1: '1 Main St',
        city: 'Columbus',
        zip: '43215',
        country_id: country.id,
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    // Reference data in use cannot go; a party's own rows go with it.
    await expect(
      db.deleteFrom('contact_types').where('id', '=', type.id).execute(),
    ).rejects.toThrow(/foreign key/i);
    await db.deleteFrom('parties').where('id', '=', p.id).execute();
    const left = await db
      .selectFrom('addresses')
      .select(db.fn.countAll<number>().as('n'))
      .where('party_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });

  it('limits RSVP guests to 0-9', async () => {
    const { organizationId, clubTypeId } = await insertOrganisationWithClubType(db, 'Events');
    const club = await db
      .insertInto('clubs')
      .values({
        organization_id: organizationId,
        club_type_id: clubTypeId,
        name: 'Event Lodge',
        formal_name: 'Event Lodge No. 2',
        subdomain: 'event2',
        created_at: NOW,
        updated_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const description = await db
      .insertInto('calendar_event_descriptions')
      .values({ body: '<p>Meeting</p>' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const container = await db
      .insertInto('comment_containers')
      .values({ created_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    const event = await db
      .insertInto('calendar_events')
      .values({
        club_id: club.id,
        name: 'Stated Meeting',
        calendar_event_description_id: description.id,
        access: 'PUBLIC',
        comment_container_id: container.id,
        start_at: NOW,
        time_zone_id: 1,
        local_start_date: '2025-06-15',
        created_at: NOW,
        updated_at: NOW,
        last_activity_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const p = await db
      .insertInto('parties')
      .values(party('Dan', 'Dale'))
      .returning('id')
      .executeTakeFirstOrThrow();
    const attendee = {
      calendar_event_id: event.id,
      party_id: p.id,
      status: 'YES' as const,
      created_at: NOW,
      updated_at: NOW,
    };
    await expect(
      db
        .insertInto('event_attendees')
        .values({ ...attendee, guests: 10 })
        .execute(),
    ).rejects.toThrow(/check/i);
    await db
      .insertInto('event_attendees')
      .values({ ...attendee, guests: 9 })
      .execute();
  });

  it('stores epoch milliseconds and reads them back as numbers', async () => {
    const later = 4_102_444_800_000; // 2100-01-01, beyond 32-bit integers
    const row = await db
      .insertInto('comment_containers')
      .values({ created_at: later })
      .returning(['created_at', 'comment_count'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ created_at: later, comment_count: 0 });
  });

  it('migrates down to nothing and up again', async () => {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect((await tableNames(db)).filter((n) => !n.startsWith('kysely_'))).toEqual([]);
    await migrateToLatest(db);
    const count = await sql<{ n: number }>`select count(*) as n from organizations`.execute(db);
    expect(Number(count.rows[0]?.n)).toBe(0);
  });
});

describe('0004_event_attendance_counts (issue 10, Measure and report)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });

  afterAll(async () => {
    await database.drop();
  });

  it('backfills each event its RSVPs counted; a later event starts at 0', async () => {
    const db = database.handle.db;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    const before = await migrator.migrateTo('0003_calendar_feeds');
    expect(before.error).toBeUndefined();

    const { organizationId, clubTypeId } = await insertOrganisationWithClubType(db, 'Counts');
    const club = await db
      .insertInto('clubs')
      .values({
        organization_id: organizationId,
        club_type_id: clubTypeId,
        name: 'Count Lodge',
        formal_name: 'Count Lodge No. 4',
        subdomain: 'count4',
        created_at: NOW,
        updated_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Inserted without the new columns, as the schema before 0004 has them.
    const newEvent = async (name: string): Promise<number> => {
      const description = await db
        .insertInto('calendar_event_descriptions')
        .values({ body: `<p>${name}</p>` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const container = await db
        .insertInto('comment_containers')
        .values({ created_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      const event = await db
        .insertInto('calendar_events')
        .values({
          club_id: club.id,
          name,
          calendar_event_description_id: description.id,
          access: 'PUBLIC',
          comment_container_id: container.id,
          start_at: NOW,
          time_zone_id: 1,
          local_start_date: '2025-06-15',
          created_at: NOW,
          updated_at: NOW,
          last_activity_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return event.id;
    };
    const answered = await newEvent('Stated Meeting');
    const unanswered = await newEvent('Ladies Night');
    const rsvps = [
      { status: 'YES', guests: 2 },
      { status: 'YES', guests: 0 },
      { status: 'YES', guests: 5 },
      { status: 'NO', guests: 0 },
    ] as const;
    for (const [index, rsvp] of rsvps.entries()) {
      const p = await db
        .insertInto('parties')
        .values(party(`Guest${index}`, 'Counter'))
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('event_attendees')
        .values({
          calendar_event_id: answered,
          party_id: p.id,
          ...rsvp,
          created_at: NOW,
          updated_at: NOW,
        })
        .execute();
    }

    await migrateToLatest(db);
    const counts = async (id: number) =>
      db
        .selectFrom('calendar_events')
        .select(['yes_count', 'no_count', 'guest_count'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await counts(answered)).toEqual({ yes_count: 3, no_count: 1, guest_count: 7 });
    expect(await counts(unanswered)).toEqual({ yes_count: 0, no_count: 0, guest_count: 0 });
    expect(await counts(await newEvent('Installation'))).toEqual({
      yes_count: 0,
      no_count: 0,
      guest_count: 0,
    });
  });
});

describe('0005_member_search_keys (issue 11, D38)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });

  afterAll(async () => {
    await database.drop();
  });

  it('folds the stored keys of parties made before it, and leaves folded ones alone', async () => {
    const db = database.handle.db;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    expect((await migrator.migrateTo('0004_event_attendance_counts')).error).toBeUndefined();
    const party = (first: string, last: string, preferred: string | null) =>
      db
        .insertInto('parties')
        .values({
          first_name: first,
          last_name: last,
          preferred_name: preferred,
          // As the seed stored them before: lower-cased only.
          first_name_key: first.toLowerCase(),
          last_name_key: last.toLowerCase(),
          preferred_name_key: preferred?.toLowerCase() ?? null,
          created_at: NOW,
          updated_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const jose = await party('José', "O'Núñez", 'Pépé Le Moko');
    const plain = await party('John', 'Smith', null);

    await migrateToLatest(db);
    const keys = await db
      .selectFrom('parties')
      .select(['id', 'first_name_key', 'last_name_key', 'preferred_name_key'])
      .where('id', 'in', [jose.id, plain.id])
      .orderBy('id')
      .execute();
    expect(keys).toEqual([
      {
        id: jose.id,
        first_name_key: 'jose',
        last_name_key: 'onunez',
        preferred_name_key: 'pepe le moko',
      },
      { id: plain.id, first_name_key: 'john', last_name_key: 'smith', preferred_name_key: null },
    ]);
  });
});

describe('0010_calendar_feed_token_hashes (issue 21, D54)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });

  afterAll(async () => {
    await database.drop();
  });

  it('replaces each stored token by its hash, so old addresses still answer; down drops the feeds', async () => {
    const db = database.handle.db;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    expect((await migrator.migrateTo('0009_notice_list_index')).error).toBeUndefined();
    const parties = await db
      .insertInto('parties')
      .values([party('Ann', 'Able'), party('Bob', 'Baker')])
      .returning('id')
      .execute();
    const users = await db
      .insertInto('users')
      .values(
        parties.map((p, index) => ({
          party_id: p.id,
          username: `feeder${index}`,
          username_key: `feeder${index}`,
          password_hash: 'x',
          created_at: NOW,
          updated_at: NOW,
        })),
      )
      .returning('id')
      .execute();
    const tokens = users.map(() => newToken());
    // As 0003 made the table: the token itself, in `token`.
    const before = db as unknown as Kysely<{
      calendar_feeds: { user_id: number; token: string; created_at: number };
    }>;
    await before
      .insertInto('calendar_feeds')
      .values(
        users.map((u, index) => ({ user_id: u.id, token: tokens[index] ?? '', created_at: NOW })),
      )
      .execute();

    expect((await migrator.migrateTo('0010_calendar_feed_token_hashes')).error).toBeUndefined();
    const hashed = await db
      .selectFrom('calendar_feeds')
      .select(['user_id', 'token_hash', 'created_at'])
      .orderBy('user_id')
      .execute();
    expect(hashed).toEqual(
      users.map((u, index) => ({
        user_id: u.id,
        token_hash: hashToken(tokens[index] ?? ''),
        created_at: NOW,
      })),
    );

    expect((await migrator.migrateTo('0009_notice_list_index')).error).toBeUndefined();
    expect(await before.selectFrom('calendar_feeds').select('token').execute()).toEqual([]);
    await migrateToLatest(db);
  });
});
