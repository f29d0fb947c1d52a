import { createContext, useContext } from 'react';
import type { CommentAction } from '../../api/comments.ts';

/** Which reply or edit form is open; at most one besides the top-level form (CMT-11). */
export type OpenForm = { kind: 'reply' | 'edit'; commentId: number } | null;

/** What every comment of one section shares, so the tree needs no props threaded through. */
export interface CommentsContextValue {
  /** New comments and replies are taken (AMB-34). */
  writable: boolean;
  openForm: OpenForm;
  setOpenForm: (form: OpenForm) => void;
  /** Sends a create or update; rejects with the ApiError for the form to show. */
  send: (action: CommentAction) => Promise<unknown>;
  /** Hide, unhide or delete (delete asks first); failures show the Error dialog. */
  quickAction: (kind: 'hide' | 'unhide' | 'delete', commentId: number) => void;
  /** The comment whose hide, unhide or delete is running, if any. */
  pendingCommentId: number | null;
}

export const CommentsContext = createContext<CommentsContextValue | null>(null);

export function useCommentsContext(): CommentsContextValue {
  const value = useContext(CommentsContext);
  if (value === null) throw new Error('useCommentsContext outside CommentsSection');
  return value;
}
