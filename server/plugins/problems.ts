import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, problemType } from '../errors.ts';
import type { FieldErrors } from '../errors.ts';
import { API_PREFIX } from '../../common/constants.ts';

const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

export function sendProblem(reply: FastifyReply, error: AppError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply
    .code(error.status)
    .type(PROBLEM_CONTENT_TYPE)
    .send({
      type: problemType(error.problem),
      title: error.title,
      status: error.status,
      ...error.extra,
    });
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

/** Maps every failure to the problem+json shape of ARCHITECTURE §4, so clients need one parser. */
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
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, 'payload-too-large', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(415, 'unsupported-media-type', 'Send the request body as JSON.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(400, 'bad-request', 'The request body length is wrong.');
    default:
      break;
  }
  if (error.statusCode === 429) {
    return new AppError(429, 'too-many-requests', 'Too many attempts. Please wait and try again.');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError(error.statusCode, 'bad-request', error.message);
  }
  return new AppError(500, 'internal-server-error', 'An error occurred on the server.');
}

function isApiRequest(request: FastifyRequest): boolean {
  return request.url.startsWith(API_PREFIX);
}

export function registerProblemHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
