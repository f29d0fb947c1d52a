import type { Kysely } from 'kysely';
import type { AuthenticationOption, MembershipProof } from '../../common/schemas/registration.ts';
import type { Actor } from '../auth/actor.ts';
import { consumeFlow } from '../auth/one-time-codes.ts';
import type { FlowRow } from '../auth/one-time-codes.ts';
import type { NewSessionMeta } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';
import { assertAllowed } from '../policies/assert.ts';
import { mayProveMembership } from '../policies/identity.ts';
import type { ServiceContext } from './context.ts';
import { checkCode, confirmCode, sendCode } from './membership-codes.ts';
import {
  FlowExpiredError,
  openFlow,
  parametersInvalid,
  proveMembership,
} from './membership-proof.ts';
import type { FlowSpec, ProvenMember } from './membership-proof.ts';
import { openSession, publicKeyOrFail } from './session.ts';
import type { SignedIn } from './session.ts';

/*
 * Registration and password reset are one flow of four signed-out steps under two sets of names
 * (spec §7, §8; API-REG-01..08). A flow is declared once (registration.ts, password-reset.ts):
 * its names, who may go on after proving membership, and what its step four writes. Everything
 * else is here, for both: the opening every step shares, steps one to three, and the frame of
 * step four. membership-proof.ts holds the proof, membership-codes.ts the codes, and
 * unguarded/contacts-on-file.ts the contacts on file.
 */

/** One flow: its names (FlowSpec) and its rule for a member whose membership is proven. */
export interface MembershipFlow extends FlowSpec {
  /** Why this proven member may not go on with this flow (the base message), or null. */
  readonly refusal: (member: ProvenMember) => string | null;
}

/**
 * The opening of every step of both flows. A visitor has no session to require, so the policy
 * is the whole guard; the proof itself and the rate limits are what stop abuse.
 */
function openFlowStep(actor: Actor): void {
  assertAllowed(mayProveMembership(actor));
}

/**
 * Step one: prove membership, pass the flow's own rule, and open the flow's server state. A
 * flow this browser had open before (its cookie) ends.
 */
export async function flowStepOne(
  ctx: ServiceContext,
  actor: Actor,
  flow: MembershipFlow,
  proof: MembershipProof,
  previousFlowToken: string | undefined,
  ip: string | null,
): Promise<{ flowToken: string; options: AuthenticationOption[] }> {
  openFlowStep(actor);
  const member = await proveMembership(ctx, flow, proof, ip);
  const refusal = flow.refusal(member);
  if (refusal !== null) throw parametersInvalid(flow, {}, refusal);
  return openFlow(ctx, flow, member, previousFlowToken);
}

/** Step two: a code goes to the contact on file the visitor chose. */
export async function flowStepTwo(
  ctx: ServiceContext,
  actor: Actor,
  flow: MembershipFlow,
  flowToken: string | undefined,
  optionKey: string,
  ip: string | null,
): Promise<{ anonymized: string }> {
  openFlowStep(actor);
  return sendCode(ctx, flow, flowToken, optionKey, ip);
}

/** Step three: the code is right, and the flow lives on for step four. */
export async function flowStepThree(
  ctx: ServiceContext,
  actor: Actor,
  flow: MembershipFlow,
  flowToken: string | undefined,
  code: string,
): Promise<void> {
  openFlowStep(actor);
  await confirmCode(ctx, flow, flowToken, code);
}

/**
 * The start of step four: the opening, the client's key, and the code again (so steps three and
 * four cannot be split between browsers). Answers the flow's row; the flow then checks its own
 * fields and ends with finishFlow.
 */
export async function startStepFour(
  ctx: ServiceContext,
  actor: Actor,
  flow: MembershipFlow,
  flowToken: string | undefined,
  code: string,
  publicKey: string,
): Promise<FlowRow> {
  openFlowStep(actor);
  publicKeyOrFail(publicKey);
  return checkCode(ctx, flow, flowToken, code);
}

/**
 * The end of step four, in one transaction: the code is used up, the flow writes its change
 * (`write`, at the time the code was used, answers the user it was for) and that user is signed in. A flow used by another
 * request in the meantime sends the visitor back to step one.
 */
export async function finishFlow(
  ctx: ServiceContext,
  row: FlowRow,
  publicKey: string,
  meta: NewSessionMeta,
  write: (trx: Kysely<Database>, now: number) => Promise<number>,
): Promise<SignedIn> {
  const now = Date.now();
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await consumeFlow(trx, row.id, now))) throw new FlowExpiredError();
    const userId = await write(trx, now);
    return openSession({ ...ctx, db: trx }, userId, publicKey, meta);
  });
}
