import type { Organization } from '../../common/schemas/organization.ts';
import type { Actor } from '../auth/actor.ts';
import { assertAllowed } from '../policies/assert.ts';
import { mayListOrganizations } from '../policies/organizations.ts';
import { presentOrganization } from '../presenters/organization.ts';
import type { ServiceContext } from './context.ts';

/** Organisations change a few times a year; a new one shows within a minute on every node. */
const REFERENCE_TTL_MS = 60_000;

/** Every organisation, by name: registration and reset start by choosing one (AMB-07). */
export async function listOrganizations(
  ctx: ServiceContext,
  actor: Actor,
): Promise<Organization[]> {
  assertAllowed(mayListOrganizations(actor));
  return ctx.memo('organizations', REFERENCE_TTL_MS, async () => {
    const rows = await ctx.db
      .selectFrom('organizations')
      .select(['id', 'name', 'member_number_min_length', 'member_number_max_length'])
      .orderBy('name')
      .orderBy('id')
      .execute();
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
    const rows = await ctx.db
      .selectFrom('organizations')
      .select(['id', 'name', 'member_number_min_length', 'member_number_max_length'])
      .where('is_recognized', '=', 1)
      .orderBy('name')
      .orderBy('id')
      .execute();
    return rows.map(presentOrganization);
  });
}
