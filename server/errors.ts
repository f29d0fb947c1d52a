import { STATUS_CODES } from 'node:http';

/**
 * The one family of errors that services throw. The error handler turns each into an
 * application/problem+json answer whose `type` ends in the error catalogue's name (spec §8).
 */
export const PROBLEM_TYPE_BASE = 'https://lodgehall.org/problems/';

const UNREADABLE_TITLE = 'The request could not be read.';
const SERVER_FAILURE_TITLE = 'An error occurred on the server.';

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
  constructor(title = UNREADABLE_TITLE) {
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
  constructor(retryAfterSeconds: number, title = 'Too many attempts. Please wait and try again.') {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(
      429,
      'too-many-requests',
      title,
      {},
      {
        'retry-after': String(seconds),
      },
    );
  }
}

/** The service cannot answer for now (its database is gone); `Retry-After` says when to ask again. */
export class ServiceUnavailableError extends AppError {
  constructor(retryAfterSeconds: number, title: string) {
    super(503, 'service-unavailable', title, {}, { 'retry-after': String(retryAfterSeconds) });
  }
}

/**
 * Titles of the refusals the HTTP layer makes for itself (Node's parser, Fastify's router and
 * body parser), by status. The spec has no strings for them; the framework's own messages are
 * never used, since they name its internals and echo the request's path back.
 */
const REFUSAL_TITLES: Readonly<Record<number, string>> = {
  400: UNREADABLE_TITLE,
  404: 'Not found.',
  408: 'The request took too long to arrive.',
  413: 'The request body is too large.',
  414: 'The address of the request is too long.',
  415: 'Send the request body as JSON.',
  417: 'The server cannot meet the Expect header of the request.',
  429: 'Too many attempts. Please wait and try again.',
  431: 'The request headers are too large.',
  500: SERVER_FAILURE_TITLE,
  503: 'The server is restarting. Please try again in a moment.',
};

/** `Payload Too Large` -> `payload-too-large`: the problem name of a status, as D5 names them. */
function problemOfStatus(status: number): string {
  return (STATUS_CODES[status] ?? 'Bad Request')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * A refusal named after its HTTP status (`uri-too-long`, `unsupported-media-type`, ...), for
 * what the request's transport got wrong rather than what it asked for.
 */
export function httpRefusal(status: number, title?: string): AppError {
  return new AppError(
    status,
    problemOfStatus(status),
    title ?? REFUSAL_TITLES[status] ?? (status >= 500 ? SERVER_FAILURE_TITLE : UNREADABLE_TITLE),
  );
}

/** An address that cannot be decoded (`/posts/%ZZ`); named like `malformed-json`. */
export class MalformedUrlError extends AppError {
  constructor() {
    super(400, 'malformed-url', 'The address of the request is not valid.');
  }
}

export function problemType(problem: string): string {
  return `${PROBLEM_TYPE_BASE}${problem}`;
}
