import swagger from '@fastify/swagger';
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyContextConfig, FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX, SALT_HEADER, SIGNATURE_HEADER } from '../../common/constants.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { problemSchema } from './problems.ts';

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const API_DOCS_PATH = `${API_PREFIX}/docs`;

/** The refusals an operation may list, each answered with the `Problem` component. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 414 | 415 | 422 | 429 | 503;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The refusals this route gives beyond those the document derives from its shape (see
     * refusalsOf): the ones its service decides, such as 403, 404 or 429.
     */
    refusals?: readonly RefusalStatus[];
  }
}

const SCHEMAS = '#/components/schemas/';
const PROBLEM_REF = `${SCHEMAS}${z.globalRegistry.get(problemSchema)?.id ?? 'Problem'}`;

/** The three parts of a signed call; an operation needs all of them together. */
const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session cookie that sign-in sets (HttpOnly).',
  },
  salt: {
    type: 'apiKey',
    in: 'header',
    name: SALT_HEADER,
    description:
      '`<epoch milliseconds>.<32 lowercase hex characters>`: a fresh nonce for every call, ' +
      'within five minutes of the server clock.',
  },
  signature: {
    type: 'apiKey',
    in: 'header',
    name: SIGNATURE_HEADER,
    description:
      'base64url (no padding) of the signature, by the key given at sign-in, over ' +
      '`METHOD\\npath-and-query\\nX-SALT\\nbody` (see docs/api.md).',
  },
} as const;
const SIGNED = { session: [], salt: [], signature: [] };
type Signature = FastifyContextConfig['signature'];
/** What an operation asks, by what the auth plugin checks on its route. */
const SECURITY = {
  required: [SIGNED],
  // Nothing, or a signed call: a signed-in client may sign every call, and it is checked.
  optional: [{}, SIGNED],
  // Outside the auth plugin: nothing is checked.
  none: [],
} as const;

const REFUSALS: Readonly<Record<RefusalStatus, string>> = {
  400: 'The request could not be read: a body that is not JSON (`malformed-json`), an address that does not decode (`malformed-url`).',
  401: 'The call is not signed in: no live session, a stale or used X-SALT, or a signature that does not verify (`unauthorized`).',
  403: 'The member may not do this (`forbidden`); `errors.base` says why.',
  404: 'There is no such record, or the member may not see it (`not-found`).',
  409: 'The call conflicts with work under way (`conflict`), e.g. a roster import already running; `title` says what.',
  410: 'The record was deleted and its page says so (`event-cancelled`: a deleted event, its name and time in `calendar_event`).',
  413: 'The body is over the size limit (`payload-too-large`).',
  414: 'A path parameter is over 100 characters (`uri-too-long`).',
  415: 'The body is not JSON in UTF-8 without compression (`unsupported-media-type`).',
  422: 'The request has errors (`unprocessable-entity-error`, or a name of its own that docs/api.md gives); `errors` lists them by field.',
  429: 'Too many attempts (`too-many-requests`); try again after Retry-After seconds.',
  503: 'A service the call depends on failed just now (`code-delivery-failed`: the code could not be sent); try again.',
};
const PUBLIC_401 =
  'A signed call whose signature does not check out (`unauthorized`): a signed-in client may ' +
  'sign this call too. Sign-in also refuses wrong credentials so (`invalid-credentials`).';

/** Methods whose requests may carry a body; the server reads one sent with them. */
const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The refusals an operation can give: those that follow from its shape (a signed call can be
 * refused its signature, a body can be unreadable or too large, a path parameter too long,
 * anything validated can fail validation with a 422), and those its route lists in
 * `schema.refusals`.
 */
function refusalsOf(
  schema: FastifySchema,
  signature: Signature,
  method: HTTPMethods | HTTPMethods[],
): RefusalStatus[] {
  const statuses = new Set<RefusalStatus>(schema.refusals);
  // A public operation too checks a signature when one is sent.
  if (signature !== undefined) statuses.add(401);
  // A body sent to an operation that takes none is still read (the signature covers it), so
  // it can be refused like any other: unreadable, too large, not JSON.
  const readsBody = [method].flat().some((name) => BODY_METHODS.has(name.toUpperCase()));
  if (readsBody || schema.params !== undefined) statuses.add(400);
  if (readsBody) {
    statuses.add(413);
    statuses.add(415);
  }
  // The router refuses a path parameter over its length limit before the route runs.
  if (schema.params !== undefined) statuses.add(414);
  if (
    schema.body !== undefined ||
    schema.querystring !== undefined ||
    schema.params !== undefined
  ) {
    statuses.add(422);
  }
  return [...statuses].sort((a, b) => a - b);
}

function refusalResponse(status: RefusalStatus, signature: Signature): Record<string, unknown> {
  return {
    description: status === 401 && signature === 'optional' ? PUBLIC_401 : REFUSALS[status],
    content: { 'application/problem+json': { schema: { $ref: PROBLEM_REF } } },
    ...(status === 429
      ? {
          headers: {
            'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again' },
          },
        }
      : {}),
  };
}

const upperFirst = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The one rule that names operations: the method, then the path below the API prefix in
 * camelCase without `.json`, a path parameter as `By<Name>`. `GET /posts/:id.json` is
 * `getPostsById`, `PUT /comments/:id/hide` is `putCommentsByIdHide`. A route may name its
 * operation itself with `schema.operationId`.
 */
function operationIdOf(method: string, url: string): string {
  const path = (url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url).replace(
    /\.json$/,
    '',
  );
  const words = path
    .split('/')
    .filter((segment) => segment !== '')
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', ...segment.slice(1).split(/[_-]/)] : segment.split(/[_\-.]/),
    )
    .filter((word) => word !== '');
  return method.toLowerCase() + words.map(upperFirst).join('');
}

function methodOf(method: HTTPMethods | HTTPMethods[]): string {
  return Array.isArray(method) ? method.join('') : method;
}

/**
 * Each route's OpenAPI operation: zod's JSON Schemas, then what a generated client needs that
 * zod cannot say: its name, whether it must be signed (the mark the auth plugin puts on the
 * routes it guards), and the refusals it can give.
 */
const transform: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const schema: FastifySchema = transformed.schema ?? {};
  const { url } = transformed;
  if (schema.hide === true) return { schema, url };
  const { route } = input;
  const signature = route.config?.signature;
  const forAdmins = route.config?.access === 'admin';
  // An administrators' operation refuses every other member, whatever its route lists.
  const statuses = refusalsOf(input.schema ?? {}, signature, route.method);
  if (forAdmins && !statuses.includes(403)) statuses.push(403);
  const refusals = Object.fromEntries(
    statuses.sort((a, b) => a - b).map((status) => [status, refusalResponse(status, signature)]),
  );
  const { refusals: _listed, ...documented } = schema;
  return {
    url,
    schema: {
      ...documented,
      operationId: schema.operationId ?? operationIdOf(methodOf(route.method), url),
      security: SECURITY[signature ?? 'none'],
      // The route table's level for generated clients and the permission matrix (D62).
      ...(forAdmins ? { 'x-access': 'admin' } : {}),
      response: { ...(schema.response as Record<string, unknown> | undefined), ...refusals },
    },
  };
};

/** The `$ref`s in a part of the document that name a component schema. */
function referencedSchemas(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) referencedSchemas(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMAS)) {
        found.add(child.slice(SCHEMAS.length));
      } else {
        referencedSchemas(child, found);
      }
    }
  }
}

/** The component schemas that the operations use, directly or through one another. */
function usedSchemas<S extends Record<string, unknown>>(paths: unknown, schemas: S): S {
  const used = new Set<string>();
  referencedSchemas(paths, used);
  let before = -1;
  while (before !== used.size) {
    before = used.size;
    for (const name of [...used]) referencedSchemas(schemas[name], used);
  }
  // The same record less some entries: still the type it was.
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))) as S;
}

/**
 * The named zod schemas become components; zod makes each twice (as read and as written), so
 * the ones no operation uses (`CommentInput`, `ProblemInput`) are left out.
 */
const transformObject: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input);
  if ('components' in document && document.components?.schemas) {
    document.components.schemas = usedSchemas(document.paths, document.components.schemas);
  }
  return document;
};

/** The OpenAPI document is generated from the same zod schemas that validate the requests. */
export async function registerOpenApi(
  app: FastifyInstance,
  version: string,
  https: boolean,
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Lodgehall API',
        description:
          'The API of Lodgehall, a members-only app for lodges and clubs. Successful answers are ' +
          '`{ "data": ... }`; refusals are application/problem+json (the `Problem` schema) whose ' +
          '`type` ends in the error catalogue name. Calls after sign-in carry the session cookie ' +
          'and are signed (X-SALT, X-SIGNATURE): the `session`, `salt` and `signature` security ' +
          'schemes together. See docs/api.md.',
        version,
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform,
    transformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    // Swagger UI sends its own policy for its pages (it needs styles from its bundle); that
    // policy asks browsers to upgrade to HTTPS, which breaks the page on a plain-HTTP install.
    staticCSP: true,
    transformStaticCSP: (header) =>
      https ? header : header.replace(/\s*upgrade-insecure-requests;?/, ''),
    uiConfig: { url: OPENAPI_PATH, deepLinking: true },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
