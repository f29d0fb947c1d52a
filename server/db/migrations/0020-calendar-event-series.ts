import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { schemaKit } from './schema-helpers.ts';

/*
 * Recurring meetings (issue 25, docs/decisions.md D80). A series keeps its rule once: the RRULE
 * text, DTSTART as the local date and wall time in the lodge's zone, and how long a meeting
 * lasts. Every occurrence is a real calendar_events row (its own id, RSVPs, counts), so every
 * list reads occurrences as it reads single events.
 *
 * - `calendar_event_series.materialized_until`: every instant of the rule before it has its row;
 *   null once the rule has ended and all its rows exist. The minute sweep extends the short ones.
 * - `name`, `location`, `access`, `allows_comments`, the description and the comment container
 *   are the series' own: a new occurrence starts from them, and the feeds' one VEVENT shows them.
 * - `calendar_events.recurrence_start_at`: the rule's instant of this occurrence (RECURRENCE-ID),
 *   which stays when the occurrence is moved; one row per series and instant.
 * - `occurrence_changed`: edited on its own ("this meeting"); `cancelled_at`: cancelled, kept so
 *   its page says so and the feeds write an EXDATE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);
  await k
    .table('calendar_event_series')
    .addColumn('club_id', 'integer', k.ref('clubs', 'cascade'))
    .addColumn('party_id', 'integer', k.ref('parties', 'set null', true))
    .addColumn('rrule', 'text', k.notNull)
    .addColumn('start_date', 'text', k.notNull)
    .addColumn('start_minutes', 'integer', k.notNull)
    .addColumn('time_zone_id', 'integer', k.notNull)
    .addColumn('duration_minutes', 'integer')
    .addColumn('name', 'text', k.notNull)
    .addColumn('location', 'text')
    .addColumn('access', 'text', k.notNull)
    .addColumn('allows_comments', 'integer', k.flag(1))
    .addColumn('announced', 'integer', k.flag(0))
    .addColumn('calendar_event_description_id', 'integer', k.notNull)
    .addColumn('comment_container_id', 'integer', k.notNull)
    .addColumn('materialized_until', k.instant)
    .addColumn('created_at', k.instant, k.notNull)
    .addColumn('updated_at', k.instant, k.notNull)
    .execute();
  // The sweep's question: which series need rows further ahead.
  await db.schema
    .createIndex('calendar_event_series_materialized_until')
    .on('calendar_event_series')
    .column('materialized_until')
    .where(sql<boolean>`materialized_until is not null`)
    .execute();
  await db.schema
    .alterTable('calendar_events')
    .addColumn('series_id', 'integer', (col) =>
      col.references('calendar_event_series.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .alterTable('calendar_events')
    .addColumn('recurrence_start_at', k.instant)
    .execute();
  await db.schema
    .alterTable('calendar_events')
    .addColumn('occurrence_changed', 'integer', k.flag(0))
    .execute();
  await db.schema.alterTable('calendar_events').addColumn('cancelled_at', k.instant).execute();
  await db.schema
    .createIndex('calendar_events_series_occurrence')
    .on('calendar_events')
    .columns(['series_id', 'recurrence_start_at'])
    .unique()
    .where(sql<boolean>`series_id is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('calendar_events_series_occurrence').execute();
  for (const column of ['cancelled_at', 'occurrence_changed', 'recurrence_start_at', 'series_id']) {
    await db.schema.alterTable('calendar_events').dropColumn(column).execute();
  }
  await db.schema.dropTable('calendar_event_series').execute();
}
