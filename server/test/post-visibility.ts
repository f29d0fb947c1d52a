import type { Kysely } from 'kysely';
import type { Member } from '../auth/actor.ts';
import type { Database, PostType, Access } from '../db/schema.ts';
import { mayViewPost } from '../policies/posts.ts';

/**
 * The visibility rule of posts computed the slow, obvious way for tests: every membership,
 * follow and favourite read into memory, and each post put to the policy `mayViewPost`. The
 * lists hold their SQL to this (post-feed.db.test.ts, posts.db.test.ts), so the policy and its
 * SQL twins cannot drift apart.
 */
export interface PostLine {
  id: number;
  type: PostType;
  club_id: number | null;
  party_id: number | null;
  access: Access;
  created_at: number;
}

export interface Viewer {
  member: Member;
  /** Clubs the viewer currently belongs to. */
  clubIds: ReadonlySet<number>;
  /** Lodges the viewer follows (favourite clubs). */
  followedClubIds: ReadonlySet<number>;
  /** Whether the policy lets this viewer see the post. */
  sees(post: PostLine): boolean;
}

/**
 * `asPlainMember` asks the rule as for a member without the admin's right to see everything:
 * an admin's feed is a member's feed.
 */
export async function viewerOf(
  db: Kysely<Database>,
  username: string,
  { asPlainMember = false } = {},
): Promise<Viewer> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'party_id', 'is_admin'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const me = user.party_id;
  // Written out here on purpose, not taken from db/memberships.ts: this is the second opinion.
  const memberships = (
    await db.selectFrom('memberships').select(['party_id', 'club_id', 'left_at']).execute()
  ).filter((m) => m.left_at === null);
  const leaf = new Set(
    (
      await db
        .selectFrom('clubs as c')
        .innerJoin('club_types as t', 't.id', 'c.club_type_id')
        .select('c.id')
        .where('t.is_leaf', '=', 1)
        .execute()
    ).map((row) => row.id),
  );
  const clubIds = new Set(memberships.filter((m) => m.party_id === me).map((m) => m.club_id));
  const myLeaf = new Set([...clubIds].filter((id) => leaf.has(id)));
  const mates = new Set(memberships.filter((m) => myLeaf.has(m.club_id)).map((m) => m.party_id));
  const followedClubIds = new Set(
    (
      await db
        .selectFrom('favorite_clubs')
        .select('club_id')
        .where('user_id', '=', user.id)
        .execute()
    ).map((r) => r.club_id),
  );
  const followees = new Set(
    (
      await db
        .selectFrom('user_favorite_contacts')
        .select('party_id')
        .where('user_id', '=', user.id)
        .execute()
    ).map((r) => r.party_id),
  );
  const member: Member = {
    kind: 'member',
    userId: user.id,
    partyId: me,
    isAdmin: user.is_admin === 1 && !asPlainMember,
  };
  return {
    member,
    clubIds,
    followedClubIds,
    sees: (post) =>
      mayViewPost(
        member,
        { type: post.type, clubId: post.club_id, partyId: post.party_id, access: post.access },
        {
          memberClubIds: clubIds,
          followsAuthor: post.party_id !== null && followees.has(post.party_id),
          lodgeMateOfAuthor: post.party_id !== null && mates.has(post.party_id),
        },
      ),
  };
}

/** Every post, newest first on (created_at, id) as the lists order them. */
export function allPostsNewestFirst(db: Kysely<Database>): Promise<PostLine[]> {
  return db
    .selectFrom('posts')
    .select(['id', 'type', 'club_id', 'party_id', 'access', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
