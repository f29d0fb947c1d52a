import type { FastifyReply } from 'fastify';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '../auth/sessions.ts';

/*
 * The cookies the server sets: the session's, and one per registration or reset flow. All are
 * HttpOnly and SameSite=Lax, and Secure when the app is served over HTTPS.
 */

/** Whether the app is served over HTTPS, from its configured public address. */
export function isSecure(publicUrl: string | undefined): boolean {
  return publicUrl?.startsWith('https:') ?? false;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * A flow's cookie: its own name, so a reset and a registration never mix, and sent only to the
 * flow's own paths, since the token has no business anywhere else.
 */
export interface FlowCookie {
  readonly name: string;
  readonly path: string;
}

/** The server row decides whether a flow is alive; the cookie only has to outlast it. */
const FLOW_COOKIE_MAX_AGE_S = 60 * 60;

export function setFlowCookie(
  reply: FastifyReply,
  cookie: FlowCookie,
  flowToken: string,
  secure: boolean,
): void {
  reply.setCookie(cookie.name, flowToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: cookie.path,
    maxAge: FLOW_COOKIE_MAX_AGE_S,
  });
}

export function clearFlowCookie(reply: FastifyReply, cookie: FlowCookie): void {
  reply.clearCookie(cookie.name, { path: cookie.path });
}
