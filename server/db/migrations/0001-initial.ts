import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { addIndex, schemaKit } from './schema-helpers.ts';

/*
 * The whole data model of the spec's §3, so that features add columns rather than tables.
 * Conventions are in schema.ts. Each index says in a comment which screen's list it serves.
 */

/** Tables in creation order; `down` drops them in reverse. */
export const INITIAL_TABLES = [
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
  'sessions',
  'request_salts',
  'app_keys',
  'one_time_codes',
  'rate_limit_counters',
  'audit_log',
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
  'dues_payments',
  'payment_credentials',
  'outbox_messages',
] as const;

async function organisationsAndClubs(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);

  await k
    .table('organizations')
    .addColumn('name', 'text', k.notNull)
    .addColumn('member_number_min_length', 'integer')
    .addColumn('member_number_max_length', 'integer')
    .addColumn('is_recognized', 'integer', k.flag(0))
    .addUniqueConstraint('organizations_name_key', ['name'])
    .execute();

  await k
    .table('club_types')
    .addColumn('organization_id', 'integer', k.ref('organizations', 'cascade'))
    .addColumn('name', 'text', k.notNull)
    .addColumn('rank', 'integer', k.notNull)
    .addColumn('is_leaf', 'integer', k.flag(0))
    .addUniqueConstraint('club_types_organization_rank_key', ['organization_id', 'rank'])
    .addUniqueConstraint('club_types_organization_name_key', ['organization_id', 'name'])
    .execute();

  await k
    .table('clubs')
    .addColumn('organization_id', 'integer', k.ref('organizations', 'cascade'))
    .addColumn('club_type_id', 'integer', k.ref('club_types', 'restrict'))
    .addColumn('group_id', 'integer', k.ref('clubs', 'set null', true))
    .addColumn('name', 'text', k.notNull)
    .addColumn('formal_name', 'text', k.notNull)
    .addColumn('subdomain', 'text', k.notNull)
    .addColumn('default_url', 'text')
    .addColumn('avatar_key', 'text')
    .addColumn('avatar_medium_key', 'text')
    .addColumn('address1', 'text')
    .addColumn('address2', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip', 'text')
    .addColumn('lat', k.float)
    .addColumn('lng', k.float)
    .addColumn('time_zone_id', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('meetings', 'text')
    .addColumn('map_url', 'text')
    .addColumn('map_image', 'text')
    .addColumn('introduction', 'text')
    .addColumn('is_hiding_stock_introduction', 'integer', k.flag(0))
    .addColumn('created_at', k.instant, k.notNull)
    .addColumn('updated_at', k.instant, k.notNull)
    .addUniqueConstraint('clubs_subdomain_key', ['subdomain'])
    .execute();
  // Club home: groupies of a club.
  await addIndex(db, 'clubs', ['group_id']);
  // Club calendar type filters and the calendar tabs: clubs of an organisation by type.
  await addIndex(db, 'clubs', ['organization_id', 'club_type_id']);
  // Directory, Lodges By City: cities and lodges sorted by formal name.
  await addIndex(db, 'clubs', ['city', 'formal_name']);
  // Directory, Lodges By Name.
  await addIndex(db, 'clubs', ['formal_name']);

  await k
    .table('parties')
    .addColumn('first_name', 'text', k.notNull)
    .addColumn('middle_name', 'text')
    .addColumn('last_name', 'text', k.notNull)
    .addColumn('suffix', 'text')
    .addColumn('preferred_name', 'text')
    .addColumn('first_name_key', k.searchKey, k.notNull)
    .addColumn('last_name_key', k.searchKey, k.notNull)
    .addColumn('preferred_name_key', k.searchKey)
    .addColumn('birth_date', 'text')
    .addColumn('avatar_key', 'text')
    .addColumn('avatar_medium_key', 'text')
    .addColumn('left_at', k.instant)
    .addColumn('created_at', k.instant, k.notNull)
    .addColumn('updated_at', k.instant, k.notNull)
    .execute();
  // Member search (By Name): prefix of first name, or first then last name; and the reverse.
  await addIndex(db, 'parties', ['first_name_key', 'last_name_key']);
  await addIndex(db, 'parties', ['last_name_key', 'first_name_key']);
  await addIndex(db, 'parties', ['preferred_name_key']);

  await k
    .table('officer_positions')
    .addColumn('club_id', 'integer', k.ref('clubs', 'cascade'))
    .addColumn('title', 'text', k.notNull)
    .addColumn('sort_order', 'integer', k.notNull)
    .addUniqueConstraint('officer_positions_club_title_key', ['club_id', 'title'])
    .execute();
  // Club page: current officers by position, in order.
  await addIndex(db, 'officer_positions', ['club_id', 'sort_order']);

  await k
    .table('officer_terms')
    .addColumn('officer_position_id', 'integer', k.ref('officer_positions', 'cascade'))
    .addColumn('party_id', 'integer', k.ref('parties', 'set null', true))
    .addColumn('full_name', 'text')
    .addColumn('from_date', 'text', k.notNull)
    .addColumn('to_date', 'text')
    .execute();
  await addIndex(db, 'officer_terms', ['officer_position_id', 'from_date']);
  await addIndex(db, 'officer_terms', ['party_id']);

  await k
    .table('memberships')
    .addColumn('party_id', 'integer', k.ref('parties', 'cascade'))
    .addColumn('club_id', 'integer', k.ref('clubs', 'cascade'))
    .addColumn('member_number', 'text')
    .addColumn('joined_on', 'text')
    .addColumn('left_at', k.instant)
    .addColumn('created_at', k.instant, k.notNull)
    // Also the index of My Memberships (memberships by party).
    .addUniqueConstraint('memberships_party_club_key', ['party_id', 'club_id'])
    .execute();
  // Members of a club: announce, lodge-post audiences, webmasters, dues.
  await addIndex(db, 'memberships', ['club_id', 'party_id']);

  await k
    .table('membership_roles')
    .addColumn('membership_id', 'integer', k.ref('memberships', 'cascade'))
    .addColumn('role_name', 'text', k.notNull)
    .addUniqueConstraint('membership_roles_membership_role_key', ['membership_id', 'role_name'])
    .execute();

  await k
    .table('member_statuses')
    .addColumn('party_id', 'integer', k.ref('parties', 'cascade'))
    .addColumn('organization_id', 'integer', k.ref('organizations', 'cascade'))
    .addColumn('member_number', 'text', k.notNull)
    .addColumn('title', 'text')
    .addColumn('status', 'text', k.notNull)
    .addColumn('color', 'text', k.notNull)
    .addColumn('updated_at', k.instant, k.notNull)
    // Status checker, registration and reset step one: organisation + member number.
    .addUniqueConstraint('member_statuses_organization_number_key', [
      'organization_id',
      'member_number',
    ])
    .addUniqueConstraint('member_statuses_party_organization_key', ['party_id', 'organization_id'])
    .execute();
}

async function identity(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);

  await k
    .table('users')
    .addColumn('party_id', 'integer', k.ref('parties', 'cascade'))
    .addColumn('username', 'text', k.notNull)
    .addColumn('username_key', k.searchKey, k.notNull)
    .addColumn('password_hash', 'text', k.notNull)
    .addColumn('is_admin', 'integer', k.flag(0))
    .addColumn('created_at', k.instant, k.notNull)
    .addColumn('updated_at', k.instant, k.notNull)
    .addColumn('last_sign_in_at', k.instant)
    .addColumn('password_changed_at', k.instant)
    .addUniqueConstraint('users_username_key_key', ['username_key'])
    .addUniqueConstraint('users_party_key', ['party_id'])
    .execute();

  await k
    .table('sessions')
    .addColumn('user_id', 'integer', k.ref('users', 'cascade'))
    .addColumn('token_hash', 'text', k.notNull)
    .addColumn('public_key', 'text', k.notNull)
    .addColumn('key_type', 'text', k.notNull)
    .addColumn('created_at', k.instant, k.notNull)
    .addColumn('last_seen_at', k.instant, k.notNull)
    .addColumn('expires_at', k.instant, k.notNull)
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('client_id', 'text')
    .addColumn('client_version', 'text')
    // Every signed request looks its session up by the cookie's hash.
    .addUniqueConstraint('sessions_token_hash_key', ['token_hash'])
    .execute();
  // Ending a user's other sessions at password change; purging expired ones.
  await addIndex(db, 'sessions', ['user_id']);
  await addIndex(db, 'sessions', ['expires_at']);

  await k
    .table('request_salts')
    .addColumn('session_id', 'integer', k.ref('sessions', 'cascade', true))
    .addColumn('salt', 'text', k.notNull)
    .addColumn('expires_at', k.instant, k.notNull)
    // Replay protection: inserting a salt seen before fails.
    .addUniqueConstraint('request_salts_salt_key', ['salt'])
    .execute();
  await addIndex(db, 'request_salts', ['expires_at']);
  await addIndex(db, 'request_salts', ['session_id']);

  await k
    .table('app_keys')
    .addColumn('name', 'text', k.notNull)
    .addColumn('key_type', 'text', k.notNull)
    .addColumn('public_key', 'text', k.notNull)
    .addColumn('private_key', 'text', k.notNull)
    .addColumn('created_at', k.instant, k.notNull)
    .addUniqueConstraint('app_keys_name_key', ['name'])
    .execute();

  await k
    .table('one_time_codes')
    .addColumn('purpose', 'text', k.notNull)
    .addColumn('party_id', 'integer', k.ref('parties', 'cascade'))
    .addColumn('flow_token_hash', 'text', k.notNull)
    .addColumn('contact_kind', 'text')
    .addColumn('contact_id', 'integer')
    .addColumn('code_hash', 'text')
    .addColumn('attempts', 'integer', k.zero)
    .addColumn('expires_at', k.instant, k.notNull)
    .addColumn('used_at', k.instant)
    .addColumn('created_at', k.instant, k.notNull)
    .addUniqueConstraint('one_time_codes_flow_token_hash_key', ['flow_token_hash'])
    .execute();
  // Per-party limits on codes sent; purging expired ones.
  await addIndex(db, 'one_time_codes', ['party_id', 'created_at']);
  await addIndex(db, 'one_time_codes', ['expires_at']);

  await k
    .table('rate_limit_counters')
    .addColumn('key', 'text', k.notNull)
    .addColumn('count', 'integer', k.notNull)
    .addColumn('reset_at', k.instant, k.notNull)
    .addUniqueConstraint('rate_limit_counters_key_key', ['key'])
    .execute();
  await addIndex(db, 'rate_limit_counters', ['reset_at']);

  await k
    .table('audit_log')
    .addColumn('actor_user_id', 'integer', k.ref('users', 'set null', true))
    .addColumn('action', 'text', k.notNull)
    .addColumn('subject_type', 'text')
    .addColumn('subject_id', 'integer')
    .addColumn('detail', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', k.instant, k.notNull)
    .execute();
  await addIndex(db, 'audit_log', ['created_at', 'id']);
  await addIndex(db, 'audit_log', ['subject_type', 'subject_id']);
  await addIndex(db, 'audit_log', ['actor_user_id', 'created_at']);
}

async function contacts(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);

  await k
    .table('contact_types')
    .addColumn('kind', 'text', k.notNull)
    .addColumn('name', 'text', k.notNull)
    .addColumn('limit_count', 'integer', k.notNull)
    .addColumn('min_count', 'integer', k.notNull)
    .addColumn('allows_days', 'integer', k.flag(0))
    .addColumn('allows_extension', 'integer', k.flag(0))
    .addColumn('sort_order', 'integer', k.notNull)
    .addUniqueConstraint('contact_types_kind_name_key', ['kind', 'name'])
    .execute();

  await k
    .table('countries')
    .addColumn('name', 'text', k.notNull)
    .addColumn('code', 'text', k.notNull)
    .addColumn('is_default', 'integer', k.flag(0))
    .addColumn('is_zip4', 'integer', k.flag(0))
    .addColumn('sort_order', 'integer', k.notNull)
    .addUniqueConstraint('countries_code_key', ['code'])
    .execute();

  await k
    .table('states')
    .addColumn('country_id', 'integer', k.ref('countries', 'cascade'))
    .addColumn('name', 'text', k.notNull)
    .addColumn('code', 'text', k.notNull)
    .addColumn('is_default', 'integer', k.flag(0))
    .addUniqueConstraint('states_country_code_key', ['country_id', 'code'])
    .execute();

  await k
    .table('addresses')
    .addColumn('party_id', 'integer', k.ref('parties', 'cascade'))
    .addColumn('contact_type_id', 'integer', k.ref('contact_types', 'restrict'))
    .addColumn('company', 'text')
    .addColumn('address_1', 'text', k.notNull)
    .addColumn('address_2', 'text')
    .addColumn('city', 'text', k.notNull)
    .addColumn('state', 'text')
    .addColumn('state_id', 'integer', k.ref('states', 'set null', true))
    .addColumn('zip', 'text', k.notNull)
    .addColumn('country_id', 'integer', k.ref('countries', 'restrict'))
    .addColumn('start_day', 'text')
    .addColumn('end_day', 'text')
    .addColumn('is_invalid', 'integer', k.flag(0))
    .addColumn('invalid_reason', 'text')
    .addColumn('created_at', k.instant, k.notNull)
    .addColumn('updated_at', k.instant, k.notNull)
    .execute();
  // My Account contact lists and the party page.
  await addIndex(db, 'addresses', ['party_id']);

  await k
    .table('emails')
    .addColumn('party_id', 'integer', k.ref('parties', 'cascade'))
    .addColumn('contact_type_id', 'integer', k.ref('contact_types', 'restrict'))
    .addColumn('address', 'text', k.notNull)
    .addColumn('created_at', k.instant, k.notNull)
    .addColumn('updated_at', k.instant, k.notNull)
    .execute();
  await addIndex(db, 'emails', ['party_id']);

  await k
    .table('phones')
    .addColumn('party_id', 'integer', k.ref('parties', 'cascade'))
    .addColumn('contact_type_id', 'integer', k.ref('contact_types', 'restrict'))
    .addColumn('number', 'text', k.notNull)
    .addColumn('extension', 'text')
    .addColumn('created_at', k.instant, k.notNull)
    .addColumn('updated_at', k.instant, k.notNull)
    .execute();
  await addIndex(db, 'phones', ['party_id']);
}

async function postsAndComments(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);

  await k
    .table('photos')
    .addColumn('storage_key', 'text', k.notNull)
    .addColumn('medium_key', 'text')
    .addColumn('content_type', 'text', k.notNull)
    .addColumn('file_name', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('party_id', 'integer', k.ref('parties', 'set null', true))
    .addColumn('created_at', k.instant, k.notNull)
    .addUniqueConstraint('photos_storage_key_key', ['storage_key'])
    .execute();
  await addIndex(db, 'photos', ['party_id']);

  await k.table('post_bodies').addColumn('body', 'text', k.notNull).execute();

  await k
    .table('comment_containers')
    .addColumn('comment_count', 'integer', k.zero)
    .addColumn('created_at', k.instant, k.notNull)
    .execute();

  await k
    .table('posts')
    .addColumn('type', 'text', k.notNull)
    .addColumn('club_id', 'integer', k.ref('clubs', 'cascade', true))
    .addColumn('party_id', 'integer', k.ref('parties', 'set null', true))
    .addColumn('subject', 'text')
    .addColumn('short_body', 'text', k.notNull)
    .addColumn('post_body_id', 'integer', k.ref('post_bodies', 'restrict'))
    .addColumn('access', 'text', k.notNull)
    .addColumn('allows_comments', 'integer', k.flag(1))
    .addColumn('comment_container_id', 'integer', k.ref('comment_containers', 'restrict'))
    .addColumn('appeal_post_task_token_url', 'text')
    .addColumn('created_at', k.instant, k.notNull)
    .addColumn('updated_at', k.instant, k.notNull)
    .addColumn('last_activity_at', k.instant, k.notNull)
    .addUniqueConstraint('posts_post_body_key', ['post_body_id'])
    .addUniqueConstraint('posts_comment_container_key', ['comment_container_id'])
    .execute();
  // /news feed, keyset on (created_at, id).
  await addIndex(db, 'posts', ['created_at', 'id']);
  // Club posts (/clubs/{id}/news), the club home's latest post, and feed branches per club.
  await addIndex(db, 'posts', ['club_id', 'created_at', 'id']);
  // Feed branch for followed members' posts (ALL_FOLLOWERS), and a member's own posts.
  await addIndex(db, 'posts', ['party_id', 'created_at', 'id']);

  await k
    .table('post_photos')
    .addColumn('post_id', 'integer', k.ref('posts', 'cascade'))
    .addColumn('photo_id', 'integer', k.ref('photos', 'cascade'))
    .addColumn('sort_order', 'integer', k.notNull)
    .addUniqueConstraint('post_photos_post_photo_key', ['post_id', 'photo_id'])
    .execute();
  await addIndex(db, 'post_photos', ['photo_id']);

  await k
    .table('comments')
    .addColumn('comment_container_id', 'integer', k.ref('comment_containers', 'cascade'))
    .addColumn('parent_id', 'integer', k.ref('comments', 'cascade', true))
    .addColumn('party_id', 'integer', k.ref('parties', 'cascade'))
    .addColumn('body', 'text', k.notNull)
    .addColumn('is_hidden', 'integer', k.flag(0))
    .addColumn('created_at', k.instant, k.notNull)
    .addColumn('updated_at', k.instant, k.notNull)
    .execute();
  // Post and event detail: the whole comment tree of a container, oldest first.
  await addIndex(db, 'comments', ['comment_container_id', 'id']);
  // "Has replies" for delete permission, and the cascade to replies.
  await addIndex(db, 'comments', ['parent_id']);
  await addIndex(db, 'comments', ['party_id']);
}

async function calendar(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);

  await k.table('calendar_event_descriptions').addColumn('body', 'text', k.notNull).execute();

  await k
    .table('calendar_events')
    .addColumn('club_id', 'integer', k.ref('clubs', 'cascade'))
    .addColumn('party_id', 'integer', k.ref('parties', 'set null', true))
    .addColumn('name', 'text', k.notNull)
    .addColumn('location', 'text')
    .addColumn(
      'calendar_event_description_id',
      'integer',
      k.ref('calendar_event_descriptions', 'restrict'),
    )
    .addColumn('access', 'text', k.notNull)
    .addColumn('announced', 'integer', k.flag(0))
    .addColumn('announced_at', k.instant)
    .addColumn('allows_comments', 'integer', k.flag(1))
    .addColumn('comment_container_id', 'integer', k.ref('comment_containers', 'restrict'))
    .addColumn('start_at', k.instant, k.notNull)
    .addColumn('end_at', k.instant)
    .addColumn('time_zone_id', 'integer', k.notNull)
    .addColumn('local_start_date', 'text', k.notNull)
    .addColumn('created_at', k.instant, k.notNull)
    .addColumn('updated_at', k.instant, k.notNull)
    .addColumn('last_activity_at', k.instant, k.notNull)
    .addUniqueConstraint('calendar_events_description_key', ['calendar_event_description_id'])
    .addUniqueConstraint('calendar_events_comment_container_key', ['comment_container_id'])
    .execute();
  // Calendar tabs and the club calendar: events of a set of clubs from a time on; club home's
  // next event.
  await addIndex(db, 'calendar_events', ['club_id', 'start_at']);
  await addIndex(db, 'calendar_events', ['start_at', 'id']);

  await k
    .table('calendar_event_photos')
    .addColumn('calendar_event_id', 'integer', k.ref('calendar_events', 'cascade'))
    .addColumn('photo_id', 'integer', k.ref('photos', 'cascade'))
    .addColumn('sort_order', 'integer', k.notNull)
    .addUniqueConstraint('calendar_event_photos_event_photo_key', ['calendar_event_id', 'photo_id'])
    .execute();
  await addIndex(db, 'calendar_event_photos', ['photo_id']);

  await k
    .table('event_attendees')
    .addColumn('calendar_event_id', 'integer', k.ref('calendar_events', 'cascade'))
    .addColumn('party_id', 'integer', k.ref('parties', 'cascade'))
    .addColumn('status', 'text', k.notNull)
    .addColumn('guests', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`guests between 0 and 9`),
    )
    .addColumn('created_at', k.instant, k.notNull)
    .addColumn('updated_at', k.instant, k.notNull)
    // Attendee list of an event, and the viewer's own RSVP.
    .addUniqueConstraint('event_attendees_event_party_key', ['calendar_event_id', 'party_id'])
    .execute();
  await addIndex(db, 'event_attendees', ['party_id']);
}

async function chats(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);

  await k
    .table('chats')
    .addColumn('type', 'text', k.notNull)
    .addColumn('name', 'text')
    .addColumn('pair_key', 'text')
    .addColumn('created_at', k.instant, k.notNull)
    .addColumn('last_activity_at', k.instant, k.notNull)
    .addColumn('last_activity_party_id', 'integer', k.ref('parties', 'set null', true))
    .addColumn('last_activity_summary', 'text')
    .addColumn('last_chat_message_id', 'integer')
    .addUniqueConstraint('chats_pair_key', ['pair_key'])
    .execute();

  await k
    .table('chat_parties')
    .addColumn('chat_id', 'integer', k.ref('chats', 'cascade'))
    .addColumn('party_id', 'integer', k.ref('parties', 'cascade'))
    .addColumn('joined_at', k.instant, k.notNull)
    .addColumn('left_at', k.instant)
    .addColumn('hid_at', k.instant)
    .addColumn('last_seen_chat_message_id', 'integer')
    // Members of a chat (/chat_parties/{chatId}).
    .addUniqueConstraint('chat_parties_chat_party_key', ['chat_id', 'party_id'])
    .execute();
  // Chat list and unseen-message badge: a party's chats (then sorted by last activity).
  await addIndex(db, 'chat_parties', ['party_id', 'chat_id']);

  await k
    .table('chat_messages')
    .addColumn('chat_id', 'integer', k.ref('chats', 'cascade'))
    .addColumn('party_id', 'integer', k.ref('parties', 'set null', true))
    .addColumn('type', 'text', k.notNull)
    .addColumn('content', 'text')
    .addColumn('photo_id', 'integer', k.ref('photos', 'set null', true))
    .addColumn('client_id', 'text')
    .addColumn('created_at', k.instant, k.notNull)
    // Idempotent send; NULLs (seeded and system messages) never collide.
    .addUniqueConstraint('chat_messages_chat_client_key', ['chat_id', 'client_id'])
    .execute();
  // Chat screen (newest first), the poll, and unseen counts past a message id.
  await addIndex(db, 'chat_messages', ['chat_id', 'id']);
  await addIndex(db, 'chat_messages', ['party_id']);
}

async function personal(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);

  await k
    .table('user_favorite_contacts')
    .addColumn('user_id', 'integer', k.ref('users', 'cascade'))
    .addColumn('party_id', 'integer', k.ref('parties', 'cascade'))
    .addColumn('created_at', k.instant, k.notNull)
    // Members › Favorite.
    .addUniqueConstraint('user_favorite_contacts_user_party_key', ['user_id', 'party_id'])
    .execute();
  // Followers of a member (ALL_FOLLOWERS posts).
  await addIndex(db, 'user_favorite_contacts', ['party_id']);

  await k
    .table('favorite_clubs')
    .addColumn('user_id', 'integer', k.ref('users', 'cascade'))
    .addColumn('club_id', 'integer', k.ref('clubs', 'cascade'))
    .addColumn('created_at', k.instant, k.notNull)
    // Lodges › Favorite, and followed clubs for My Events and the feed.
    .addUniqueConstraint('favorite_clubs_user_club_key', ['user_id', 'club_id'])
    .execute();
  await addIndex(db, 'favorite_clubs', ['club_id']);

  await k
    .table('user_recent_contacts')
    .addColumn('user_id', 'integer', k.ref('users', 'cascade'))
    .addColumn('party_id', 'integer', k.ref('parties', 'cascade'))
    .addColumn('contact_type', 'text', k.notNull)
    .addColumn('contacted_at', k.instant, k.notNull)
    .addUniqueConstraint('user_recent_contacts_user_party_key', ['user_id', 'party_id'])
    .execute();
  // Members › Recent, newest first.
  await addIndex(db, 'user_recent_contacts', ['user_id', 'contacted_at']);
  await addIndex(db, 'user_recent_contacts', ['party_id']);

  await k
    .table('party_preferences')
    .addColumn('party_id', 'integer', k.ref('parties', 'cascade'))
    .addColumn('code', 'text', k.notNull)
    .addColumn('value', 'text', k.notNull)
    .addColumn('updated_at', k.instant, k.notNull)
    .addUniqueConstraint('party_preferences_party_code_key', ['party_id', 'code'])
    .execute();

  await k
    .table('notices')
    .addColumn('party_id', 'integer', k.ref('parties', 'cascade'))
    .addColumn('message', 'text', k.notNull)
    .addColumn('is_read', 'integer', k.flag(0))
    .addColumn('last_set_at', k.instant, k.notNull)
    .addColumn('noticeable_type', 'text')
    .addColumn('noticeable_id', 'integer')
    .addColumn('parent_noticeable_type', 'text')
    .addColumn('parent_noticeable_id', 'integer')
    .addColumn('created_at', k.instant, k.notNull)
    .execute();
  // Notices list, newest first.
  await addIndex(db, 'notices', ['party_id', 'created_at', 'id']);
  // Unread-notice badge on every response.
  await addIndex(db, 'notices', ['party_id', 'is_read']);
  // Removing notices of a deleted post, event or comment.
  await addIndex(db, 'notices', ['noticeable_type', 'noticeable_id']);
}

async function money(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);

  await k
    .table('dues')
    .addColumn('club_id', 'integer', k.ref('clubs', 'cascade'))
    .addColumn('party_id', 'integer', k.ref('parties', 'cascade'))
    .addColumn('year', 'integer', k.notNull)
    .addColumn('amount_cents', 'integer', k.notNull)
    .addColumn('paid_at', k.instant)
    .addColumn('created_at', k.instant, k.notNull)
    // My Account dues table: a party's dues by club and year.
    .addUniqueConstraint('dues_party_club_year_key', ['party_id', 'club_id', 'year'])
    .execute();
  await addIndex(db, 'dues', ['club_id', 'year']);

  await k
    .table('dues_payments')
    .addColumn('club_id', 'integer', k.ref('clubs', 'cascade'))
    .addColumn('party_id', 'integer', k.ref('parties', 'cascade'))
    .addColumn('amount_cents', 'integer', k.notNull)
    .addColumn('token_hash', 'text', k.notNull)
    .addColumn('status', 'text', k.notNull)
    .addColumn('provider_reference', 'text')
    .addColumn('created_at', k.instant, k.notNull)
    .addColumn('completed_at', k.instant)
    .addUniqueConstraint('dues_payments_token_hash_key', ['token_hash'])
    .execute();
  await addIndex(db, 'dues_payments', ['party_id', 'created_at']);

  await k
    .table('payment_credentials')
    .addColumn('party_id', 'integer', k.ref('parties', 'cascade'))
    .addColumn('name', 'text', k.notNull)
    .addColumn('email_address', 'text', k.notNull)
    .addColumn('card_number', 'text', k.notNull)
    .addColumn('expires', 'text', k.notNull)
    .addColumn('provider_token', 'text', k.notNull)
    .addColumn('added_at', k.instant, k.notNull)
    // One saved card per party.
    .addUniqueConstraint('payment_credentials_party_key', ['party_id'])
    .execute();

  await k
    .table('outbox_messages')
    .addColumn('channel', 'text', k.notNull)
    .addColumn('to_address', 'text', k.notNull)
    .addColumn('subject', 'text')
    .addColumn('body', 'text', k.notNull)
    .addColumn('created_at', k.instant, k.notNull)
    .addColumn('sent_at', k.instant)
    .addColumn('attempts', 'integer', k.zero)
    .addColumn('last_error', 'text')
    .execute();
  // Outbox in order, and the sender's queue of unsent messages.
  await addIndex(db, 'outbox_messages', ['created_at', 'id']);
  await addIndex(db, 'outbox_messages', ['sent_at', 'created_at']);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await organisationsAndClubs(db);
  await identity(db);
  await contacts(db);
  await postsAndComments(db);
  await calendar(db);
  await chats(db);
  await personal(db);
  await money(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...INITIAL_TABLES].reverse()) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
