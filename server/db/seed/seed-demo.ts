import { hashPassword } from '../../auth/passwords.ts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { engineOf } from '../database.ts';
import type { Database, TableName } from '../schema.ts';
import { BatchWriter } from './batch-writer.ts';
import { DEMO_PASSWORD } from './personas.ts';
import { Random } from './random.ts';
import { seedChats } from './seed-chats.ts';
import { seedClubs } from './seed-clubs.ts';
import { IdAllocator, emptyWorld } from './seed-context.ts';
import type { SeedContext } from './seed-context.ts';
import { seedEvents } from './seed-events.ts';
import { seedMembers } from './seed-members.ts';
import { seedPersonal } from './seed-personal.ts';
import { seedPhotos, seedPosts } from './seed-posts.ts';
import { seedReferenceData } from './seed-reference.ts';

export const DEFAULT_SEED = 1;

export interface SeedOptions {
  /** The random seed: the same seed (and `now`) gives the same data, row for row. */
  seed?: number;
  /** Multiplies members, posts, comments, chats and messages (1 ≈ 2,000 members). */
  scale?: number;
  /**
   * The moment the demo is built around (epoch ms): posts and past events before it, future
   * events after it. Defaults to the clock; pass a fixed value for repeatable data.
   */
  now?: number;
  log?: (line: string) => void;
  /** A ready argon2id hash of the demo password, to skip hashing (tests). */
  passwordHash?: string;
}

/** Rows written per table. */
export type SeedSummary = Partial<Record<TableName, number>>;

/** Tables the generator writes, in an order that satisfies foreign keys. */
const SEEDED_TABLES: readonly TableName[] = [
  'organizations',
  'club_types',
  'clubs',
  'parties',
  'officer_positions',
  'officer_terms',
  'memberships',
  'membership_roles',
  'member_statuses',
  'users',
  'contact_types',
  'countries',
  'states',
  'addresses',
  'emails',
  'phones',
  'photos',
  'post_bodies',
  'comment_containers',
  'posts',
  'post_photos',
  'comments',
  'calendar_event_descriptions',
  'calendar_event_series',
  'calendar_events',
  'calendar_event_photos',
  'event_attendees',
  'chats',
  'chat_parties',
  'chat_messages',
  'user_favorite_contacts',
  'favorite_clubs',
  'user_recent_contacts',
  'party_preferences',
  'notices',
  'dues',
  'payment_credentials',
  'audit_log',
];

/** The demo data (or any data) is there once an organisation exists. */
export async function isDatabaseSeeded(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

async function maxIds(db: Kysely<Database>): Promise<Partial<Record<TableName, number>>> {
  const result: Partial<Record<TableName, number>> = {};
  for (const table of SEEDED_TABLES) {
    const { rows } = await sql<{
      m: number | string | null;
    }>`select max(id) as m from ${sql.table(table)}`.execute(db);
    const max = rows[0]?.m;
    if (max !== null && max !== undefined) result[table] = Number(max);
  }
  return result;
}

/**
 * Fills an empty database with the deterministic demo: organisations, clubs, about 2,000
 * members per unit of scale, posts, events, chats, notices, dues. Runs in one transaction, so
 * a failure leaves the database as it was.
 */
export async function seedDemo(
  db: Kysely<Database>,
  options: SeedOptions = {},
): Promise<SeedSummary> {
  const seed = options.seed ?? DEFAULT_SEED;
  const scale = options.scale ?? 1;
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a whole number, not ${seed}`);
  if (!Number.isFinite(scale) || scale <= 0) {
    throw new RangeError(`scale must be a number above 0, not ${scale}`);
  }
  if (await isDatabaseSeeded(db)) {
    throw new Error(
      'The database already has organisations; the demo data goes into an empty one.',
    );
  }
  const log = options.log ?? (() => undefined);
  const now = Math.floor(options.now ?? Date.now());
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  const engine = engineOf(db);
  const started = performance.now();
  const elapsed = (): string => `${((performance.now() - started) / 1000).toFixed(1)} s`;

  const summary = await db.transaction().execute(async (trx) => {
    const ids = new IdAllocator(await maxIds(trx));
    const writer = new BatchWriter(trx, engine);
    const ctx: SeedContext = {
      db: trx,
      engine,
      writer,
      rng: new Random(seed, 'lodgehall-demo'),
      now,
      scale,
      passwordHash,
      log,
      ids,
      world: emptyWorld(),
    };
    log(`demo data: seed ${seed}, scale ${scale}, now ${new Date(now).toISOString()}`);
    await seedReferenceData(ctx);
    await seedClubs(ctx);
    log(`clubs: ${ctx.world.clubs.size} clubs in ${ctx.world.organizations.size} organisations`);
    await seedMembers(ctx);
    log(`roster written (${elapsed()})`);
    await seedPhotos(ctx);
    await seedPosts(ctx);
    log(`posts written (${elapsed()})`);
    await seedEvents(ctx);
    log(`events written (${elapsed()})`);
    await seedChats(ctx);
    log(`chats written (${elapsed()})`);
    await seedPersonal(ctx);
    await writer.add('audit_log', {
      id: ids.take('audit_log'),
      actor_user_id: null,
      action: 'demo.seed',
      subject_type: null,
      subject_id: null,
      detail: JSON.stringify({ seed, scale, now }),
      ip: null,
      created_at: now,
    });
    await writer.flushAll();

    if (engine === 'postgres') {
      // Ids were given explicitly, which leaves identity sequences behind; move them on.
      for (const table of SEEDED_TABLES) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
          trx,
        );
      }
    }
    const counts = writer.counts();
    const ordered: SeedSummary = {};
    for (const table of SEEDED_TABLES) ordered[table] = counts[table] ?? 0;
    return ordered;
  });
  if (engine === 'postgres') {
    // Without statistics the planner guesses a fresh table's size and may scan all parties for
    // a chat's few members (25-70 ms at scale 50); autovacuum would get there only later.
    await sql`analyze`.execute(db);
  }
  log(`done in ${elapsed()}`);
  return summary;
}
