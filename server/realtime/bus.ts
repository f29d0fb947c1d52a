import type { Kysely } from 'kysely';
import { z } from 'zod';
import { chatStreamEventSchema, type ChatStreamEvent } from '../../common/schemas/chat.ts';
import {
  busEventRowsAfter,
  deleteBusEventsBefore,
  insertBusEvent,
  newestBusEventId,
  oldestBusEventId,
} from '../db/bus-events.ts';
import type { Database } from '../db/schema.ts';

/*
 * The bus (docs/architecture.md §7, docs/decisions.md D43): how a change made by one request
 * reaches every open event stream and the in-memory answers of the chat poll.
 *
 * An event is first written to `bus_events` inside the transaction of the change it reports
 * (`recordBusEvent`), which numbers it; after the commit the service hands it to
 * `ctx.bus.publish`. Subscribers get it at once; a consumer that missed some (a stream that
 * reconnects with Last-Event-ID, or another node) reads them back by id (`busEventsAfter`).
 *
 * This file holds the in-process bus of one node. A PostgreSQL implementation for several
 * nodes keeps the same interface: `publish` sends `NOTIFY lodgehall_bus, '<id>'`, and each
 * node LISTENs, reads the rows by id and hands them to its own subscribers.
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
export type BusPayload = ChatStreamEvent | NoticeBusPayload | SessionEndBusPayload;

export interface BusEvent {
  /** The `bus_events` id: increasing, the stream's `id:` field. */
  readonly id: number;
  /** The members it is for. */
  readonly partyIds: readonly number[];
  readonly payload: BusPayload;
  readonly createdAt: number;
}

export type BusListener = (event: BusEvent) => void;

export interface Bus {
  /** Hands a recorded event to every subscriber; call it after the transaction commits. */
  publish(event: BusEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

/** One node: subscribers are called in the publishing tick, each guarded from the others. */
export function createInProcessBus(onListenerError?: (error: unknown) => void): Bus {
  const listeners = new Set<BusListener>();
  return {
    publish(event) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          onListenerError?.(error);
        }
      }
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

/** Publishes recorded events in id order (after the commit that wrote them); nulls are skipped. */
export function publishAll(bus: Bus, events: readonly (BusEvent | null)[]): void {
  const recorded = events.filter((event): event is BusEvent => event !== null);
  for (const event of recorded.sort((a, b) => a.id - b.id)) bus.publish(event);
}

const sessionEndSchema = z.object({
  kind: z.literal('session_end'),
  session_ids: z.array(z.number().int()),
});

function parsePayload(kind: string, text: string): BusPayload | null {
  if (kind === 'notice') return { kind: 'notice' };
  const value: unknown = JSON.parse(text);
  if (kind === 'session_end') {
    const parsed = sessionEndSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  }
  const parsed = chatStreamEventSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
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
    const partyIds = JSON.parse(row.party_ids) as number[];
    if (!partyIds.includes(partyId)) continue;
    const payload = parsePayload(row.kind, row.payload);
    if (payload) {
      events.push({ id: row.id, partyIds, payload, createdAt: Number(row.created_at) });
    }
  }
  return { kind: 'events', events };
}

/** Sweeps events past the replay window; every node may run it, the delete is idempotent. */
export async function purgeBusEvents(db: Kysely<Database>, now: number): Promise<void> {
  await deleteBusEventsBefore(db, now - BUS_EVENT_RETENTION_MS);
}
