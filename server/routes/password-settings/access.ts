import { signedIn } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

const NEW_PASSWORD = 'Lantern-Orchard-Granite-47';

/** Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55). */
export const access: readonly AccessEntry[] = [
  {
    // Each member changes their own password, from the session the matrix uses (a change ends
    // the others); the demo password is put back after, for the sign-ins of later cells.
    operation: 'POST /password_settings',
    expect: signedIn(200),
    request: async (ctx, persona) => ({
      path: '/password_settings',
      body: {
        password_setting: {
          current_password: ctx.demoPassword,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        },
      },
      after: persona === 'visitor' ? undefined : () => ctx.restorePassword(persona),
    }),
  },
];
