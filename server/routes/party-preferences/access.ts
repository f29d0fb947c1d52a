import { signedIn } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/** Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55). */
export const access: readonly AccessEntry[] = [
  {
    operation: 'POST /party_preferences.json',
    expect: signedIn(200),
    request: async () => ({
      path: '/party_preferences.json',
      body: { party_preference: { code: 'SHOW_HIDDEN_CHATS', value: 'NO' } },
    }),
  },
];
