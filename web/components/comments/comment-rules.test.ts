import { describe, expect, it } from 'vitest';
import {
  COMMENT_MAX_LENGTH,
  type Comment,
  type CommentContainer,
} from '../../../common/schemas/comment.ts';
import { ApiError } from '../../http/client.ts';
import { testParty } from '../../test/fixtures.ts';
import {
  MAX_INDENT_DEPTH,
  canSubmitComment,
  commentActions,
  commentIdFromState,
  commentTextProblem,
  depthParity,
  formFailure,
  hasComment,
  listIndented,
  postedCommentId,
} from './comment-rules.ts';

function comment(overrides: Partial<Comment> = {}): Comment {
  const fields: Omit<Comment, 'abilities'> = {
    id: 1,
    comment: 'Hello',
    party_id: 7,
    party_name: 'Daniel Thomas Whitfield',
    party: testParty(7, 'Daniel Thomas Whitfield'),
    elapsed_time: '5 minutes ago',
    created_at: 0,
    is_hidden: 0,
    can_edit: false,
    can_hide: false,
    can_unhide: false,
    can_delete: false,
    children: [],
    ...overrides,
  };
  // The server sends the can_* answers again as `abilities` (D58).
  return {
    ...fields,
    abilities: overrides.abilities ?? {
      edit: fields.can_edit,
      hide: fields.can_hide,
      unhide: fields.can_unhide,
      delete: fields.can_delete,
    },
  };
}

describe('depth (CMT-02)', () => {
  it('alternates: 0 and 2 alike, 1 different', () => {
    expect([0, 1, 2, 3].map(depthParity)).toEqual(['even', 'odd', 'even', 'odd']);
  });

  it('indents replies only up to a few levels', () => {
    expect(listIndented(0)).toBe(false);
    expect(listIndented(1)).toBe(true);
    expect(listIndented(MAX_INDENT_DEPTH - 1)).toBe(true);
    expect(listIndented(MAX_INDENT_DEPTH)).toBe(false);
  });
});

describe('commentActions (PERM-10, PERM-11, CMT-10, AMB-34)', () => {
  it('follows the server flags for Edit, Hide and Delete', () => {
    const flags = comment({ can_edit: true, can_hide: true, can_delete: false });
    expect(commentActions(flags, true)).toEqual({
      reply: true,
      edit: true,
      hide: true,
      unhide: false,
      delete: false,
    });
    expect(commentActions(comment(), true)).toEqual({
      reply: true,
      edit: false,
      hide: false,
      unhide: false,
      delete: false,
    });
  });

  it('offers no Edit or Hide on a hidden comment, and Unhide as the server says (PERM-10)', () => {
    const hidden = comment({
      is_hidden: 1,
      can_edit: true,
      can_hide: true,
      can_unhide: true,
      can_delete: false,
    });
    const forAuthor = commentActions(hidden, true);
    expect(forAuthor.edit).toBe(false);
    expect(forAuthor.hide).toBe(false);
    // The author keeps Unhide even when a reply has taken Delete away (PERM-11).
    expect(forAuthor.unhide).toBe(true);
    expect(forAuthor.delete).toBe(false);
    expect(commentActions({ ...hidden, can_unhide: false }, true).unhide).toBe(false);
  });

  it('offers Unhide only on a hidden comment', () => {
    expect(commentActions(comment({ can_unhide: true }), true).unhide).toBe(false);
  });

  it('offers no Reply when comments are off', () => {
    expect(commentActions(comment(), false).reply).toBe(false);
  });
});

describe('the submit rule (VAL-10)', () => {
  it('is off while blank or submitting', () => {
    expect(canSubmitComment('', false)).toBe(false);
    expect(canSubmitComment('  \n ', false)).toBe(false);
    expect(canSubmitComment('Hi', true)).toBe(false);
    expect(canSubmitComment('Hi', false)).toBe(true);
  });

  it('uses the shared schema for the length', () => {
    expect(commentTextProblem('fine')).toBeNull();
    expect(commentTextProblem('x'.repeat(COMMENT_MAX_LENGTH + 1))).toMatch(/too long/);
  });
});

describe('formFailure (ERR-28..30, VAL-11)', () => {
  it('puts a 422 comment error under the field, joined with commas', () => {
    const error = new ApiError({
      kind: 'http',
      status: 422,
      problemType: 'https://x/unprocessable-entity-error',
      errors: { comment: ['is too long', 'is odd'] },
    });
    expect(formFailure(error, 'Error creating comment.')).toEqual({
      field: 'is too long, is odd',
      form: null,
    });
  });

  it('gives the fixed text for anything else', () => {
    const error = new ApiError({ kind: 'http', status: 403 });
    expect(formFailure(error, 'Error updating comment.')).toEqual({
      field: null,
      form: 'Error updating comment.',
    });
    expect(formFailure(new Error('x'), 'Error creating comment.').form).toBe(
      'Error creating comment.',
    );
  });
});

describe('commentIdFromState (AMB-29)', () => {
  it('reads a positive integer id and ignores anything else', () => {
    expect(commentIdFromState({ commentId: 12 })).toBe(12);
    expect(commentIdFromState({ commentId: '12' })).toBe(12);
    expect(commentIdFromState({ commentId: 'x' })).toBeNull();
    expect(commentIdFromState(null)).toBeNull();
    expect(commentIdFromState({})).toBeNull();
  });
});

describe('postedCommentId (issue 8 §5, API-CMT-06)', () => {
  function container(comments: Comment[]): CommentContainer {
    return { id: 5, comment_count: comments.length, allows_comments: true, comments };
  }
  const old = [comment({ id: 1 }), comment({ id: 2, children: [comment({ id: 3 })] })];

  it('finds the new top-level comment in the answer', () => {
    const after = container([...old, comment({ id: 9, comment: 'Count me in' })]);
    expect(postedCommentId(container(old), after, null, 'Count me in')).toBe(9);
  });

  it('finds a new reply under its parent, at any depth', () => {
    const after = container([
      comment({ id: 1 }),
      comment({ id: 2, children: [comment({ id: 3, children: [comment({ id: 8 })] })] }),
    ]);
    expect(postedCommentId(container(old), after, 3, 'Hello')).toBe(8);
  });

  it('passes over someone else’s comment that came in the same answer', () => {
    const after = container([
      ...old,
      comment({ id: 9, comment: 'Count me in' }),
      comment({ id: 10, comment: 'Me too' }),
    ]);
    expect(postedCommentId(container(old), after, null, 'Count me in')).toBe(9);
  });

  it('takes the newest new one there when the text came back changed', () => {
    const after = container([...old, comment({ id: 9, comment: 'Count me in.' })]);
    expect(postedCommentId(container(old), after, null, 'Count me in')).toBe(9);
    expect(postedCommentId(undefined, after, null, 'Count me in.')).toBe(9);
  });

  it('is null when the answer holds nothing new there', () => {
    expect(postedCommentId(container(old), container(old), null, 'Hello')).toBeNull();
    expect(postedCommentId(container(old), container(old), 77, 'Hello')).toBeNull();
  });
});

describe('hasComment', () => {
  it('looks through the replies too', () => {
    const tree = [comment({ id: 1, children: [comment({ id: 4 })] })];
    expect(hasComment(tree, 4)).toBe(true);
    expect(hasComment(tree, 5)).toBe(false);
  });
});
