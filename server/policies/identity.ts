import type { Actor } from '../auth/actor.ts';

/**
 * Anyone may try to prove membership: registration and reset are how a visitor becomes a
 * member with a session. What stops abuse is the proof itself (organisation, member number and
 * birth date, then a code sent to a contact already on file) and the rate limits, not who asks.
 */
export function mayProveMembership(_actor: Actor): boolean {
  return true;
}

/** Only a signed-in member changes their own password; the service never takes another user. */
export function mayChangePassword(actor: Actor): boolean {
  return actor.kind === 'member';
}

/** A signed-in member may always end their own session (the service takes no other). */
export function maySignOut(actor: Actor): boolean {
  return actor.kind === 'member';
}
