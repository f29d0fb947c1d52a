import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor.ts';
import { VISITOR } from '../auth/actor.ts';
import {
  commentAbilities,
  mayComment,
  mayDeleteComment,
  mayEditComment,
  mayHideComment,
  maySeeHiddenCommentText,
  maySetCommentHidden,
  mayUnhideComment,
} from './comments.ts';
import type { CommentFacts } from './comments.ts';

const author: Actor = { kind: 'member', userId: 1, partyId: 1, isAdmin: false };
const other: Actor = { kind: 'member', userId: 2, partyId: 2, isAdmin: false };
const admin: Actor = { kind: 'member', userId: 3, partyId: 3, isAdmin: true };

function comment(facts: Partial<CommentFacts> = {}): CommentFacts {
  return { partyId: 1, isHidden: false, hasReplies: false, ...facts };
}

describe('comment policies (PERM-10, PERM-11, CMT-10, AMB-34)', () => {
  it('any member comments while the thread takes comments; visitors never', () => {
    expect(mayComment(other, { allowsComments: true })).toBe(true);
    expect(mayComment(admin, { allowsComments: false })).toBe(false);
    expect(mayComment(VISITOR, { allowsComments: true })).toBe(false);
  });

  it('edit and hide: admin or author, not on a hidden comment', () => {
    for (const may of [mayEditComment, mayHideComment]) {
      expect(may(author, comment())).toBe(true);
      expect(may(admin, comment())).toBe(true);
      expect(may(other, comment())).toBe(false);
      expect(may(VISITOR, comment())).toBe(false);
      expect(may(author, comment({ isHidden: true }))).toBe(false);
      expect(may(admin, comment({ isHidden: true }))).toBe(false);
    }
  });

  it('hide and unhide requests: admin or author, hidden or not', () => {
    expect(maySetCommentHidden(author, comment({ isHidden: true }))).toBe(true);
    expect(maySetCommentHidden(admin, comment({ isHidden: true }))).toBe(true);
    expect(maySetCommentHidden(other, comment({ isHidden: true }))).toBe(false);
  });

  it('delete: admin always, the author only without replies', () => {
    expect(mayDeleteComment(author, comment())).toBe(true);
    expect(mayDeleteComment(author, comment({ hasReplies: true }))).toBe(false);
    expect(mayDeleteComment(admin, comment({ hasReplies: true }))).toBe(true);
    expect(mayDeleteComment(other, comment())).toBe(false);
    expect(mayDeleteComment(VISITOR, comment())).toBe(false);
  });

  it('the Unhide action: only on a hidden comment, admin or author', () => {
    expect(mayUnhideComment(author, comment({ isHidden: true }))).toBe(true);
    expect(mayUnhideComment(admin, comment({ isHidden: true }))).toBe(true);
    expect(mayUnhideComment(other, comment({ isHidden: true }))).toBe(false);
    expect(mayUnhideComment(VISITOR, comment({ isHidden: true }))).toBe(false);
    expect(mayUnhideComment(author, comment())).toBe(false);
    expect(mayUnhideComment(admin, comment())).toBe(false);
  });

  it("a hidden comment's words: admin or author only (CMT-09)", () => {
    const hidden = comment({ isHidden: true });
    expect(maySeeHiddenCommentText(author, hidden)).toBe(true);
    expect(maySeeHiddenCommentText(admin, hidden)).toBe(true);
    expect(maySeeHiddenCommentText(other, hidden)).toBe(false);
    expect(maySeeHiddenCommentText(VISITOR, hidden)).toBe(false);
  });
});

describe('commentAbilities (D58): the can_* answers under one name', () => {
  it('repeats edit, hide, unhide and delete for every kind of comment and member', () => {
    const comments = [
      comment(),
      comment({ isHidden: true }),
      comment({ hasReplies: true }),
      comment({ isHidden: true, hasReplies: true }),
    ];
    for (const actor of [author, other, admin, VISITOR]) {
      for (const facts of comments) {
        expect(commentAbilities(actor, facts)).toEqual({
          edit: mayEditComment(actor, facts),
          hide: mayHideComment(actor, facts),
          unhide: mayUnhideComment(actor, facts),
          delete: mayDeleteComment(actor, facts),
        });
      }
    }
  });

  it('gives the author of a hidden comment with replies only Unhide', () => {
    expect(commentAbilities(author, comment({ isHidden: true, hasReplies: true }))).toEqual({
      edit: false,
      hide: false,
      unhide: true,
      delete: false,
    });
  });
});
