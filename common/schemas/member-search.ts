import { z } from 'zod';
import { SEARCH_MIN_CHARS } from '../constants.ts';
import { isSearchable } from '../member-search.ts';
import { sessionPartySchema } from './session.ts';

/** Longest search text the server reads: a full name with room to spare. */
export const SEARCH_TEXT_MAX = 100;
/** Results per page of member search (docs/decisions.md D38). */
export const MEMBER_SEARCH_PAGE_SIZE = 25;

/** `GET /contacts_by_name?search_text=&page=` (API-DIR-01, SRCH-01). */
export const memberSearchQuerySchema = z.object({
  search_text: z
    .string()
    .max(SEARCH_TEXT_MAX)
    .refine(isSearchable, {
      message: `must be at least ${SEARCH_MIN_CHARS} characters`,
    }),
  page: z.coerce.number().int().min(0).max(200).default(0),
});

/** A found member: the party's names and avatar, and the lodges that tell two John Smiths apart. */
export const memberSearchPartySchema = sessionPartySchema.extend({
  club_names: z.array(z.string()),
});
export type MemberSearchParty = z.infer<typeof memberSearchPartySchema>;

export const memberSearchAnswerSchema = z.object({
  data: z.object({
    parties: z.array(memberSearchPartySchema),
    /** Whether `page + 1` holds more. */
    has_more: z.boolean(),
  }),
});
export type MemberSearchAnswer = z.infer<typeof memberSearchAnswerSchema>['data'];
