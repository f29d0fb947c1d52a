import type { Kysely } from 'kysely';
import { addIndex, schemaKit } from './schema-helpers.ts';

/**
 * The secretary's console (issue 23, docs/decisions.md D63): a member's standing carries the date
 * it took effect and the secretary's note, and the audit log names the organisation, club and
 * member a change concerns, with the values before and after, so it can be filtered by them.
 * Role `secretary` and status `expelled` are new values of existing text columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);
  await db.schema.alterTable('member_statuses').addColumn('status_on', 'text').execute();
  await db.schema.alterTable('member_statuses').addColumn('status_note', 'text').execute();
  await db.schema
    .alterTable('audit_log')
    .addColumn('organization_id', 'integer', k.ref('organizations', 'set null', true))
    .execute();
  await db.schema
    .alterTable('audit_log')
    .addColumn('club_id', 'integer', k.ref('clubs', 'set null', true))
    .execute();
  await db.schema
    .alterTable('audit_log')
    .addColumn('party_id', 'integer', k.ref('parties', 'set null', true))
    .execute();
  await db.schema.alterTable('audit_log').addColumn('before_value', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('after_value', 'text').execute();
  await addIndex(db, 'audit_log', ['organization_id', 'created_at']);
  await addIndex(db, 'audit_log', ['club_id', 'created_at']);
  await addIndex(db, 'audit_log', ['party_id', 'created_at']);
  await addIndex(db, 'membership_roles', ['role_name', 'membership_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('membership_roles_role_name_membership_id_idx').execute();
  for (const column of ['party_id', 'club_id', 'organization_id']) {
    await db.schema.dropIndex(`audit_log_${column}_created_at_idx`).execute();
  }
  for (const column of ['after_value', 'before_value', 'party_id', 'club_id', 'organization_id']) {
    await db.schema.alterTable('audit_log').dropColumn(column).execute();
  }
  await db.schema.alterTable('member_statuses').dropColumn('status_note').execute();
  await db.schema.alterTable('member_statuses').dropColumn('status_on').execute();
}
