import type { FastifyInstance, FastifyRequest } from 'fastify';
import { USER_METADATA_HEADER } from '../../common/constants.ts';
import type { Actor } from '../auth/actor.ts';
import { VISITOR } from '../auth/actor.ts';
import { SESSION_COOKIE, findSession, touchSession } from '../auth/sessions.ts';
import type { SessionRecord } from '../auth/sessions.ts';
import { checkSalt, signedText, verifySignature } from '../auth/signatures.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import type { ServiceContext } from '../services/context.ts';
import { userMetadata } from '../services/user-metadata.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
    session: SessionRecord | null;
  }
  interface FastifyContextConfig {
    /**
     * Open to visitors, unsigned: sign-in, the organisation lists, registration and reset.
     * A signed call to one is still checked, and answered as to the member.
     */
    public?: boolean;
    /**
     * Only administrators (`is_admin`): a signed call by any other member is refused with a
     * 403 once its signature checks out, before its body is validated or its handler runs.
     * The route table's third level, beside members (the default) and `public`; a route
     * cannot be both. Its service still opens with `requireAdmin` (server/auth/actor.ts).
     */
    admin?: boolean;
    /**
     * Set by this plugin on every route it guards, from `public` and `admin`: who may call it.
     * The OpenAPI document reads it to mark administrators' operations.
     */
    access?: 'public' | 'member' | 'admin';
    /**
     * Set by this plugin on every route it guards, from `public`: whether calls must be signed
     * or may be. A route outside it (health, media) has none: no signature is checked there.
     * The OpenAPI document reads it to say which operations need the signature.
     */
    signature?: 'required' | 'optional';
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

interface SessionCheck {
  session: SessionRecord;
  salt: string;
  saltTimestamp: number;
}

/**
 * The first half of the check (docs/architecture.md §5), from the headers alone: a live session cookie
 * and a fresh salt. It runs before the body is read, so a stranger cannot make the server
 * read and parse a large body (a post with photos may be 32 MB).
 */
async function checkSession(ctx: ServiceContext, request: FastifyRequest): Promise<SessionCheck> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) throw new UnauthorizedError();
  const now = Date.now();
  const salt = header(request, 'x-salt');
  const saltCheck = checkSalt(salt, now);
  if (!saltCheck.ok || !salt) throw new UnauthorizedError();
  const session = await findSession(ctx.db, token, now);
  if (!session) throw new UnauthorizedError();
  return { session, salt, saltTimestamp: saltCheck.timestamp };
}

/**
 * The second half, once the body is read: a signature by the key the session was opened with
 * over exactly what was sent, and a salt never seen before. Any failure is the same 401.
 */
async function checkSignature(
  ctx: ServiceContext,
  request: FastifyRequest,
  { session, salt, saltTimestamp }: SessionCheck,
): Promise<void> {
  const text = signedText(request.method, request.url, salt, request.rawBody ?? '');
  if (!verifySignature(session.publicKey, text, header(request, 'x-signature'))) {
    throw new UnauthorizedError();
  }
  // Checked last, so an unsigned or forged request cannot fill the salt table.
  if (!(await ctx.salts.use(session.id, salt, saltTimestamp))) {
    throw new UnauthorizedError();
  }
  await touchSession(ctx.db, session, Date.now());
}

/**
 * Requests that need the check: every non-public call, and signed calls to public ones. It reads
 * `public` itself, not the `signature` mark made from it, so a route that missed the mark is
 * still checked.
 */
function needsCheck(request: FastifyRequest): boolean {
  return !request.routeOptions.config.public || request.headers['x-signature'] !== undefined;
}

const pendingChecks = new WeakMap<FastifyRequest, SessionCheck>();

export function registerAuth(api: FastifyInstance): void {
  // Fastify forbids object defaults on decorators (they would be shared between requests);
  // the onRequest hook gives every request its own values before anything reads them.
  // A second API context (a test's) shares the decorators the first one made.
  if (!api.hasRequestDecorator('actor')) {
    api.decorateRequest<Actor>('actor', null as unknown as Actor);
    api.decorateRequest('session', null);
  }

  api.addHook('onRoute', (route) => {
    const { public: open = false, admin = false } = route.config ?? {};
    if (open && admin) {
      throw new Error(`${route.method} ${route.url} cannot be both public and for administrators`);
    }
    route.config = {
      ...route.config,
      signature: open ? 'optional' : 'required',
      access: open ? 'public' : admin ? 'admin' : 'member',
    };
  });

  api.addHook('onRequest', async (request) => {
    request.actor = VISITOR;
    request.session = null;
    if (needsCheck(request)) pendingChecks.set(request, await checkSession(api.services, request));
  });

  // After the body is read (the signature covers it), before it is validated (a stranger learns
  // nothing about the shapes an endpoint accepts).
  // A public route still authenticates a signed call: a signed-in member's client signs
  // everything (AMB-51) and reads its badges from the answer.
  api.addHook('preValidation', async (request) => {
    const pending = pendingChecks.get(request);
    if (!pending) return;
    await checkSignature(api.services, request, pending);
    const { session } = pending;
    request.session = session;
    request.actor = {
      kind: 'member',
      userId: session.userId,
      partyId: session.partyId,
      isAdmin: session.isAdmin,
    };
    // Read from `admin` itself, as needsCheck reads `public`, not from the mark made from it.
    if (request.routeOptions.config.admin && !session.isAdmin) throw new ForbiddenError();
  });

  api.addHook('onSend', async (request, reply, payload) => {
    // The session is set once the signature checks out; a request refused before the API's own
    // hooks ran (a 503 while closing, no Host) has neither session nor actor.
    const { session } = request;
    // A member's answer, or the answer to a write (sign-in, a registration step), is about one
    // person: no browser or proxy may keep it. Only a visitor's public read may be stored.
    if (session || (request.method !== 'GET' && request.method !== 'HEAD')) {
      reply.header('cache-control', 'no-store');
    }
    if (session && reply.statusCode < 400) {
      const metadata = await userMetadata(api.services, session.partyId);
      reply.header(USER_METADATA_HEADER, Buffer.from(JSON.stringify(metadata)).toString('base64'));
    }
    return payload;
  });
}
