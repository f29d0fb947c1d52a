import { z } from 'zod';
import { INVALID_CHOICE } from '../messages.ts';
import { MAX_RECORD_ID, recordIdParamSchema } from './record-id.ts';

/** Notices per page of `GET /notices.json`, newest first. */
export const NOTICES_PAGE_SIZE = 20;

/**
 * Where the next page starts (docs/decisions.md D47): the previous answer's `next_before`, the
 * `last_set_at` and `id` of its last notice as `{last_set_at}.{id}`. The id is a record id: a
 * larger one failed on PostgreSQL (issue 21, D55).
 */
export const noticeCursorSchema = z
  .string()
  .max(40)
  .regex(/^[0-9]{1,16}\.[0-9]{1,10}$/)
  .refine((cursor) => Number(cursor.split('.')[1]) <= MAX_RECORD_ID, INVALID_CHOICE);

export const noticeListQuerySchema = z.object({ before: noticeCursorSchema.optional() });
export type NoticeListQuery = z.infer<typeof noticeListQuerySchema>;

export const noticeIdParamsSchema = z.object({ id: recordIdParamSchema });

/** A notice (§3 Notice, ENT-30): `message` is HTML, cleaned by the server's allow-list. */
export const noticeSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  is_read: z.boolean(),
  /** Epoch milliseconds: when the notice was last raised (the list's order). */
  last_set_at: z.number().int(),
  noticeable_type: z.string().nullable(),
  noticeable_id: z.number().int().nullable(),
  parent_noticeable_type: z.string().nullable(),
  parent_noticeable_id: z.number().int().nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeListAnswerSchema = z.object({
  data: z.object({
    notices: z.array(noticeSchema),
    /** Send as `before` for the next page; null after the last page. */
    next_before: noticeCursorSchema.nullable(),
  }),
});
export type NoticeListAnswer = z.infer<typeof noticeListAnswerSchema>;

export const noticeAnswerSchema = z.object({ data: z.object({ notice: noticeSchema }) });
export type NoticeAnswer = z.infer<typeof noticeAnswerSchema>;
