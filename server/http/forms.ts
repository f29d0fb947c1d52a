import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CANT_BE_BLANK } from '../../common/messages.ts';
import type { FieldErrors } from '../errors.ts';

/*
 * For routes whose body is a person's form (registration, reset, change password): body checks
 * that answer in the words of the form (ERR-45, ERR-55) instead of zod's.
 */

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
