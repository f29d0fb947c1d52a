import type { Kysely } from 'kysely';
import { z } from 'zod';
import { chatStreamEventSchema, type ChatStreamEvent } from '../../common/schemas/chat.ts';
import {
  type BusEventRow,
  busEventRowsAfter,
  deleteBusEventsBefore,
  insertBusEvent,
  newestBusEventId,
  oldestBusEventId,
} from '../db/bus-events.ts';
import type { Database } from '../db/schema.ts';

/*
 * The bus (docs/architecture.md §7, docs/decisions.md D43, D74): how a change made by one
 * request reaches every open event stream, the in-memory answers of the chat poll and the
 * memo of every node.
 *
 * An event is first written to `bus_events` inside the transaction of the change it reports
 * (`recordBusEvent`); after the commit the service awaits `publishAll`, which resolves once this
 * node's subscribers have it. A consumer that missed some (a stream that reconnects with
 * Last-Event-ID, a node whose LISTEN connection dropped) reads them back by id
 * (`busEventsAfter`): ids are in commit order on both engines, so "after id N" skips nothing.
 *
 * Two implementations behind `Bus`: the in-process bus below, for SQLite (one node), and the
 * PostgreSQL bus (postgres-bus.ts), whose nodes each LISTEN on `lodgehall_bus` and hand the
 * rows, read by id in commit order, to their own subscribers. server/app.ts picks by engine.
 */

/** A change for a member's badge that no chat event reports (a notice was written). */
export interface NoticeBusPayload {
  kind: 'notice';
}
/**
 * Sessions that ended (sign-out, a password change): every node closes their open streams at
 * once instead of at the next heartbeat's session check. `party_ids` holds the member.
 */
export interface SessionEndBusPayload {
  kind: 'session_end';
  session_ids: number[];
}
/**
 * Reference data changed: every node drops its memo's answers under `prefix` (services/memo.ts),
 * so a change made through one node is seen on all of them at once. For no member.
 */
export interface CacheBusPayload {
  kind: 'cache';
  prefix: string;
}
export type BusPayload =
  ChatStreamEvent | NoticeBusPayload | SessionEndBusPayload | CacheBusPayload;

export interface BusEvent {
  /**
   * The `bus_events` id: increasing in commit order, the stream's `id:` field. What
   * `recordBusEvent` answers on PostgreSQL is provisional (the row is numbered again at commit,
   * D74): only the SQLite bus hands that object on, the PostgreSQL bus reads the rows back.
   */
  readonly id: number;
  /** The members it is for. */
  readonly partyIds: readonly number[];
  readonly payload: BusPayload;
  readonly createdAt: number;
}

export type BusListener = (event: BusEvent) => void;

export interface Bus {
  /**
   * Hands a recorded event to this node's subscribers (and, on PostgreSQL, every node's); call
   * it after the transaction commits. Resolves once this node's subscribers have it, so the
   * answer to the change is not sent before this node's streams and memory know of it.
   */
  publish(event: BusEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: BusListener): () => void;
  /**
   * Resolves once every event committed before the call has reached this node's subscribers:
   * what the chat poll awaits before it answers from memory (D74). At once on one node.
   */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/** Calls each listener, guarded from the others: one that throws does not stop the rest. */
export function deliverToAll(
  listeners: Iterable<BusListener>,
  event: BusEvent,
  onListenerError?: (error: unknown) => void,
): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      onListenerError?.(error);
    }
  }
}

/** One node (SQLite): subscribers are called in the publishing tick. */
export function createInProcessBus(onListenerError?: (error: unknown) => void): Bus {
  const listeners = new Set<BusListener>();
  return {
    async publish(event) {
      deliverToAll(listeners, event, onListenerError);
    },
    async caughtUp() {
      // Every event of the only node was delivered in the tick that published it.
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}

/** How long events stay for replay; a stream away longer is told to `reset`. */
export const BUS_EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Writes the event in the caller's transaction (`db` is the transaction) and numbers it. */
export async function recordBusEvent(
  db: Kysely<Database>,
  payload: BusPayload,
  partyIds: readonly number[],
  now: number,
): Promise<BusEvent> {
  const { kind, ...rest } = payload;
  const chatId = 'chat_id' in rest ? rest.chat_id : null;
  const id = await insertBusEvent(db, {
    kind,
    chat_id: chatId,
    party_ids: JSON.stringify(partyIds),
    payload: JSON.stringify(payload),
    created_at: now,
  });
  return { id, partyIds: [...partyIds], payload, createdAt: now };
}

/**
 * Records, in the transaction that deletes them, that sessions ended, so open streams on every
 * node close at once; null when there were none.
 */
export async function recordSessionsEnded(
  db: Kysely<Database>,
  sessionIds: readonly number[],
  partyId: number,
  now: number,
): Promise<BusEvent | null> {
  if (sessionIds.length === 0) return null;
  return recordBusEvent(db, { kind: 'session_end', session_ids: [...sessionIds] }, [partyId], now);
}

/**
 * Records, in the transaction of a change to reference data, that every node must drop its
 * memo's answers under `prefix` (D74).
 */
export async function recordCacheChanged(
  db: Kysely<Database>,
  prefix: string,
  now: number,
): Promise<BusEvent> {
  return recordBusEvent(db, { kind: 'cache', prefix }, [], now);
}

/** Publishes recorded events in id order (after the commit that wrote them); nulls are skipped. */
export async function publishAll(bus: Bus, events: readonly (BusEvent | null)[]): Promise<void> {
  const recorded = events.filter((event): event is BusEvent => event !== null);
  // All handed on in one tick, then awaited: a burst makes one badge count, not one each.
  await Promise.all(recorded.sort((a, b) => a.id - b.id).map((event) => bus.publish(event)));
}

const sessionEndSchema = z.object({
  kind: z.literal('session_end'),
  session_ids: z.array(z.number().int()),
});
const cacheSchema = z.object({ kind: z.literal('cache'), prefix: z.string() });

function parsePayload(kind: string, text: string): BusPayload | null {
  if (kind === 'notice') return { kind: 'notice' };
  const value: unknown = JSON.parse(text);
  if (kind === 'session_end') {
    const parsed = sessionEndSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  }
  if (kind === 'cache') {
    const parsed = cacheSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  }
  const parsed = chatStreamEventSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A stored row as the bus hands it on; null for a payload this version does not know. */
export function busEventOfRow(row: BusEventRow): BusEvent | null {
  const payload = parsePayload(row.kind, row.payload);
  if (!payload) return null;
  const partyIds = JSON.parse(row.party_ids) as number[];
  return { id: Number(row.id), partyIds, payload, createdAt: Number(row.created_at) };
}

/** The newest event's id (0 when there is none): where a fresh stream starts. */
export async function latestBusEventId(db: Kysely<Database>): Promise<number> {
  return (await newestBusEventId(db)) ?? 0;
}

export type ReplayResult =
  | { readonly kind: 'events'; readonly events: BusEvent[] }
  /** Some events after `afterId` were swept: the consumer must refetch instead. */
  | { readonly kind: 'reset' };

/**
 * The events for `partyId` after `afterId`, oldest first, at most `limit` of them scanned
 * (more is a `reset`: a consumer that far behind refetches).
 */
export async function busEventsAfter(
  db: Kysely<Database>,
  afterId: number,
  partyId: number,
  limit = 2000,
): Promise<ReplayResult> {
  const oldestId = await oldestBusEventId(db);
  // Swept past the consumer's id (or emptied): a refetch is right even when nothing was lost.
  if (afterId > 0 && (oldestId === null || oldestId > afterId + 1)) return { kind: 'reset' };
  const rows = await busEventRowsAfter(db, afterId, limit + 1);
  if (rows.length > limit) return { kind: 'reset' };
  const events: BusEvent[] = [];
  for (const row of rows) {
    const event = busEventOfRow(row);
    if (event?.partyIds.includes(partyId)) events.push(event);
  }
  return { kind: 'events', events };
}

/** Sweeps events past the replay window; every node may run it, the delete is idempotent. */
export async function purgeBusEvents(db: Kysely<Database>, now: number): Promise<void> {
  await deleteBusEventsBefore(db, now - BUS_EVENT_RETENTION_MS);
}
