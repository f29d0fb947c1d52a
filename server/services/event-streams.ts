import type { UserMetadata } from '../../common/schemas/session.ts';
import type { SessionRecord } from '../auth/sessions.ts';
import { liveSessionIds } from '../auth/sessions.ts';
import { requireMember, type Actor } from '../auth/actor.ts';
import { UnauthorizedError } from '../errors.ts';
import { createStreamHub } from '../realtime/event-streams.ts';
import type { StreamConnection, StreamHub } from '../realtime/event-streams.ts';
import type { ServiceContext } from './context.ts';

/** Open streams one session may hold (tabs of one browser share a session). */
export const EVENT_STREAMS_PER_SESSION = 8;

/**
 * The node's event streams, wired to the badge counts and the session rule every call uses.
 * Made once, in app.ts (docs/decisions.md D59), and reached as `ctx.streams`.
 */
export function createMemberStreamHub(
  ctx: Pick<ServiceContext, 'db' | 'bus' | 'config'>,
  badgesOf: (partyId: number) => Promise<UserMetadata>,
  onError: (error: unknown, what: string) => void,
): StreamHub {
  return createStreamHub({
    db: ctx.db,
    bus: ctx.bus,
    badgesOf,
    liveSessions: (sessionIds) => liveSessionIds(ctx.db, sessionIds),
    heartbeatMs: ctx.config.EVENT_STREAM_HEARTBEAT_MS,
    maxPerSession: EVENT_STREAMS_PER_SESSION,
    onError,
  });
}

/**
 * GET /events (docs/decisions.md D43): the signed-in member's stream on this session, replaying
 * what came after `lastEventId` when the client resumes.
 */
export async function openEventStream(
  ctx: ServiceContext,
  actor: Actor,
  session: SessionRecord | null,
  lastEventId: number | null,
  connection: StreamConnection,
): Promise<void> {
  const member = requireMember(actor);
  if (!session) throw new UnauthorizedError();
  await ctx.streams.open(
    { partyId: member.partyId, sessionId: session.id, lastEventId },
    connection,
  );
}
