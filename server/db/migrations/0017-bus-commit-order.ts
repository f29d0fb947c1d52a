import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { engineOf } from '../database.ts';

/*
 * `bus_events` ids in commit order on PostgreSQL (docs/decisions.md D74). The id an insert takes
 * from the sequence is provisional: a deferred trigger, run at COMMIT under one transaction-level
 * advisory lock, gives the row a fresh id from the same sequence and sends `NOTIFY
 * lodgehall_bus, '<id>'`. The lock is held from there until the commit is visible, so a row with
 * a lower id is always visible before one with a higher id, and a reader's "everything after
 * id N" can never skip one that commits late. The lock is taken when the transaction holds no
 * more statements to run, so it cannot close a cycle with row locks. SQLite has one writer at a
 * time: its ids are in commit order already.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`
    create function bus_events_number_at_commit() returns trigger language plpgsql as $$
    declare
      final_id bigint;
    begin
      perform pg_advisory_xact_lock(hashtext('lodgehall.bus_events'));
      final_id := nextval(pg_get_serial_sequence('bus_events', 'id'));
      update bus_events set id = final_id where id = new.id;
      perform pg_notify('lodgehall_bus', final_id::text);
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create constraint trigger bus_events_number_at_commit after insert on bus_events
    deferrable initially deferred for each row execute function bus_events_number_at_commit()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`drop trigger bus_events_number_at_commit on bus_events`.execute(db);
  await sql`drop function bus_events_number_at_commit()`.execute(db);
}
