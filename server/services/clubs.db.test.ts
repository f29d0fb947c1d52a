import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupLodgesByCity, matchesLodgeSearch } from '../../common/lodge-search.ts';
import { LODGE_SEARCH_LIMIT } from '../../common/schemas/club.ts';
import { ADMIN, MEMBER, MEMBER2, WEBMASTER } from '../db/seed/personas.ts';
import { mayViewClub } from '../policies/clubs.ts';
import { demoServices } from '../test/demo-services.ts';
import { viewerOf } from '../test/post-visibility.ts';
import type { TestDatabase } from '../test/test-database.ts';
import { listClubsByCity, listFavoriteClubs, searchClubs } from './clubs.ts';
import type { ServiceContext } from './context.ts';

/**
 * The club lists filter in SQL (`visibleClubs`, and lodge search's substring over the stored
 * key); the policy `mayViewClub` and common/lodge-search.ts say the same rules in code. On the
 * demo data, for every persona, each list must be exactly the clubs the policy lets them see
 * that the shared matching function finds.
 */

interface ClubLine {
  id: number;
  organization_id: number;
  name: string;
  formal_name: string;
  city: string | null;
}

let database: TestDatabase;
let ctx: ServiceContext;
let clubs: ClubLine[];

beforeAll(async () => {
  ({ database, ctx } = await demoServices());
  clubs = await database.handle.db
    .selectFrom('clubs')
    .select(['id', 'organization_id', 'name', 'formal_name', 'city'])
    .execute();
});

afterAll(async () => {
  await database.drop();
});

/** The viewer's organisations, read the obvious way (the second opinion to db/memberships.ts). */
async function organizationsOf(clubIds: ReadonlySet<number>): Promise<Set<number>> {
  return new Set(clubs.filter((club) => clubIds.has(club.id)).map((club) => club.organization_id));
}

const TEXTS = ['oak', 'lodge', 'col', 'NO. 4', 'elks', 'zzzz', 'grand', 'ohio', 'san jose'];

describe('the club lists equal mayViewClub and the lodge-search rule on the demo data', () => {
  for (const persona of [MEMBER, MEMBER2, WEBMASTER, ADMIN]) {
    it(`${persona.username}: search, By City and favourites`, async () => {
      const viewer = await viewerOf(database.handle.db, persona.username);
      const organizations = await organizationsOf(viewer.clubIds);
      const visible = clubs.filter((club) =>
        mayViewClub(viewer.member, club.organization_id, organizations),
      );
      expect(visible.length).toBeGreaterThan(5);
      if (!viewer.member.isAdmin) expect(visible.length).toBeLessThan(clubs.length);

      let matched = 0;
      for (const text of TEXTS) {
        const expected = visible.filter((club) => matchesLodgeSearch(club, text));
        matched += expected.length;
        const found: number[] = [];
        for (let page = 0; ; page += 1) {
          const answer = await searchClubs(ctx, viewer.member, text, page);
          found.push(...answer.clubs.map((club) => club.id));
          expect(answer.clubs.length).toBeLessThanOrEqual(LODGE_SEARCH_LIMIT);
          if (!answer.has_more) break;
        }
        expect({ text, ids: [...found].sort((a, b) => a - b) }).toEqual({
          text,
          ids: expected.map((club) => club.id).sort((a, b) => a - b),
        });
      }

      // Not a vacuous comparison: the texts find many clubs, and more than a page for 'lodge'.
      expect(matched).toBeGreaterThan(LODGE_SEARCH_LIMIT);

      const byCity = await listClubsByCity(ctx, viewer.member);
      expect(byCity.clubs.map((club) => club.id)).toEqual(
        groupLodgesByCity(visible).flatMap((city) => city.lodges.map((club) => club.id)),
      );

      const favourites = await listFavoriteClubs(ctx, viewer.member);
      const expectedFavourites = visible.filter(
        (club) => viewer.clubIds.has(club.id) || viewer.followedClubIds.has(club.id),
      );
      expect(favourites.map((entry) => entry.club_id).sort((a, b) => a - b)).toEqual(
        expectedFavourites.map((club) => club.id).sort((a, b) => a - b),
      );
      for (const entry of favourites) {
        expect(entry.is_member).toBe(viewer.clubIds.has(entry.club_id));
      }
    });
  }
});
