import { describe, expect, it } from 'vitest';
import type { Post } from '../../../common/schemas/post.ts';
import { testUser } from '../../test/fixtures.ts';
import { mayChangePost } from './post-permissions.ts';

const L1 = { id: 11, name: 'Harmony Lodge No. 412', subdomain: 'harmony412', avatar: null };
const L2 = { id: 22, name: 'Olentangy Lodge No. 614', subdomain: 'olentangy614', avatar: null };

function author(id: number): NonNullable<Post['party']> {
  return {
    id,
    first_name: 'Ray',
    middle_name: null,
    last_name: 'Kowalski',
    suffix: null,
    preferred_name: null,
    display_name: 'Ray Kowalski',
    avatar: null,
  };
}

const webmasterOfL2 = testUser({
  party_id: 30,
  clubs: [
    {
      id: 22,
      name: L2.name,
      subdomain: L2.subdomain,
      is_leaf: true,
      club_member_role_names: ['user', 'webmaster'],
      full_address: null,
      time_zone_id: 1,
    },
  ],
});

const lodgePost = (club: typeof L1, by: number) => ({
  type: 'ClubPost' as const,
  club,
  party: author(by),
});
const memberPost = (club: typeof L1 | null, by: number) => ({
  type: 'PartyPost' as const,
  club,
  party: author(by),
});

describe('mayChangePost (PERM-12)', () => {
  it('lets the author edit and delete', () => {
    expect(mayChangePost(testUser({ party_id: 7 }), memberPost(null, 7))).toBe(true);
    expect(mayChangePost(testUser({ party_id: 7 }), memberPost(L1, 7))).toBe(true);
  });

  it('lets an admin change anyone’s post, lodge or member post', () => {
    const admin = testUser({ is_admin: true });
    expect(mayChangePost(admin, lodgePost(L2, 99))).toBe(true);
    expect(mayChangePost(admin, memberPost(L2, 99))).toBe(true);
    expect(mayChangePost(admin, memberPost(null, 99))).toBe(true);
  });

  it('lets a webmaster change the lodge posts of their lodge, and only of their lodge', () => {
    expect(mayChangePost(webmasterOfL2, lodgePost(L2, 99))).toBe(true);
    expect(mayChangePost(webmasterOfL2, lodgePost(L1, 99))).toBe(false);
    expect(mayChangePost(webmasterOfL2, memberPost(null, 99))).toBe(false);
  });

  it('does not let a webmaster change a member’s post addressed to their lodge', () => {
    expect(mayChangePost(webmasterOfL2, memberPost(L2, 99))).toBe(false);
  });

  it('refuses an ordinary member, even one of the post’s lodge', () => {
    const member = testUser({ party_id: 7 });
    expect(member.clubs[0]?.id).toBe(L1.id);
    expect(mayChangePost(member, lodgePost(L1, 99))).toBe(false);
    expect(mayChangePost(member, memberPost(L1, 99))).toBe(false);
    expect(mayChangePost(member, { type: 'ClubPost', club: L1, party: null })).toBe(false);
  });

  it('refuses when nobody is signed in', () => {
    expect(mayChangePost(null, memberPost(L1, 7))).toBe(false);
  });
});
