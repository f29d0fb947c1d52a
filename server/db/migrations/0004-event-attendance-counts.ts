import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { schemaKit } from './schema-helpers.ts';

const COLUMNS = ['yes_count', 'no_count', 'guest_count'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);
  // Every calendar list shows each event's attendance; counting the RSVPs of a page's events
  // on every read cost more than the rest of the page's SQL (docs/decisions.md D31). The RSVP
  // calls keep these in the transaction that writes the RSVP; a new event starts at 0.
  for (const column of COLUMNS) {
    await db.schema.alterTable('calendar_events').addColumn(column, 'integer', k.zero).execute();
  }
  await sql`
    update calendar_events set
      yes_count = (select count(*) from event_attendees a
        where a.calendar_event_id = calendar_events.id and a.status = 'YES'),
      no_count = (select count(*) from event_attendees a
        where a.calendar_event_id = calendar_events.id and a.status = 'NO'),
      guest_count = (select coalesce(sum(a.guests), 0) from event_attendees a
        where a.calendar_event_id = calendar_events.id and a.status = 'YES')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema.alterTable('calendar_events').dropColumn(column).execute();
  }
}
