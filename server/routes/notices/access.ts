import { signedIn } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/** Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55). */
export const access: readonly AccessEntry[] = [
  {
    operation: 'GET /notices.json',
    expect: signedIn(200),
    request: async () => ({ path: '/notices.json' }),
  },
  {
    // M's notice: anyone else's is the 404 of an unknown one (maySeeNotice), an admin's too.
    operation: 'PUT /notices/{id}/mark_read',
    expect: { visitor: 401, M: 200, M2: 404, W: 404, A: 404, X: 404 },
    request: async (ctx) => ({ path: `/notices/${await ctx.demo.noticeOf('M')}/mark_read` }),
  },
];
