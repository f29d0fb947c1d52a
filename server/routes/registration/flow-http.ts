import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../../common/constants.ts';
import { z } from 'zod';
import {
  BIRTH_DATE_INCOMPLETE,
  CANT_BE_BLANK,
  CHOOSE_ORGANIZATION,
} from '../../../common/messages.ts';
import type { FieldErrors } from '../../errors.ts';

/*
 * Shared by the registration, reset and password-settings routes: body checks that answer in
 * the words of the flow's form (ERR-45, ERR-55) instead of zod's, and the flows' cookies.
 */

/** Step one's fields in the membership form's words (VAL-12..14). */
export const MEMBERSHIP_FIELD_WORDING = {
  organization_id: CHOOSE_ORGANIZATION,
  birth_date: BIRTH_DATE_INCOMPLETE,
} as const;

/** Steps that answer nothing but success. */
export const emptyAnswerSchema = z.object({ data: z.object({}) });

interface BodyIssue {
  keyword?: unknown;
  instancePath?: unknown;
}

/**
 * The field errors of a body that failed its schema (routes with `attachValidation: true`),
 * keyed like every 422 (docs/decisions.md D5) and worded for a person: a missing or empty
 * value is "Can't be blank.", anything else "is invalid", unless `wording` names the field.
 * Null when the body was valid.
 */
export function bodyErrors(
  request: FastifyRequest,
  wording: Readonly<Record<string, string>> = {},
): FieldErrors | null {
  const failure = request.validationError;
  if (!failure) return null;
  const issues: unknown = failure.validation;
  const errors: FieldErrors = {};
  for (const issue of Array.isArray(issues) ? (issues as BodyIssue[]) : []) {
    const path = typeof issue.instancePath === 'string' ? issue.instancePath : '';
    const field =
      path
        .split('/')
        .filter((part) => part !== '' && !/^\d+$/.test(part))
        .at(-1) ?? 'base';
    const blank = issue.keyword === 'invalid_type' || issue.keyword === 'too_small';
    const message = wording[field] ?? (blank ? CANT_BE_BLANK : 'is invalid');
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  if (Object.keys(errors).length === 0) errors.base = ['The request has errors.'];
  return errors;
}

/** The two flows' cookies: one each, so a reset and a registration never mix. */
export const REGISTRATION_COOKIE = 'lodgehall_registration';
export const RESET_COOKIE = 'lodgehall_reset';
/** The server row decides whether a flow is alive; the cookie only has to outlast it. */
const FLOW_COOKIE_MAX_AGE_S = 60 * 60;

/** Sent only to the flow's own paths: the token has no business anywhere else. */
export function flowCookiePath(cookie: string): string {
  return `${API_PREFIX}${cookie === REGISTRATION_COOKIE ? '/users' : '/password_reset_request'}`;
}

/** HttpOnly and SameSite=Lax like the session cookie; Secure under HTTPS (ARCHITECTURE §5). */
export function setFlowCookie(
  reply: FastifyReply,
  cookie: string,
  flowToken: string,
  secure: boolean,
): void {
  reply.setCookie(cookie, flowToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: flowCookiePath(cookie),
    maxAge: FLOW_COOKIE_MAX_AGE_S,
  });
}

export function clearFlowCookie(reply: FastifyReply, cookie: string): void {
  reply.clearCookie(cookie, { path: flowCookiePath(cookie) });
}

export function isSecure(publicUrl: string | undefined): boolean {
  return publicUrl?.startsWith('https:') ?? false;
}
