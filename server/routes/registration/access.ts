import { SIGNED_IN_USER, everyone } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/*
 * Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55).
 * Anyone may try to prove membership (policies/identity.ts); each cell registers a member added
 * to Harmony Lodge for it, through a browser of its own that walked the steps before.
 */

const NEW_PASSWORD = 'Lantern-Orchard-Granite-47';

export const access: readonly AccessEntry[] = [
  {
    operation: 'POST /users/step_one',
    expect: everyone(200),
    request: async (ctx) => {
      const flow = await ctx.flow('register', 'one');
      return { path: '/users/step_one', body: { new_user: flow.proof }, headers: flow.headers };
    },
  },
  {
    operation: 'POST /users/step_two',
    expect: everyone(200),
    request: async (ctx) => {
      const flow = await ctx.flow('register', 'two');
      return {
        path: '/users/step_two',
        body: { contact_option_choice: { id: flow.optionKey } },
        cookie: flow.cookie,
        headers: flow.headers,
      };
    },
  },
  {
    operation: 'POST /users/step_three',
    expect: everyone(200),
    request: async (ctx) => {
      const flow = await ctx.flow('register', 'three');
      return {
        path: '/users/step_three',
        body: { authentication_code: { code: flow.code } },
        cookie: flow.cookie,
        headers: flow.headers,
      };
    },
  },
  {
    operation: 'POST /users/step_four',
    expect: everyone(200),
    mayName: [SIGNED_IN_USER],
    request: async (ctx) => {
      const flow = await ctx.flow('register', 'four');
      return {
        path: '/users/step_four',
        body: {
          authentication_code: { code: flow.code },
          public_key: flow.publicKey,
          user: { username: `matrix-member-${ctx.unique()}`, password: NEW_PASSWORD },
        },
        cookie: flow.cookie,
        headers: flow.headers,
      };
    },
  },
];
