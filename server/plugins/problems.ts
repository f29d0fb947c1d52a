import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../db/database.ts';
import { AppError, MalformedUrlError, httpRefusal, problemType } from '../errors.ts';
import type { FieldErrors } from '../errors.ts';
import { API_PREFIX } from '../../common/constants.ts';
import { databaseUnavailableProblem } from './database-outage.ts';
import type { DatabaseOutage } from './database-outage.ts';

const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/**
 * A refusal is about one request: never to be stored and served again (a cached 404 or 401
 * would outlive the cause).
 */
const PROBLEM_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const;

/**
 * What every refusal's body is, for the OpenAPI document (its `Problem` component) and for
 * problemBody below, which must produce it. Members beyond these come from an error's `extra`
 * (`club_contact`, `authentication_options`, ...).
 */
export const problemSchema = z
  .looseObject({
    type: z.string().meta({
      description: `A URL whose last path segment names the error, e.g. ${problemType('not-found')}`,
    }),
    title: z.string().meta({ description: 'What went wrong, in plain English' }),
    status: z.number().int().meta({ description: 'The HTTP status of the answer' }),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: 'Messages by field name, `base` for the request as a whole' }),
  })
  .meta({ id: 'Problem', description: 'An application/problem+json refusal (RFC 9457)' });
export type Problem = z.infer<typeof problemSchema>;

function problemBody(error: AppError): Problem {
  return {
    type: problemType(error.problem),
    title: error.title,
    status: error.status,
    ...error.extra,
  };
}

export function sendProblem(reply: FastifyReply, error: AppError): FastifyReply {
  reply.headers(PROBLEM_HEADERS);
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.code(error.status).type(PROBLEM_CONTENT_TYPE).send(problemBody(error));
}

/** The bytes of a problem answer, for the refusals that happen where Fastify has no reply. */
function problemMessage(error: AppError): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify(problemBody(error));
  return {
    headers: {
      'content-type': PROBLEM_CONTENT_TYPE,
      'content-length': String(Buffer.byteLength(body)),
      ...PROBLEM_HEADERS,
      ...error.headers,
    },
    body,
  };
}

/** Field name of a validation issue: the last key of its path, or `base` for the whole body. */
function fieldOf(instancePath: string): string {
  const parts = instancePath.split('/').filter((part) => part !== '' && !/^\d+$/.test(part));
  return parts.at(-1) ?? 'base';
}

function validationErrors(error: FastifyError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.validation ?? []) {
    const field = fieldOf(issue.instancePath);
    (errors[field] ??= []).push(issue.message ?? 'is invalid');
  }
  return errors;
}

/** Maps every failure to the problem+json shape of docs/architecture.md §4, so clients need one parser. */
function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    return new AppError(422, 'unprocessable-entity-error', 'The request has errors.', {
      errors: validationErrors(error),
    });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(400, 'malformed-json', 'The request body is not valid JSON.');
    case 'FST_ERR_BAD_URL':
      return new MalformedUrlError();
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return httpRefusal(400, 'The request body length is wrong.');
    default:
      break;
  }
  // Every other framework refusal (413, 414, 415, 429...) by its status alone: its message
  // names Fastify's internals and may echo the path back.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return httpRefusal(error.statusCode);
  }
  return httpRefusal(500);
}

function isApiRequest(request: FastifyRequest): boolean {
  return request.url.startsWith(API_PREFIX);
}

/**
 * Fastify's `frameworkErrors`: refusals its router makes before any route or hook runs (an
 * address that does not decode, a path parameter over `maxParamLength`).
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const appError = toAppError(error);
  request.log.info({ status: appError.status, problem: appError.problem }, 'request refused');
  void sendProblem(reply, appError);
}

type MaybeAnswering = Duplex & { _httpMessage?: { headersSent?: boolean } | null };

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before there is a request
 * (headers over `maxHeaderSize`, a malformed request line, Content-Length with chunked, a
 * request that took too long). There is no reply object, so the answer is written to the
 * socket, which is then closed: the parser cannot find the next request in what follows.
 */
export function answerClientError(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Duplex,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let appError: AppError;
  if (error.code === 'HPE_HEADER_OVERFLOW') appError = httpRefusal(431);
  else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') appError = httpRefusal(408);
  else appError = httpRefusal(400);
  this.log.info({ status: appError.status, code: error.code }, 'request refused by the parser');
  // As Node does: never write into an answer already on its way (a pipelined request).
  const inFlight = (socket as MaybeAnswering)._httpMessage;
  if (socket.writable && inFlight?.headersSent !== true) {
    const { headers, body } = problemMessage(appError);
    const lines = Object.entries({ ...headers, connection: 'close' }).map(
      ([name, value]) => `${name}: ${value}\r\n`,
    );
    const statusLine = `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status] ?? ''}`;
    socket.write(`${statusLine}\r\n${lines.join('')}\r\n${body}`);
  }
  socket.destroy();
}

/** Node answers an `Expect` other than `100-continue` itself, with an empty 417. */
function answerExpectation(_request: IncomingMessage, response: ServerResponse): void {
  const { headers, body } = problemMessage(httpRefusal(417));
  response.writeHead(417, headers);
  response.end(body);
}

export function registerProblemHandling(app: FastifyInstance, outage: DatabaseOutage): void {
  app.server.on('checkExpectation', answerExpectation);

  // Fastify's own 503 while closing is bare JSON written around every hook; this one is ours.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (closing) {
      reply.header('connection', 'close');
      done(httpRefusal(503));
      return;
    }
    // Node refuses this with an empty 400 unless told not to (requireHostHeader, app.ts).
    if (request.headers.host === undefined && request.raw.httpVersion === '1.1') {
      done(httpRefusal(400, 'The request has no Host header.'));
      return;
    }
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Logged once per outage, not once per request that meets it (D76).
    if (isDatabaseUnavailable(error)) {
      outage.failed(error);
      return sendProblem(reply, databaseUnavailableProblem());
    }
    const appError = toAppError(error);
    if (appError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ status: appError.status, problem: appError.problem }, 'request refused');
    }
    return sendProblem(reply, appError);
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiRequest(request)) {
      return sendProblem(reply, new AppError(404, 'not-found', 'No such API endpoint.'));
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
