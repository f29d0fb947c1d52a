import { signedIn } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';
import type { ContactInfoAnswer } from '../../../common/schemas/contact-info.ts';

/** Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55). */
export const access: readonly AccessEntry[] = [
  {
    // The caller's own contact information; the calls name no party (D49).
    operation: 'GET /contacts.json',
    expect: signedIn(200),
    request: async () => ({ path: '/contacts.json' }),
  },
  {
    // Each member sends back their own set as it came (the visitor, M's).
    operation: 'PUT /contacts.json',
    expect: signedIn(200),
    request: async (ctx, persona) => {
      const own = await ctx.ok<ContactInfoAnswer>(
        persona === 'visitor' ? 'M' : persona,
        'GET',
        '/contacts.json',
      );
      const party = own.data.parties[0]?.party;
      return {
        path: '/contacts.json',
        body: {
          contact_metadata: {
            addresses: party?.addresses ?? [],
            emails: party?.emails ?? [],
            phones: party?.phones ?? [],
          },
        },
      };
    },
  },
];
