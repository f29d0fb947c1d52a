import { MEMBER_STATUS_CARD, signedIn } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/** Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55). */
export const access: readonly AccessEntry[] = [
  {
    // Any member may check a number of a recognised organisation (PERM-02, AMB-07, D48): the
    // card names the holder by design, so X too learns M2's standing with Ohio's grand lodge.
    operation: 'POST /member_status_validations',
    expect: signedIn(200),
    mayName: [MEMBER_STATUS_CARD],
    request: async (ctx) => ({
      path: '/member_status_validations',
      body: {
        member_status_validation: {
          organization_id: ctx.demo.organizationId(),
          member_number: ctx.demo.memberNumberOf('M2'),
        },
      },
    }),
  },
];
