import { signedIn } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/*
 * Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55).
 * The member they name is M2, whom X may not see (D37): the 404 of an unknown party.
 */

export const access: readonly AccessEntry[] = [
  {
    operation: 'GET /user_recent_contacts.json',
    expect: signedIn(200),
    request: async () => ({ path: '/user_recent_contacts.json' }),
  },
  {
    // Recording oneself is refused (D39).
    operation: 'POST /user_recent_contacts.json',
    expect: { visitor: 401, M: 200, M2: 422, W: 200, A: 200, X: 404 },
    request: async (ctx) => ({
      path: '/user_recent_contacts.json',
      body: { user_recent_contact: { party_id: ctx.partyOf('M2'), contact_type: 'email' } },
    }),
  },
  {
    operation: 'GET /user_favorite_contacts.json',
    expect: signedIn(200),
    request: async () => ({ path: '/user_favorite_contacts.json' }),
  },
  {
    // Oneself may be a favourite (D39).
    operation: 'POST /user_favorite_contacts',
    expect: { ...signedIn(200), X: 404 },
    request: async (ctx) => ({
      path: '/user_favorite_contacts',
      body: { user_favorite_contact: { party_id: ctx.partyOf('M2') } },
    }),
  },
  {
    // Removing touches only the member's own row and asks no visibility (D39): 204 for all.
    operation: 'DELETE /user_favorite_contacts/{partyId}',
    expect: signedIn(204),
    request: async (ctx, persona) => {
      const party = ctx.partyOf('M2');
      if (persona !== 'visitor' && persona !== 'X') {
        await ctx.ok(persona, 'POST', '/user_favorite_contacts', {
          user_favorite_contact: { party_id: party },
        });
      }
      return { path: `/user_favorite_contacts/${party}` };
    },
  },
];
