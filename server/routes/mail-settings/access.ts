import { everyone, signedIn } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/*
 * Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55).
 * The unsubscribe calls take no session: the signed token is the key, and the matrix, which
 * cannot make one, sends a forged one that everyone gets the same 404 for; a good link is
 * mail-settings.api.test.ts's.
 */
const FORGED = '12.n.AAAAAAAAAAAAAAAAAAAAAA';

export const access: readonly AccessEntry[] = [
  {
    operation: 'GET /mail_settings.json',
    expect: signedIn(200),
    request: async () => ({ path: '/mail_settings.json' }),
  },
  {
    operation: 'PUT /mail_settings.json',
    expect: signedIn(200),
    request: async () => ({
      path: '/mail_settings.json',
      body: { mail_settings: { event_reminder: '1_day' } },
    }),
  },
  {
    operation: 'GET /unsubscribe.json',
    expect: everyone(404),
    request: async () => ({ path: `/unsubscribe.json?token=${FORGED}` }),
  },
  {
    operation: 'POST /unsubscribe.json',
    expect: everyone(404),
    request: async () => ({ path: '/unsubscribe.json', body: { token: FORGED } }),
  },
];
