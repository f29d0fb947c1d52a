import type { Kysely } from 'kysely';
import { addIndex, schemaKit } from './schema-helpers.ts';

/**
 * Dues payments (docs/decisions.md D50).
 *
 * - `dues_payments.provider_event_id`: the provider's event (a Stripe event id, or the test
 *   checkout's own) that completed the payment, unique, so a replayed completion can never be
 *   recorded twice; `expires_at`: the hand-off token is single-use and short-lived.
 * - `dues_payment_items`: exactly the yearly dues a payment covers, so completing it marks
 *   those rows paid and no other (a year added between hand-off and payment stays unpaid).
 * - `payment_credentials.brand`: the card's brand, the one detail beside the last four digits,
 *   expiry, name and e-mail that the saved card keeps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);
  await db.schema.alterTable('dues_payments').addColumn('provider_event_id', 'text').execute();
  await db.schema.alterTable('dues_payments').addColumn('expires_at', k.instant).execute();
  await addIndex(db, 'dues_payments', ['provider_event_id'], {
    unique: true,
    name: 'dues_payments_provider_event_key',
  });

  await k
    .table('dues_payment_items')
    .addColumn('dues_payment_id', 'integer', k.ref('dues_payments', 'cascade'))
    .addColumn('dues_id', 'integer', k.ref('dues', 'cascade'))
    .addColumn('amount_cents', 'integer', k.notNull)
    .addUniqueConstraint('dues_payment_items_payment_dues_key', ['dues_payment_id', 'dues_id'])
    .execute();

  await db.schema.alterTable('payment_credentials').addColumn('brand', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_credentials').dropColumn('brand').execute();
  await db.schema.dropTable('dues_payment_items').execute();
  await db.schema.dropIndex('dues_payments_provider_event_key').execute();
  await db.schema.alterTable('dues_payments').dropColumn('expires_at').execute();
  await db.schema.alterTable('dues_payments').dropColumn('provider_event_id').execute();
}
