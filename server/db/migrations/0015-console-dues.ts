import type { Kysely } from 'kysely';
import { addIndex, schemaKit } from './schema-helpers.ts';

/**
 * Dues in the console (issue 23, docs/decisions.md D70): a club's amount per year
 * (`dues_rates`), and payments taken in person beside the online ones: `dues_payments` gains
 * how it was paid (`method`: online, cash or cheque), the day it was paid, the note (a cheque's
 * number), who recorded it, and a void (when, by whom, why) that keeps the row for the audit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);
  await k
    .table('dues_rates')
    .addColumn('club_id', 'integer', k.ref('clubs', 'cascade'))
    .addColumn('year', 'integer', k.notNull)
    .addColumn('amount_cents', 'integer', k.notNull)
    .addColumn('created_at', k.instant, k.notNull)
    .addColumn('updated_at', k.instant, k.notNull)
    .addUniqueConstraint('dues_rates_club_year_key', ['club_id', 'year'])
    .execute();
  await db.schema
    .alterTable('dues_payments')
    .addColumn('method', 'text', (col) => col.notNull().defaultTo('online'))
    .execute();
  await db.schema.alterTable('dues_payments').addColumn('paid_on', 'text').execute();
  await db.schema.alterTable('dues_payments').addColumn('note', 'text').execute();
  await db.schema
    .alterTable('dues_payments')
    .addColumn('recorded_by_user_id', 'integer', k.ref('users', 'set null', true))
    .execute();
  await db.schema.alterTable('dues_payments').addColumn('voided_at', k.instant).execute();
  await db.schema
    .alterTable('dues_payments')
    .addColumn('voided_by_user_id', 'integer', k.ref('users', 'set null', true))
    .execute();
  await db.schema.alterTable('dues_payments').addColumn('void_reason', 'text').execute();
  // A member's payments at a club, newest first: the console's member dues panel.
  await addIndex(db, 'dues_payments', ['club_id', 'party_id', 'created_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('dues_payments_club_id_party_id_created_at_idx').execute();
  for (const column of [
    'void_reason',
    'voided_by_user_id',
    'voided_at',
    'recorded_by_user_id',
    'note',
    'paid_on',
    'method',
  ]) {
    await db.schema.alterTable('dues_payments').dropColumn(column).execute();
  }
  await db.schema.dropTable('dues_rates').execute();
}
