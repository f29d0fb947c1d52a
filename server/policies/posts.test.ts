import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor.ts';
import type { Access, PostType } from '../db/schema.ts';
import { VISITOR } from '../auth/actor.ts';
import { mayDeletePost, mayEditPost, mayPostAsClub, mayViewPost, postAbilities } from './posts.ts';
import type { PostFacts, ViewerFacts } from './posts.ts';

const LODGE = 10;
const OTHER_LODGE = 11;
const AUTHOR = 1;
const author: Actor = { kind: 'member', userId: 1, partyId: AUTHOR, isAdmin: false };
const other: Actor = { kind: 'member', userId: 2, partyId: 2, isAdmin: false };
const admin: Actor = { kind: 'member', userId: 3, partyId: 3, isAdmin: true };

const stranger: ViewerFacts = {
  memberClubIds: new Set([OTHER_LODGE]),
  followsAuthor: false,
  lodgeMateOfAuthor: false,
};
const lodgeMember: ViewerFacts = { ...stranger, memberClubIds: new Set([LODGE]) };
const follower: ViewerFacts = { ...stranger, followsAuthor: true };
const lodgeMate: ViewerFacts = { ...stranger, lodgeMateOfAuthor: true };

function post(type: PostType, access: Access, clubId: number | null = LODGE): PostFacts {
  return { type, access, clubId, partyId: AUTHOR };
}

describe('mayViewPost', () => {
  it.each([
    ['PUBLIC', true, true, true],
    ['MEMBER', false, true, true],
    ['CLUB', false, false, true],
  ] as const)('lodge post %s: visitor %s, stranger %s, lodge member %s', (access, v, s, l) => {
    const p = post('ClubPost', access);
    expect(mayViewPost(VISITOR, p, stranger)).toBe(v);
    expect(mayViewPost(other, p, stranger)).toBe(s);
    expect(mayViewPost(other, p, lodgeMember)).toBe(l);
  });

  it('member post to all followers: followers and lodge-mates only', () => {
    const p = post('PartyPost', 'ALL_FOLLOWERS', null);
    expect(mayViewPost(VISITOR, p, stranger)).toBe(false);
    expect(mayViewPost(other, p, stranger)).toBe(false);
    expect(mayViewPost(other, p, lodgeMember)).toBe(false);
    expect(mayViewPost(other, p, follower)).toBe(true);
    expect(mayViewPost(other, p, lodgeMate)).toBe(true);
  });

  it('member post to a lodge: that lodge only, not followers', () => {
    const p = post('PartyPost', 'CLUB');
    expect(mayViewPost(other, p, lodgeMember)).toBe(true);
    expect(mayViewPost(other, p, follower)).toBe(false);
    expect(mayViewPost(other, p, stranger)).toBe(false);
  });

  it('the author and admins always see it', () => {
    for (const p of [post('ClubPost', 'CLUB'), post('PartyPost', 'ALL_FOLLOWERS', null)]) {
      expect(mayViewPost(author, p, stranger)).toBe(true);
      expect(mayViewPost(admin, p, stranger)).toBe(true);
    }
  });
});

describe('mayEditPost and mayDeletePost (PERM-12)', () => {
  const p = post('ClubPost', 'PUBLIC');
  it('admin, author and a webmaster of the post club may', () => {
    for (const check of [mayEditPost, mayDeletePost]) {
      expect(check(admin, p, new Set())).toBe(true);
      expect(check(author, p, new Set())).toBe(true);
      expect(check(other, p, new Set([LODGE]))).toBe(true);
      expect(check(other, p, new Set([OTHER_LODGE]))).toBe(false);
      expect(check(other, post('PartyPost', 'ALL_FOLLOWERS', null), new Set([LODGE]))).toBe(false);
      // A member post addressed to the lodge stays its author's: not its webmasters' to change.
      expect(check(other, post('PartyPost', 'CLUB', LODGE), new Set([LODGE]))).toBe(false);
      expect(check(VISITOR, p, new Set())).toBe(false);
    }
  });
});

describe('mayPostAsClub (PERM-05)', () => {
  it('only a webmaster of that lodge', () => {
    expect(mayPostAsClub(other, LODGE, new Set([LODGE]))).toBe(true);
    expect(mayPostAsClub(other, LODGE, new Set([OTHER_LODGE]))).toBe(false);
    expect(mayPostAsClub(admin, LODGE, new Set())).toBe(false);
    expect(mayPostAsClub(VISITOR, LODGE, new Set([LODGE]))).toBe(false);
  });
});

// The cases web/pages/news/post-permissions.test.ts asserted on the browser's copy of the rule,
// asked now of the abilities every post is sent with (D58).
describe('postAbilities (PERM-12): what the detail view offers', () => {
  const L1 = 11;
  const L2 = 22;
  const webmasterOfL2: Actor = { kind: 'member', userId: 30, partyId: 30, isAdmin: false };
  const webmasterClubs = new Set([L2]);
  const member7: Actor = { kind: 'member', userId: 7, partyId: 7, isAdmin: false };
  const none = new Set<number>();
  const lodgePost = (clubId: number, by: number | null): PostFacts => ({
    type: 'ClubPost',
    access: 'PUBLIC',
    clubId,
    partyId: by,
  });
  const memberPost = (clubId: number | null, by: number): PostFacts => ({
    type: 'PartyPost',
    access: clubId === null ? 'ALL_FOLLOWERS' : 'CLUB',
    clubId,
    partyId: by,
  });
  const both = (value: boolean) => ({ edit: value, delete: value });

  it('lets the author edit and delete', () => {
    expect(postAbilities(member7, memberPost(null, 7), none)).toEqual(both(true));
    expect(postAbilities(member7, memberPost(L1, 7), none)).toEqual(both(true));
  });

  it('lets an admin change anyone’s post, lodge or member post', () => {
    expect(postAbilities(admin, lodgePost(L2, 99), none)).toEqual(both(true));
    expect(postAbilities(admin, memberPost(L2, 99), none)).toEqual(both(true));
    expect(postAbilities(admin, memberPost(null, 99), none)).toEqual(both(true));
  });

  it('lets a webmaster change the lodge posts of their lodge, and only of their lodge', () => {
    expect(postAbilities(webmasterOfL2, lodgePost(L2, 99), webmasterClubs)).toEqual(both(true));
    expect(postAbilities(webmasterOfL2, lodgePost(L1, 99), webmasterClubs)).toEqual(both(false));
    expect(postAbilities(webmasterOfL2, memberPost(null, 99), webmasterClubs)).toEqual(both(false));
  });

  it('does not let a webmaster change a member’s post addressed to their lodge', () => {
    expect(postAbilities(webmasterOfL2, memberPost(L2, 99), webmasterClubs)).toEqual(both(false));
  });

  it('refuses an ordinary member, even one of the post’s lodge', () => {
    expect(postAbilities(member7, lodgePost(L1, 99), none)).toEqual(both(false));
    expect(postAbilities(member7, memberPost(L1, 99), none)).toEqual(both(false));
    expect(postAbilities(member7, lodgePost(L1, null), none)).toEqual(both(false));
  });

  it('refuses when nobody is signed in', () => {
    expect(postAbilities(VISITOR, memberPost(L1, 7), none)).toEqual(both(false));
  });
});
