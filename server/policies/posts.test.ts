import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor.ts';
import type { Access, PostType } from '../db/schema.ts';
import { VISITOR } from '../auth/actor.ts';
import { mayDeletePost, mayEditPost, mayPostAsClub, mayViewPost } from './posts.ts';
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
