import { CLUB_OFFICERS, POST_AUTHOR, signedIn } from '../../test/access-matrix.ts';
import type { AccessEntry, Outcomes } from '../../test/access-matrix.ts';

/*
 * Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55).
 * The club they ask for is Harmony Lodge (L1): a club of the personas' organisation, which X,
 * a member of another, may not open (D40).
 */

/** Harmony Lodge for everyone signed in but X (the admin sees every club, D40). */
const notX = (status: number): Outcomes => ({ ...signedIn(status), X: 404 });

export const access: readonly AccessEntry[] = [
  {
    operation: 'GET /clubs/by_subdomain.json',
    expect: notX(200),
    mayName: [POST_AUTHOR],
    request: async (ctx) => ({
      path: `/clubs/by_subdomain.json?subdomain=${ctx.demo.club('L1').subdomain}`,
    }),
  },
  {
    // Search finds only clubs one may see: X gets an empty list, not a refusal.
    operation: 'GET /clubs.json',
    expect: signedIn(200),
    request: async () => ({ path: '/clubs.json?search_text=harmony' }),
  },
  {
    operation: 'GET /favorite_clubs.json',
    expect: signedIn(200),
    request: async () => ({ path: '/favorite_clubs.json' }),
  },
  {
    // Following one's own lodge is allowed and changes nothing (D40).
    operation: 'POST /favorite_clubs.json',
    expect: notX(200),
    request: async (ctx) => ({
      path: '/favorite_clubs.json',
      body: { favorite_club: { club_id: ctx.demo.club('L1').id } },
    }),
  },
  {
    // Each persona who may follow Harmony Lodge follows it first, so there is a follow to end.
    operation: 'DELETE /favorite_clubs/{clubId}',
    expect: notX(204),
    request: async (ctx, persona) => {
      const club = ctx.demo.club('L1').id;
      if (persona !== 'visitor' && persona !== 'X') {
        await ctx.ok(persona, 'POST', '/favorite_clubs.json', { favorite_club: { club_id: club } });
      }
      return { path: `/favorite_clubs/${club}` };
    },
  },
];

/** Further calls of this folder's operations, each a row of the matrix of its own. */
export const further: readonly AccessEntry[] = [
  {
    // The home of a lodge of X's organisation: X's and the admin's (admins open every club,
    // D40, D53), the 404 of an unknown subdomain to the others. Its officers are another
    // organisation's members to the admin, named on the page by design.
    operation: 'GET /clubs/by_subdomain.json',
    expect: { visitor: 401, M: 404, M2: 404, W: 404, A: 200, X: 200 },
    mayName: [POST_AUTHOR, CLUB_OFFICERS],
    request: async (ctx) => ({
      path: `/clubs/by_subdomain.json?subdomain=${ctx.demo.clubOfX().subdomain}`,
    }),
  },
];
