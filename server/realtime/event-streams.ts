import type { Kysely } from 'kysely';
import {
  STREAM_EVENT_BADGES,
  STREAM_EVENT_CHAT,
  STREAM_EVENT_RESET,
} from '../../common/schemas/chat.ts';
import type { UserMetadata } from '../../common/schemas/session.ts';
import type { Database } from '../db/schema.ts';
import type { Bus, BusEvent } from './bus.ts';
import { busEventsAfter, latestBusEventId } from './bus.ts';

/*
 * The open event streams of this node (docs/architecture.md §7, docs/decisions.md D43): which
 * member and session each belongs to, what the bus hands them, the badges sent after each
 * change, the heartbeats, and the end of a stream whose session ended.
 */

/** The connection a stream writes to: the raw HTTP response, or a fake in a unit test. */
export interface StreamConnection {
  /** Writes SSE text; false when the peer is not reading (Node buffers it meanwhile). */
  write(text: string): boolean;
  /** Bytes written but not yet taken by the peer. */
  readonly pendingBytes: number;
  end(): void;
  /** Called once, when the peer goes away or `end` was called. */
  onClose(listener: () => void): void;
}

export interface StreamHubOptions {
  db: Kysely<Database>;
  bus: Bus;
  /** The badge counts, the same as every answer's x-user-metadata. */
  badgesOf(partyId: number): Promise<UserMetadata>;
  /** Which of these sessions are still live (expired, signed out or turned inactive are not). */
  liveSessions(sessionIds: readonly number[]): Promise<Set<number>>;
  heartbeatMs: number;
  /** Open streams one session may hold; the oldest goes when a new one passes it. */
  maxPerSession: number;
  onError(error: unknown, what: string): void;
}

/** A peer this far behind is not reading: it is dropped rather than buffered for. */
const MAX_PENDING_BYTES = 1024 * 1024;

export interface OpenStream {
  readonly partyId: number;
  readonly sessionId: number;
  /** From `Last-Event-ID`: replay what came after it (or `reset`); null starts at the newest. */
  readonly lastEventId: number | null;
}

export interface StreamHub {
  open(stream: OpenStream, connection: StreamConnection): Promise<void>;
  /** Open streams on this node (for tests and the memory measurement). */
  count(): number;
  /** Ends every stream (the server is closing). */
  closeAll(): void;
}

/** SSE text of one event (`id:` only on chat events: they are what a replay can resend). */
export function sseEvent(name: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** An `id:` with no data: moves the client's Last-Event-ID without an event (the SSE rule). */
function sseId(id: number): string {
  return `id: ${id}\n\n`;
}

const HEARTBEAT = ': heartbeat\n\n';

interface Stream {
  readonly partyId: number;
  readonly sessionId: number;
  readonly connection: StreamConnection;
  /** While the replay runs, live events wait here (in id order) so none is lost or doubled. */
  buffered: BusEvent[] | null;
  /**
   * The client has every event of its member up to this id (its Last-Event-ID, then what the
   * replay sent): a live event at or below it is one the replay read, so it is not sent again.
   */
  floor: number;
  closed: boolean;
}

export function createStreamHub(options: StreamHubOptions): StreamHub {
  const byParty = new Map<number, Set<Stream>>();
  const bySession = new Map<number, Stream[]>();
  /** Members whose badges must be sent; `running` while one computation is under way. */
  const badgesDue = new Set<number>();
  const badgesRunning = new Set<number>();

  function close(stream: Stream): void {
    if (stream.closed) return;
    stream.closed = true;
    const party = byParty.get(stream.partyId);
    party?.delete(stream);
    if (party?.size === 0) byParty.delete(stream.partyId);
    const session = bySession.get(stream.sessionId)?.filter((s) => s !== stream) ?? [];
    if (session.length === 0) bySession.delete(stream.sessionId);
    else bySession.set(stream.sessionId, session);
    stream.connection.end();
  }

  function write(stream: Stream, text: string): void {
    if (stream.closed) return;
    stream.connection.write(text);
    if (stream.connection.pendingBytes > MAX_PENDING_BYTES) close(stream);
  }

  function writeEvent(stream: Stream, event: BusEvent): void {
    if (event.id <= stream.floor) return;
    const { payload } = event;
    if (payload.kind === 'message' || payload.kind === 'chat' || payload.kind === 'read') {
      write(stream, sseEvent(STREAM_EVENT_CHAT, payload, event.id));
    }
  }

  /** One count per member however many events and tabs: later events wait for the next. */
  function sendBadges(partyId: number): void {
    badgesDue.add(partyId);
    if (badgesRunning.has(partyId)) return;
    badgesRunning.add(partyId);
    void (async () => {
      try {
        while (badgesDue.has(partyId) && byParty.has(partyId)) {
          badgesDue.delete(partyId);
          const badges = await options.badgesOf(partyId);
          const text = sseEvent(STREAM_EVENT_BADGES, badges);
          for (const stream of byParty.get(partyId) ?? []) {
            if (!stream.buffered) write(stream, text);
          }
        }
      } catch (error) {
        options.onError(error, 'badges for an event stream');
      } finally {
        badgesDue.delete(partyId);
        badgesRunning.delete(partyId);
      }
    })();
  }

  const unsubscribe = options.bus.subscribe((event) => {
    if (event.payload.kind === 'session_end') {
      for (const sessionId of event.payload.session_ids) {
        for (const stream of bySession.get(sessionId) ?? []) close(stream);
      }
      return;
    }
    for (const partyId of event.partyIds) {
      const streams = byParty.get(partyId);
      if (!streams) continue;
      for (const stream of streams) {
        if (stream.buffered) stream.buffered.push(event);
        else writeEvent(stream, event);
      }
      sendBadges(partyId);
    }
  });

  async function heartbeat(): Promise<void> {
    const sessionIds = [...bySession.keys()];
    if (sessionIds.length === 0) return;
    for (const streams of byParty.values()) for (const stream of streams) write(stream, HEARTBEAT);
    const live = await options.liveSessions(sessionIds);
    for (const sessionId of sessionIds) {
      if (live.has(sessionId)) continue;
      for (const stream of bySession.get(sessionId) ?? []) close(stream);
    }
  }
  let beating = false;
  const timer = setInterval(() => {
    if (beating) return;
    beating = true;
    heartbeat()
      .catch((error: unknown) => options.onError(error, 'event stream heartbeat'))
      .finally(() => {
        beating = false;
      });
  }, options.heartbeatMs);
  timer.unref();

  return {
    async open({ partyId, sessionId, lastEventId }, connection) {
      const stream: Stream = {
        partyId,
        sessionId,
        connection,
        buffered: [],
        floor: 0,
        closed: false,
      };
      connection.onClose(() => close(stream));
      const ofSession = bySession.get(sessionId) ?? [];
      while (ofSession.length >= options.maxPerSession) {
        const oldest = ofSession.shift();
        if (oldest) close(oldest);
      }
      bySession.set(sessionId, [...(bySession.get(sessionId) ?? []), stream]);
      let party = byParty.get(partyId);
      if (!party) byParty.set(partyId, (party = new Set()));
      party.add(stream);

      // Registered first, read second: an event committed meanwhile is buffered. Ids are in
      // commit order on both engines (D74), so the replay read every event of the member up to
      // the highest it sent, and a buffered or later live event at or below that is a repeat.
      try {
        if (lastEventId === null) {
          write(stream, sseId(await latestBusEventId(options.db)));
        } else {
          const replay = await busEventsAfter(options.db, lastEventId, partyId);
          if (replay.kind === 'reset') {
            const latest = await latestBusEventId(options.db);
            write(stream, sseId(latest));
            write(stream, sseEvent(STREAM_EVENT_RESET, {}));
            stream.floor = latest;
          } else {
            stream.floor = lastEventId;
            for (const event of replay.events) {
              writeEvent(stream, event);
              stream.floor = event.id;
            }
          }
        }
      } catch (error) {
        close(stream);
        throw error;
      }
      const waiting = stream.buffered ?? [];
      stream.buffered = null;
      for (const event of waiting) writeEvent(stream, event);
      sendBadges(partyId);
    },
    count() {
      let n = 0;
      for (const streams of byParty.values()) n += streams.size;
      return n;
    },
    closeAll() {
      clearInterval(timer);
      unsubscribe();
      for (const streams of [...byParty.values()]) for (const stream of [...streams]) close(stream);
    },
  };
}
