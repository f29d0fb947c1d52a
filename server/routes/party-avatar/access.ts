import { signedIn } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/** Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55). */
export const access: readonly AccessEntry[] = [
  {
    // The caller's own avatar; no call names another party (mayChangeAvatar).
    operation: 'PUT /party_avatar',
    expect: signedIn(200),
    request: async (ctx) => ({
      path: '/party_avatar',
      body: {
        party: {
          avatar_file_name: 'me.png',
          avatar_content_type: 'image/png',
          avatar_base64: await ctx.pngBase64(),
        },
      },
    }),
  },
  {
    operation: 'DELETE /party_avatar',
    expect: signedIn(200),
    request: async () => ({ path: '/party_avatar' }),
  },
];
