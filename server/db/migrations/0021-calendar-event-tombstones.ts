import type { Kysely } from 'kysely';
import { schemaKit } from './schema-helpers.ts';

/*
 * What is left of a deleted event (issue 25, docs/decisions.md D81): the links of mails and
 * notices already sent keep pointing at it, and its page says it was cancelled rather than
 * "not found". One row per deleted event, by the event's id (ids are never used again: an
 * identity on PostgreSQL, AUTOINCREMENT on SQLite): its name, lodge, times and zone, and its
 * creator and access, so the same members who could see the event see that it was cancelled.
 * The creator is kept as a plain number: the row outlives a removed member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);
  await k
    .table('calendar_event_tombstones')
    .addColumn('event_id', 'integer', (col) => col.notNull().unique())
    .addColumn('club_id', 'integer', k.ref('clubs', 'cascade'))
    .addColumn('party_id', 'integer')
    .addColumn('name', 'text', k.notNull)
    .addColumn('location', 'text')
    .addColumn('access', 'text', k.notNull)
    .addColumn('start_at', k.instant, k.notNull)
    .addColumn('end_at', k.instant)
    .addColumn('time_zone_id', 'integer', k.notNull)
    .addColumn('deleted_at', k.instant, k.notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_event_tombstones').execute();
}
