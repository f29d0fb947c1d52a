import { requireMember } from '../auth/actor.ts';
import type { Actor, Member } from '../auth/actor.ts';
import { secretaryClubTree } from '../db/console-scope.ts';
import { assertAllowed } from '../policies/assert.ts';
import { consoleScope, mayUseConsole } from '../policies/console.ts';
import type { ConsoleScope } from '../policies/console.ts';
import type { ServiceContext } from './context.ts';

/** A console user and the clubs they manage. */
export interface ConsoleUser {
  readonly member: Member;
  readonly scope: ConsoleScope;
}

/** What a member's console covers; an administrator's needs no query. */
export async function consoleScopeOf(ctx: ServiceContext, member: Member): Promise<ConsoleScope> {
  if (member.isAdmin) return consoleScope(member, []);
  return consoleScope(member, await secretaryClubTree(ctx.db, member.partyId));
}

/**
 * The opening of every console service: a visitor gets a 401, a member who is neither an
 * administrator nor a secretary a 403. The service then asks policies/console.ts about each
 * club, member or organisation it touches.
 */
export async function requireConsole(ctx: ServiceContext, actor: Actor): Promise<ConsoleUser> {
  const member = requireMember(actor);
  const scope = await consoleScopeOf(ctx, member);
  assertAllowed(mayUseConsole(scope));
  return { member, scope };
}
