import { describe, expect, it } from 'vitest';
import { CHOICE_NOT_AVAILABLE, CODE_BLANK, CODE_INVALID } from '../../../common/messages.ts';
import { ApiError } from '../../http/client.ts';
import { flowErrorAction } from './flow-errors.ts';

function problem(
  name: string,
  status = 422,
  extra: { errors?: Record<string, string[]>; title?: string; body?: Record<string, unknown> } = {},
): ApiError {
  return new ApiError({
    kind: 'http',
    status,
    problemType: `https://lodgehall.org/problems/${name}`,
    problemTitle: extra.title ?? null,
    errors: extra.errors ?? null,
    body: { type: `https://lodgehall.org/problems/${name}`, ...extra.body },
  });
}

const network = new ApiError({ kind: 'network', status: 0 });

describe('step one errors (ERR-43..ERR-49)', () => {
  it('matches the type on its last segment, whatever the host (ERR-43)', () => {
    const error = new ApiError({
      kind: 'http',
      status: 422,
      problemType: 'https://x/errors/new-user-invalid',
      errors: { member_number: ['is not on the roster'] },
    });
    expect(flowErrorAction('register', 1, error)).toEqual({
      kind: 'fields',
      errors: { member_number: ['is not on the roster'] },
    });
  });

  it.each([
    ['register', 'new-user-invalid-verification-service'],
    ['reset', 'password-reset-request-invalid-verification-service'],
  ] as const)('%s: %s puts every error in a banner (ERR-44)', (kind, name) => {
    const error = problem(name, 422, { errors: { base: ['Service down'], code: ['Try later'] } });
    expect(flowErrorAction(kind, 1, error)).toEqual({
      kind: 'banner',
      messages: ['Service down', 'Try later'],
    });
  });

  it.each([
    ['register', 'new-user-invalid'],
    ['reset', 'password-reset-request-user-parameters-invalid'],
  ] as const)('%s: %s gives field errors and base (ERR-45)', (kind, name) => {
    const error = problem(name, 422, {
      errors: { member_number: ['not found'], birth_date: ['does not match'], base: ['Nope'] },
    });
    expect(flowErrorAction(kind, 1, error)).toEqual({
      kind: 'fields',
      errors: { member_number: ['not found'], birth_date: ['does not match'], base: ['Nope'] },
    });
  });

  it('puts errors on fields the step does not have under base', () => {
    const error = problem('new-user-invalid', 422, { errors: { new_user: ['is odd'] } });
    expect(flowErrorAction('register', 1, error)).toEqual({
      kind: 'fields',
      errors: { base: ['is odd'] },
    });
  });

  it.each([
    ['register', 'new-user-not-reachable'],
    ['reset', 'password-reset-request-user-not-reachable'],
  ] as const)('%s: %s shows the title and the club contact (ERR-46, ERR-47)', (kind, name) => {
    const error = problem(name, 422, {
      title: 'We have no way to reach you.',
      body: { club_contact: { name: 'Bob', phone: '5551234567' } },
    });
    expect(flowErrorAction(kind, 1, error)).toEqual({
      kind: 'notReachable',
      title: 'We have no way to reach you.',
      contact: { name: 'Bob', phone: '5551234567' },
    });
  });

  it('keeps a contact without a phone (ERR-48) and drops one without a name', () => {
    const noPhone = problem('new-user-not-reachable', 422, {
      title: 'T',
      body: { club_contact: { name: 'Bob', phone: null } },
    });
    expect(flowErrorAction('register', 1, noPhone)).toMatchObject({
      contact: { name: 'Bob', phone: null },
    });
    const noName = problem('new-user-not-reachable', 422, {
      title: 'T',
      body: { club_contact: { name: ' ', phone: '1' } },
    });
    expect(flowErrorAction('register', 1, noName)).toMatchObject({ contact: null });
    const none = problem('new-user-not-reachable', 422, {
      title: 'T',
      body: { club_contact: null },
    });
    expect(flowErrorAction('register', 1, none)).toMatchObject({ contact: null });
  });

  it('shows the title of any other error (ERR-49)', () => {
    expect(
      flowErrorAction('register', 1, problem('something-else', 409, { title: 'Taken' })),
    ).toEqual({ kind: 'message', text: 'Taken' });
  });

  it('leaves no answer and server failures to the global dialog, and stays', () => {
    expect(flowErrorAction('register', 1, network)).toEqual({ kind: 'none' });
    expect(flowErrorAction('reset', 1, problem('internal-server-error', 500))).toEqual({
      kind: 'none',
    });
  });
});

describe('steps two to four (ERR-50..ERR-54, REG-13)', () => {
  it('refreshes the options on contact-option-choice-not-available (ERR-50)', () => {
    const options = [
      { label: 'E-mail d***@e***.com', key: 'k1' },
      { label: 'Text (***) ***-**42', key: 'k2' },
    ];
    const error = problem('contact-option-choice-not-available', 422, {
      errors: { contact_option_key: [CHOICE_NOT_AVAILABLE] },
      body: { authentication_options: options },
    });
    expect(flowErrorAction('reset', 2, error)).toEqual({
      kind: 'refreshOptions',
      options,
      errors: { contact: [CHOICE_NOT_AVAILABLE] },
    });
    const bare = problem('contact-option-choice-not-available', 422, {
      body: { authentication_options: options },
    });
    expect(flowErrorAction('register', 2, bare)).toMatchObject({
      errors: { contact: [CHOICE_NOT_AVAILABLE] },
    });
  });

  it('restarts when the refreshed options are missing', () => {
    const error = problem('contact-option-choice-not-available', 422, {
      body: { authentication_options: [] },
    });
    expect(flowErrorAction('register', 2, error)).toEqual({ kind: 'restart' });
  });

  it('shows code errors under the code at step three (ERR-51, VAL-17)', () => {
    expect(
      flowErrorAction(
        'register',
        3,
        problem('authentication-code-invalid', 422, { errors: { code: [CODE_INVALID] } }),
      ),
    ).toEqual({ kind: 'fields', errors: { code: [CODE_INVALID] } });
    expect(
      flowErrorAction(
        'reset',
        3,
        problem('authentication-code-blank', 422, { errors: { auth_token_attempt: [CODE_BLANK] } }),
      ),
    ).toEqual({ kind: 'fields', errors: { code: [CODE_BLANK] } });
    expect(flowErrorAction('reset', 3, problem('authentication-code-blank', 422))).toEqual({
      kind: 'fields',
      errors: { code: [CODE_BLANK] },
    });
  });

  it('resets and goes home on a code error at step four (ERR-52)', () => {
    for (const name of ['authentication-code-blank', 'authentication-code-invalid']) {
      expect(flowErrorAction('register', 4, problem(name))).toEqual({ kind: 'restartHome' });
      expect(flowErrorAction('reset', 4, problem(name))).toEqual({ kind: 'restartHome' });
    }
  });

  it('shows password and username errors under their fields at step four (ERR-53)', () => {
    expect(
      flowErrorAction(
        'register',
        4,
        problem('user-params-invalid', 422, {
          errors: { username: ['has already been taken'], password: ['is too weak'] },
        }),
      ),
    ).toEqual({
      kind: 'fields',
      errors: { username: ['has already been taken'], password: ['is too weak'] },
    });
    expect(
      flowErrorAction(
        'reset',
        4,
        problem('password-parameters-invalid-error', 422, {
          errors: { password_confirmation: ["doesn't match"] },
        }),
      ),
    ).toEqual({ kind: 'fields', errors: { password_confirmation: ["doesn't match"] } });
  });

  it.each([2, 3, 4] as const)('restarts on any other failure at step %s (ERR-54)', (step) => {
    expect(flowErrorAction('register', step, problem('internal-server-error', 500))).toEqual({
      kind: 'restart',
    });
    expect(flowErrorAction('reset', step, network)).toEqual({ kind: 'restart' });
    expect(flowErrorAction('reset', step, new Error('parse'))).toEqual({ kind: 'restart' });
  });

  it.each([1, 2, 3, 4] as const)('stays with a wait message on a 429 at step %s', (step) => {
    const error = new ApiError({
      kind: 'http',
      status: 429,
      problemType: 'https://lodgehall.org/problems/too-many-requests',
      retryAfterSeconds: 120,
    });
    expect(flowErrorAction('register', step, error)).toEqual({
      kind: 'limited',
      retryAfterSeconds: 120,
    });
  });
});
