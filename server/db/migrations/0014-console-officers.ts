import type { Kysely } from 'kysely';
import { addIndex, schemaKit } from './schema-helpers.ts';

/**
 * Officers and invitations in the secretary's console (issue 23, docs/decisions.md D69).
 *
 * - `officer_positions.retired_on`: a position no longer filled ('YYYY-MM-DD'), kept with its
 *   terms as the club's history; null while in use. A position with no terms is deleted instead.
 * - `invitations`: who was invited to register, to which address, by whom and when, so the
 *   console can say so and does not invite the same member twice within a day; `sent_at` is set
 *   once the mailer took the message (a club's invitations go out after the answer).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);
  await db.schema.alterTable('officer_positions').addColumn('retired_on', 'text').execute();
  await k
    .table('invitations')
    .addColumn('organization_id', 'integer', k.ref('organizations', 'cascade'))
    .addColumn('club_id', 'integer', k.ref('clubs', 'set null', true))
    .addColumn('party_id', 'integer', k.ref('parties', 'cascade'))
    .addColumn('email', 'text', k.notNull)
    .addColumn('invited_by_user_id', 'integer', k.ref('users', 'set null', true))
    .addColumn('created_at', k.instant, k.notNull)
    .addColumn('sent_at', k.instant)
    .execute();
  // "Invited within the last day?" and a member's invitations, newest first.
  await addIndex(db, 'invitations', ['party_id', 'created_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invitations').execute();
  await db.schema.alterTable('officer_positions').dropColumn('retired_on').execute();
}
