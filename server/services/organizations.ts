import type { Organization } from '../../common/schemas/organization.ts';
import type { Actor } from '../auth/actor.ts';
import { allOrganizations, recognizedOrganizations } from '../db/organizations.ts';
import { assertAllowed } from '../policies/assert.ts';
import { mayListOrganizations } from '../policies/organizations.ts';
import { presentOrganization } from '../presenters/organization.ts';
import type { ServiceContext } from './context.ts';

/** Organisations change a few times a year; a new one shows within a minute on every node. */
const REFERENCE_TTL_MS = 60_000;
/** Every memo key of this file begins so: the console forgets them after a change (D68). */
export const ORGANIZATIONS_MEMO_PREFIX = 'organizations';

/** Every organisation, by name: registration and reset start by choosing one (AMB-07). */
export async function listOrganizations(
  ctx: ServiceContext,
  actor: Actor,
): Promise<Organization[]> {
  assertAllowed(mayListOrganizations(actor));
  return ctx.memo('organizations', REFERENCE_TTL_MS, async () => {
    const rows = await allOrganizations(ctx.db);
    return rows.map(presentOrganization);
  });
}

/** Organisations whose member status Lodgehall can look up for the status checker (AMB-07). */
export async function listRecognizedOrganizations(
  ctx: ServiceContext,
  actor: Actor,
): Promise<Organization[]> {
  assertAllowed(mayListOrganizations(actor));
  return ctx.memo('organizations:recognized', REFERENCE_TTL_MS, async () => {
    const rows = await recognizedOrganizations(ctx.db);
    return rows.map(presentOrganization);
  });
}
