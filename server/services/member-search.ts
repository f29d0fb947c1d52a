import { searchTokens } from '../../common/member-search.ts';
import { MEMBER_SEARCH_PAGE_SIZE } from '../../common/schemas/member-search.ts';
import type { MemberSearchAnswer } from '../../common/schemas/member-search.ts';
import { requireMember } from '../auth/actor.ts';
import type { Actor } from '../auth/actor.ts';
import { findMembers } from '../db/member-search.ts';
import { leafLodgeNamesOf } from '../db/memberships.ts';
import { presentPartySummary } from '../presenters/party.ts';
import type { ServiceContext } from './context.ts';

/** More tokens than any name has words add nothing but work. */
const MAX_TOKENS = 6;

/**
 * Member search (`GET /contacts_by_name`, API-DIR-01): the members the searcher may see whose
 * names the text finds (the rule of common/member-search.ts, in SQL in db/member-search.ts),
 * each with their lodges in the searcher's organisations to tell namesakes apart.
 */
export async function searchMembers(
  ctx: ServiceContext,
  actor: Actor,
  searchText: string,
  page: number,
): Promise<MemberSearchAnswer> {
  const member = requireMember(actor);
  const tokens = searchTokens(searchText).slice(0, MAX_TOKENS);
  if (tokens.length === 0) return { parties: [], has_more: false };
  const rows = await findMembers(ctx.db, {
    viewer: member.partyId,
    tokens,
    pageSize: MEMBER_SEARCH_PAGE_SIZE,
    page,
  });
  const pageRows = rows.slice(0, MEMBER_SEARCH_PAGE_SIZE);
  const ids = pageRows.map((row) => row.id);
  const lodges = new Map<number, string[]>();
  if (ids.length > 0) {
    for (const row of await leafLodgeNamesOf(ctx.db, member.partyId, ids).execute()) {
      const names = lodges.get(row.party_id) ?? [];
      names.push(row.name);
      lodges.set(row.party_id, names);
    }
  }
  return {
    parties: pageRows.map((row) => ({
      ...presentPartySummary(row),
      club_names: lodges.get(row.id) ?? [],
    })),
    has_more: rows.length > MEMBER_SEARCH_PAGE_SIZE,
  };
}
