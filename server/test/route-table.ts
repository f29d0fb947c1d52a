import type { RouteOptions } from 'fastify';
import { API_PREFIX, BASE_PATH } from '../../common/constants.ts';
import { CALENDAR_FEED_PREFIX } from '../../common/schemas/calendar-feed.ts';
import { STRIPE_WEBHOOK_PATH, TEST_CHECKOUT_PREFIX } from '../payments/adapter.ts';
import { API_DOCS_PATH, OPENAPI_PATH } from '../plugins/openapi.ts';
import { MEDIA_PREFIX } from '../storage/storage.ts';

/*
 * The permission matrix's hold on the route table (docs/decisions.md D55): an entry's call must
 * reach the operation the entry is written for, and every route the server registers is either
 * an operation of the OpenAPI document (so it has an entry) or listed here with its reason.
 */

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The addresses an operation of the OpenAPI document answers (`GET /posts/{id}.json`): each
 * `{param}` is one path segment, or part of one, as the router reads it.
 */
export function operationPattern(operation: string): RegExp {
  const template = operation.slice(operation.indexOf(' ') + 1);
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : escapeRegExp(part)))
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * Why `path` (below the API prefix, with its query) is not a call of `operation`, or undefined
 * when it is one: the method is the entry's own, so only the address can stray.
 */
export function strayCall(operation: string, path: string): string | undefined {
  const [address = ''] = path.split('?');
  if (operationPattern(operation).test(address)) return undefined;
  return `the call goes to ${address}, which is not ${operation}: the entry must call its own operation`;
}

/** A route the server registers outside the OpenAPI document, and why it is left out. */
export interface HiddenRoute {
  /** `METHOD /path` from the server's root, `{name}` for a parameter, as Fastify has it. */
  readonly route: string;
  readonly why: string;
  /** Set when the route exists only sometimes: what it needs. */
  readonly onlyWhen?: string;
}

const DOCS_WHY = 'the API documentation itself (Swagger UI and the document), not an operation';

/**
 * Every route known to be outside the document, each with its reason. The matrix fails on a
 * route that is neither documented nor here: a route hidden with `schema: { hide: true }`, or
 * added outside the API, must be written down here with why it has no matrix entry, and
 * decisions.md D55 must say how it is tested instead.
 */
export const HIDDEN_ROUTES: readonly HiddenRoute[] = [
  {
    route: `GET ${API_PREFIX}/events`,
    why: "the member's event stream (D43): a stream, not an answer; routes/events tests who gets which events",
  },
  {
    route: `GET ${CALENDAR_FEED_PREFIX}/{token}.ics`,
    why: 'the calendar feed download (D30): no session, calendar programs cannot sign; the unguessable token is the key',
  },
  {
    route: `GET ${MEDIA_PREFIX}/*`,
    why: 'photos and avatars: no session, the unguessable storage key is the key (architecture §1)',
  },
  {
    route: `GET ${TEST_CHECKOUT_PREFIX}/{token}`,
    why: "the built-in test checkout page (D50): an HTML form keyed by its token and the paying member's session",
  },
  {
    route: `POST ${TEST_CHECKOUT_PREFIX}/{token}`,
    why: 'the test checkout form posted back (D50): the same token and session',
  },
  {
    route: `POST ${STRIPE_WEBHOOK_PATH}`,
    why: "Stripe's webhook (D50): no session, Stripe signs the raw body",
  },
  {
    route: `POST ${BASE_PATH}/unsubscribe`,
    why: "a mail program's one-click unsubscribe (RFC 8058, D81): no session, the signed token is the key; routes/mail-settings tests it",
  },
  { route: 'GET /healthz', why: 'the liveness probe: answers only that the process runs' },
  { route: 'GET /readyz', why: 'the readiness probe: answers only whether the database answers' },
  { route: 'GET /', why: 'a redirect to the web app' },
  { route: `GET ${BASE_PATH}`, why: 'a redirect to the web app' },
  {
    route: `GET ${BASE_PATH}/*`,
    why: "the web app's files, the same to everyone",
    onlyWhen: 'the web app is built (dist/web)',
  },
  { route: `GET ${OPENAPI_PATH}`, why: DOCS_WHY },
  ...[
    '/',
    '/static/index.html',
    '/static/swagger-initializer.js',
    '/static/*',
    '/json',
    '/yaml',
  ].map((page) => ({ route: `GET ${API_DOCS_PATH}${page}`, why: DOCS_WHY })),
];

/**
 * The registered routes as `METHOD /path`, each once, their parameters written `{name}` as the
 * document writes them. A HEAD beside a GET of the same path is left out: Fastify adds one to
 * every GET, and it answers what the GET does. (A plugin's `/` route under a prefix is also
 * served without the slash; Fastify tells of that twin's HEAD but not of its GET.)
 */
export function routeTable(routes: readonly Pick<RouteOptions, 'method' | 'url'>[]): string[] {
  const keys = new Set(
    routes.flatMap((route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      return methods.map((method) => `${method} ${path}`);
    }),
  );
  return [...keys]
    .filter((key) => {
      if (!key.startsWith('HEAD ')) return true;
      const path = key.slice('HEAD '.length);
      return !keys.has(`GET ${path}`) && !keys.has(`GET ${path}/`);
    })
    .sort();
}

/**
 * Where the registered routes and the matrix part: a route neither documented (the document's
 * operations, below the API prefix, or from the root when written `//path`) nor listed as hidden; a listed route the server does not
 * register (always there, unless the list says when); a documented operation no route serves.
 */
export function routesOutsideTheMatrix(
  registered: readonly string[],
  documented: readonly string[],
  hidden: readonly HiddenRoute[] = HIDDEN_ROUTES,
): { unlisted: string[]; listedButAbsent: string[]; documentedButAbsent: string[] } {
  const fromRoot = documented.map((operation) => {
    const space = operation.indexOf(' ');
    const path = operation.slice(space + 1);
    const full = path.startsWith('//') ? path.slice(1) : `${API_PREFIX}${path}`;
    return `${operation.slice(0, space)} ${full}`;
  });
  const known = new Set([...fromRoot, ...hidden.map(({ route }) => route)]);
  const present = new Set(registered);
  return {
    unlisted: registered.filter((route) => !known.has(route)),
    listedButAbsent: hidden
      .filter(({ route, onlyWhen }) => onlyWhen === undefined && !present.has(route))
      .map(({ route }) => route),
    documentedButAbsent: fromRoot.filter((route) => !present.has(route)),
  };
}
