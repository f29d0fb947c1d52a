/**
 * The one family of errors that services throw. The error handler turns each into an
 * application/problem+json answer whose `type` ends in the error catalogue's name (spec §8).
 */
export const PROBLEM_TYPE_BASE = 'https://lodgehall.org/problems/';

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    /** Last segment of the problem type URL, e.g. `unprocessable-entity-error`. */
    readonly problem: string,
    readonly title: string,
    /** Extra members of the problem body, e.g. `errors` or `club_contact`. */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(title);
    this.name = 'AppError';
  }
}

export class BadRequestError extends AppError {
  constructor(title = 'The request could not be read.') {
    super(400, 'bad-request', title);
  }
}

export class UnauthorizedError extends AppError {
  constructor(title = 'You need to sign in.') {
    super(401, 'unauthorized', title);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You may not do that.') {
    super(403, 'forbidden', message, { errors: { base: [message] } });
  }
}

export class NotFoundError extends AppError {
  constructor(title = 'Not found.') {
    super(404, 'not-found', title);
  }
}

export class ValidationError extends AppError {
  constructor(
    readonly errors: FieldErrors,
    problem = 'unprocessable-entity-error',
    title = 'The request has errors.',
    extra: Record<string, unknown> = {},
  ) {
    super(422, problem, title, { ...extra, errors });
  }
}

export class TooManyRequestsError extends AppError {
  constructor(retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(
      429,
      'too-many-requests',
      'Too many attempts. Please wait and try again.',
      {},
      {
        'retry-after': String(seconds),
      },
    );
  }
}

export function problemType(problem: string): string {
  return `${PROBLEM_TYPE_BASE}${problem}`;
}
