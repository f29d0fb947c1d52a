import { DEMO_ORGANIZATION_NAME } from '../../server/db/seed/personas.ts';
import { signInForBench } from '../lib/member-signer.ts';
import { BENCH_CLIENT_HEADERS } from '../lib/scenario.ts';
import type { Scenario } from '../lib/scenario.ts';

const API = '/api/private/mobile/v1';

/**
 * The console's roster search (issue 23, docs/decisions.md D66) as persona A, an administrator,
 * types two letters: every member of the organisation whose first, last or preferred name or
 * member number begins with `jo`, sorted by last and first name, a page of 50 with each member's
 * clubs. An administrator's search is the widest (a whole grand lodge, no scope to narrow it).
 */
export const scenario: Scenario = {
  name: 'console-roster-search',
  description: 'GET /api/private/mobile/v1/admin/members.json?organization_id=…&q=jo, signed by A',
  authenticate: (ctx) => signInForBench(ctx, 'admin'),
  async prepare(ctx) {
    // The organisation of the demo personas, the largest roster of the data set.
    const scope = await ctx.send(
      { method: 'GET', path: `${API}/admin/scope.json`, headers: BENCH_CLIENT_HEADERS },
      ctx.signer,
    );
    const body = JSON.parse(scope.body.toString()) as {
      data: { organizations: { id: number; name: string }[] };
    };
    const organization = body.data.organizations.find((o) => o.name === DEMO_ORGANIZATION_NAME);
    if (!organization) throw new Error(`no organisation in the console's scope: ${scope.status}`);
    return {
      method: 'GET',
      path: `${API}/admin/members.json?organization_id=${organization.id}&q=jo`,
      headers: BENCH_CLIENT_HEADERS,
    };
  },
};
