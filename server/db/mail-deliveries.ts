import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/* The record of mail jobs whose message the mailer took (migration 0019, D79). */

export async function isMailDelivered(db: Kysely<Database>, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('mail_deliveries')
    .select('id')
    .where('key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records the delivery; a second record of the same key (two runs racing) is a no-op. */
export async function recordMailDelivery(
  db: Kysely<Database>,
  delivery: { key: string; messageId: string; to: string },
  now: number,
): Promise<void> {
  await db
    .insertInto('mail_deliveries')
    .values({
      key: delivery.key,
      message_id: delivery.messageId,
      to_address: delivery.to,
      sent_at: now,
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
}
