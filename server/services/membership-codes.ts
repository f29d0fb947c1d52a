import crypto from 'node:crypto';
import { CHOICE_NOT_AVAILABLE, CODE_BLANK, CODE_INVALID } from '../../common/messages.ts';
import {
  AUTHENTICATION_CODE_BLANK,
  AUTHENTICATION_CODE_INVALID,
  AUTH_CODE_PATTERN,
  CONTACT_OPTION_CHOICE_NOT_AVAILABLE,
} from '../../common/schemas/registration.ts';
import {
  CODE_TTL_MS,
  contactKey,
  extendFlow,
  findLiveFlow,
  newCode,
  storeCode,
  tryCode,
} from '../auth/one-time-codes.ts';
import type { FlowRow } from '../auth/one-time-codes.ts';
import { addressKey, admitAttempt, attemptFailed } from '../auth/rate-limit.ts';
import type { PairedLimits } from '../auth/rate-limit.ts';
import { AppError, ValidationError } from '../errors.ts';
import { enqueueMail } from '../mail/mail-jobs.ts';
import type { ServiceContext } from './context.ts';
import { FlowExpiredError, MINUTE, notReachable } from './membership-proof.ts';
import type { FlowSpec } from './membership-proof.ts';
import { contactsOnFile, optionsFor } from './unguarded/contacts-on-file.ts';

/*
 * Steps two and three of registration and password reset (spec §7, §8; API-REG-02, -03, -06,
 * -07): a code goes to a contact on file the visitor chose, and the code typed comes back.
 * membership-proof.ts holds step one and the answers both share.
 */

/** A code's mail is tried a few times within the code's ten minutes, then given up (D79). */
const CODE_MAIL_ATTEMPTS = 4;

/** Codes sent to one member from one address, whichever flow and contact (Mastodon: 5 resets per 30 minutes). */
export const CODE_SEND_LIMIT = { max: 5, windowMs: 30 * MINUTE };
/** Codes sent to one member from every address in a day, past which only a fresh address gets one. */
export const CODE_SEND_CEILING = { max: 20, windowMs: 24 * 60 * MINUTE };

function codeBlank(spec: FlowSpec): ValidationError {
  return new ValidationError(
    { [spec.fields.code]: [CODE_BLANK] },
    AUTHENTICATION_CODE_BLANK,
    'Enter the code we sent you.',
  );
}

function codeInvalid(spec: FlowSpec): ValidationError {
  return new ValidationError(
    { [spec.fields.code]: [CODE_INVALID] },
    AUTHENTICATION_CODE_INVALID,
    'That code is not right.',
  );
}

// ---- Steps two and three --------------------------------------------------------------------

/** The live flow of this browser's cookie, or the answer that sends the visitor back to step one. */
export async function liveFlowOrFail(
  ctx: ServiceContext,
  spec: FlowSpec,
  flowToken: string | undefined,
): Promise<{ flow: FlowRow; token: string }> {
  const flow = flowToken ? await findLiveFlow(ctx.db, spec.purpose, flowToken) : null;
  if (!flow || !flowToken) throw new FlowExpiredError();
  return { flow, token: flowToken };
}

function codeMessage(spec: FlowSpec, code: string): { subject: string; text: string; sms: string } {
  const minutes = CODE_TTL_MS / MINUTE;
  return {
    subject: 'Your Lodgehall code',
    text: [
      `Your Lodgehall code is ${code}.`,
      '',
      `Enter it to ${spec.doing}. It works for ${minutes} minutes, and only once.`,
      '',
      'If you did not ask for it, you can ignore this message: nothing changes without the code.',
    ].join('\n'),
    sms: `Lodgehall code: ${code}. Enter it to ${spec.doing}. It works for ${minutes} minutes. Do not share it.`,
  };
}

/**
 * Step two: the visitor picks one of the options of step one by its key; a fresh code goes to
 * that contact. A key that names no contact on file any more answers the fresh options
 * (ERR-50). Answers the contact as the visitor may see it.
 */
export async function sendCode(
  ctx: ServiceContext,
  spec: FlowSpec,
  flowToken: string | undefined,
  optionKey: string,
  ip: string | null,
): Promise<{ anonymized: string }> {
  const { flow, token } = await liveFlowOrFail(ctx, spec, flowToken);
  const contacts = await contactsOnFile(ctx.db, flow.party_id);
  const chosen = contacts.find(
    (contact) => contactKey(token, contact.kind, contact.id) === optionKey.trim(),
  );
  if (!chosen) {
    if (contacts.length === 0) throw notReachable(spec, null);
    throw new ValidationError(
      { [spec.fields.contact]: [CHOICE_NOT_AVAILABLE] },
      CONTACT_OPTION_CHOICE_NOT_AVAILABLE,
      'That choice is no longer available. Please choose again.',
      { authentication_options: optionsFor(token, contacts) },
    );
  }
  // Every code sent spends: it counts against the member's ceiling and marks the address, so one
  // who knows a member's birth date cannot use up the member's codes from one address (D52).
  const sends: PairedLimits = {
    pair: { key: `code-send:party:${flow.party_id}:${addressKey(ip)}`, ...CODE_SEND_LIMIT },
    account: { key: `code-send:party:${flow.party_id}`, ...CODE_SEND_CEILING },
  };
  await admitAttempt(ctx.db, sends);
  await attemptFailed(ctx.db, sends);

  const code = newCode();
  const message = codeMessage(spec, code);
  const now = Date.now();
  if (chosen.kind === 'email') {
    // The code and its mail are one transaction: the mail job exists only with the code, and
    // is not sent once the code has expired (D79). A fresh code has a mail of its own.
    await ctx.db.transaction().execute(async (trx) => {
      await storeCode(trx, flow, token, chosen, code, now);
      await enqueueMail(
        ctx.jobs,
        trx,
        `code:${flow.id}:${crypto.randomUUID()}`,
        { to: chosen.address, subject: message.subject, text: message.text },
        { expiresAt: now + CODE_TTL_MS, maxAttempts: CODE_MAIL_ATTEMPTS },
      );
    });
    return { anonymized: chosen.anonymized };
  }
  // The code is stored before it leaves: a message that arrives always carries a code that
  // works. A text message is sent at once, outside the transaction an SMS provider cannot take
  // part in; if it fails the visitor asks again and gets a new code.
  await storeCode(ctx.db, flow, token, chosen, code, now);
  try {
    await ctx.sms.send({ to: chosen.address, text: message.sms });
  } catch (error) {
    const failure = new AppError(
      503,
      'code-delivery-failed',
      'We could not send the code just now.',
    );
    failure.cause = error;
    throw failure;
  }
  return { anonymized: chosen.anonymized };
}

/**
 * Checks the code the visitor typed (steps three and four). A blank code is its own error; a
 * code of the wrong shape cannot match and costs no try; a wrong code costs one of five; a dead
 * flow sends the visitor back to step one.
 */
export async function checkCode(
  ctx: ServiceContext,
  spec: FlowSpec,
  flowToken: string | undefined,
  code: string,
): Promise<FlowRow> {
  const { flow, token } = await liveFlowOrFail(ctx, spec, flowToken);
  // Step three or four before step two sent a code: out of order.
  if (flow.code_hash === null) throw new FlowExpiredError();
  const typed = code.trim();
  if (typed === '') throw codeBlank(spec);
  if (!AUTH_CODE_PATTERN.test(typed)) throw codeInvalid(spec);
  const result = await tryCode(ctx.db, flow.id, token, typed);
  if (result === 'dead') throw new FlowExpiredError();
  if (result === 'wrong') throw codeInvalid(spec);
  return flow;
}

/** Step three: the code is right; the member has ten more minutes for step four. */
export async function confirmCode(
  ctx: ServiceContext,
  spec: FlowSpec,
  flowToken: string | undefined,
  code: string,
): Promise<void> {
  const flow = await checkCode(ctx, spec, flowToken, code);
  await extendFlow(ctx.db, flow.id);
}
