import type { ConsoleScopeAnswer } from '../../common/schemas/console.ts';
import type { Actor } from '../auth/actor.ts';
import { consoleClubRows, consoleOrganizationRows } from '../db/console-members.ts';
import type { ConsoleScope } from '../policies/console.ts';
import { requireConsole } from './console-access.ts';
import type { ServiceContext } from './context.ts';

/** A scope's clubs and organisations as ids to read; null for an administrator's "every one". */
export function scopeIds(scope: ConsoleScope): {
  clubIds: number[] | null;
  organizationIds: number[] | null;
} {
  if (scope.kind === 'all') return { clubIds: null, organizationIds: null };
  return { clubIds: [...scope.clubIds], organizationIds: [...scope.organizationIds] };
}

/** GET /admin/scope.json: what the console opens with, who may do what and where (D63). */
export async function consoleScopeFor(
  ctx: ServiceContext,
  actor: Actor,
): Promise<ConsoleScopeAnswer['data']> {
  const { member, scope } = await requireConsole(ctx, actor);
  const ids = scopeIds(scope);
  const [organizations, clubs] = await Promise.all([
    consoleOrganizationRows(ctx.db, ids.organizationIds),
    consoleClubRows(ctx.db, ids.clubIds),
  ]);
  return { is_admin: member.isAdmin, organizations, clubs };
}
