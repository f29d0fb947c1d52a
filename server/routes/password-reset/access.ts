import { SIGNED_IN_USER, everyone } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/*
 * Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55).
 * Anyone may try to prove membership (policies/identity.ts); each cell resets the password of
 * an account added to Harmony Lodge for it, never a persona's.
 */

const NEW_PASSWORD = 'Lantern-Orchard-Granite-47';

export const access: readonly AccessEntry[] = [
  {
    operation: 'POST /password_reset_request/step_one',
    expect: everyone(200),
    request: async (ctx) => {
      const flow = await ctx.flow('reset', 'one');
      return {
        path: '/password_reset_request/step_one',
        body: { password_reset_request: flow.proof },
        headers: flow.headers,
      };
    },
  },
  {
    operation: 'POST /password_reset_request/step_two',
    expect: everyone(200),
    request: async (ctx) => {
      const flow = await ctx.flow('reset', 'two');
      return {
        path: '/password_reset_request/step_two',
        body: { password_reset_request: { contact_option_key: flow.optionKey } },
        cookie: flow.cookie,
        headers: flow.headers,
      };
    },
  },
  {
    operation: 'POST /password_reset_request/step_three',
    expect: everyone(200),
    request: async (ctx) => {
      const flow = await ctx.flow('reset', 'three');
      return {
        path: '/password_reset_request/step_three',
        body: { password_reset_request: { auth_token_attempt: flow.code } },
        cookie: flow.cookie,
        headers: flow.headers,
      };
    },
  },
  {
    operation: 'POST /password_reset_request/step_four',
    expect: everyone(200),
    mayName: [SIGNED_IN_USER],
    request: async (ctx) => {
      const flow = await ctx.flow('reset', 'four');
      return {
        path: '/password_reset_request/step_four',
        body: {
          public_key: flow.publicKey,
          password_reset_request: {
            auth_token_attempt: flow.code,
            password: NEW_PASSWORD,
            password_confirmation: NEW_PASSWORD,
          },
        },
        cookie: flow.cookie,
        headers: flow.headers,
      };
    },
  },
];
