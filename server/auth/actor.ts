import { ForbiddenError, UnauthorizedError } from '../errors.ts';

/**
 * Who is making a request. Every service function takes one and asks a policy before it reads
 * or writes. A visitor has no session; a member has a signed-in session.
 */
export type Actor =
  | { readonly kind: 'visitor' }
  | {
      readonly kind: 'member';
      readonly userId: number;
      readonly partyId: number;
      readonly isAdmin: boolean;
    };

export const VISITOR: Actor = Object.freeze({ kind: 'visitor' });

/** A signed-in member, as every service works with one. */
export type Member = Extract<Actor, { kind: 'member' }>;

/**
 * The opening of every service function that needs a signed-in member: a visitor is refused
 * with a 401 before any policy is asked. Policies then decide what this member may do.
 */
export function requireMember(actor: Actor): Member {
  if (actor.kind !== 'member') throw new UnauthorizedError();
  return actor;
}

/**
 * The opening of a service function for administrators only (the secretary's console, operator
 * screens): a visitor is refused with a 401, a member who is not an administrator with a 403.
 * Routes of the admin level (`config: { admin: true }`, server/plugins/auth.ts) refuse them
 * before the handler too; the service asks again so no other caller can skip it.
 */
export function requireAdmin(actor: Actor): Member {
  const member = requireMember(actor);
  if (!member.isAdmin) throw new ForbiddenError();
  return member;
}
