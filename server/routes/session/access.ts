import { SIGNED_IN_USER, everyone, signedIn } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/** Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55). */
export const access: readonly AccessEntry[] = [
  {
    operation: 'GET /session.json',
    expect: signedIn(200),
    request: async () => ({ path: '/session.json' }),
  },
  {
    // Anyone with the password signs in; a signed-in member signs a second session in (AMB-51:
    // their call is signed and checked). The visitor knows M's password.
    operation: 'POST /session.json',
    expect: everyone(200),
    mayName: [SIGNED_IN_USER],
    request: async (ctx, persona) => ({
      path: '/session.json',
      body: {
        user: {
          username: ctx.usernameOf(persona === 'visitor' ? 'M' : persona),
          password: ctx.demoPassword,
          public_key: ctx.publicKey(),
        },
      },
    }),
  },
  {
    // From a second session, so the persona's own stays for the other cells.
    operation: 'DELETE /session.json',
    expect: signedIn(204),
    request: async (ctx, persona) =>
      persona === 'visitor'
        ? { path: '/session.json' }
        : { path: '/session.json', client: await ctx.freshSession(persona) },
  },
];
