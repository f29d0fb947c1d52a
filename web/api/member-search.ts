import {
  memberSearchAnswerSchema,
  type MemberSearchParty,
} from '../../common/schemas/member-search.ts';
import { apiRequest } from '../http/client.ts';

/**
 * Member search (API-DIR-01). Not a cached query: the directory's search hook owns debouncing,
 * narrowing and dropping stale answers (web/pages/directory/use-narrowing-search.ts), and a
 * search is typed, not revisited.
 */
export async function searchMembers(
  text: string,
  page: number,
  signal: AbortSignal,
): Promise<{ items: MemberSearchParty[]; hasMore: boolean }> {
  const answer = memberSearchAnswerSchema.parse(
    await apiRequest('GET', '/contacts_by_name', {
      query: { search_text: text, page },
      signal,
    }),
  );
  return { items: answer.data.parties, hasMore: answer.data.has_more };
}
