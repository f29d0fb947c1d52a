import { useSyncExternalStore } from 'react';
import { USER_METADATA_HEADER } from '../../common/constants.ts';
import type * as ChatSchemaModule from '../../common/schemas/chat.ts';
import type { ChatStreamEvent } from '../../common/schemas/chat.ts';
import { apiPath, clientHeaders, reportUnauthorized } from './client.ts';
import { onClientStateReset } from './client-state.ts';
import { loadSessionSchemas } from './session-schemas.ts';
import { getRequestSigner } from './signing.ts';
import { applyUserMetadataHeader, setBadgeCounts, userMetadataEpoch } from './user-metadata.ts';

/**
 * The member's event stream (docs/decisions.md D43, D45): `GET /api/private/mobile/v1/events`
 * as server-sent events over fetch, since EventSource cannot send the signature headers. It is
 * signed like every call (client.ts clientHeaders and the one signer, signing.ts), resumes with `Last-Event-ID`, and
 * reconnects after a failure with a growing wait. `badges` sets the badge counts; chat events
 * and `reset` go to the handlers the starter gives (web/api/chats.ts invalidates its chatKeys:
 * this layer sits under web/api and cannot name them).
 *
 * The signed-in shell starts it and stops it when it goes; sign-out, a 401 and any other reset
 * of the client's state stop it too. Screens read `useEventStreamStatus()`: an open chat polls
 * (AMB-26) only while the stream is not open.
 */

export type EventStreamStatus = 'stopped' | 'connecting' | 'open' | 'down';

/** One parsed server-sent event. */
export interface SseMessage {
  event: string;
  data: string;
  id: string | null;
}

/**
 * The text/event-stream grammar (HTML Living Standard §9.2.6) for the fields used here: lines
 * end in LF, CR or CRLF; a blank line ends an event; `:` starts a comment (the heartbeat);
 * `data` lines join with LF; an event without data is not dispatched, but its id is kept.
 */
export function createSseParser(
  onMessage: (message: SseMessage) => void,
  onIdOnly: (id: string) => void = () => undefined,
) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | null = null;

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n'), id });
      // An id without data moves the resume point all the same (a fresh stream's first line).
      else if (id !== null) onIdOnly(id);
      event = '';
      data = [];
      id = null;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  };

  return {
    push(chunk: string) {
      buffer += chunk;
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        if (end < 0) return;
        // A CR at the very end may be the first half of a CRLF still on its way.
        if (buffer[end] === '\r' && end === buffer.length - 1) return;
        const width = buffer.startsWith('\r\n', end) ? 2 : 1;
        const text = buffer.slice(0, end);
        buffer = buffer.slice(end + width);
        line(text);
      }
    },
  };
}

/** Waits before reconnect attempt `attempt` (0-based): 1 s doubling to 30 s, with jitter. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * The server sends a heartbeat comment every 15 s (EVENT_STREAM_HEARTBEAT_MS); a connection
 * silent for three of them is taken as lost (a sleeping laptop, a dropped proxy) and replaced.
 */
export const STREAM_SILENCE_MS = 45_000;

let status: EventStreamStatus = 'stopped';
const listeners = new Set<() => void>();
let lastEventId: string | null = null;
let current: { controller: AbortController } | null = null;

/** What the starter does with the stream's chat events. */
export interface EventStreamHandlers {
  onChatEvent: (event: ChatStreamEvent) => void;
  /** The replay window was missed (`reset`): refetch everything shown. */
  onReset: () => void;
}

function setStatus(next: EventStreamStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of listeners) listener();
}

export function getEventStreamStatus(): EventStreamStatus {
  return status;
}

export function useEventStreamStatus(): EventStreamStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getEventStreamStatus,
    getEventStreamStatus,
  );
}

async function applyBadges(data: string, epoch: number): Promise<void> {
  const { userMetadataSchema } = await loadSessionSchemas();
  const parsed = userMetadataSchema.safeParse(JSON.parse(data));
  if (!parsed.success || epoch !== userMetadataEpoch()) return;
  setBadgeCounts({
    unseenNoticeCount: parsed.data.unseen_notice_count,
    unseenChatMessagesCount: parsed.data.unseen_chat_messages_count,
  });
}

type ChatSchemas = typeof ChatSchemaModule;

function dispatch(
  message: SseMessage,
  epoch: number,
  handlers: EventStreamHandlers,
  {
    chatStreamEventSchema,
    STREAM_EVENT_BADGES,
    STREAM_EVENT_CHAT,
    STREAM_EVENT_RESET,
  }: ChatSchemas,
): void {
  if (message.id !== null) lastEventId = message.id;
  try {
    if (message.event === STREAM_EVENT_CHAT) {
      const parsed = chatStreamEventSchema.safeParse(JSON.parse(message.data));
      if (parsed.success) handlers.onChatEvent(parsed.data);
    } else if (message.event === STREAM_EVENT_BADGES) {
      void applyBadges(message.data, epoch).catch(() => undefined);
    } else if (message.event === STREAM_EVENT_RESET) {
      handlers.onReset();
    }
    // Events this client does not use yet (notices, D43) only move the resume point.
  } catch {
    // A malformed event is skipped; the next one, or the next refetch, puts things right.
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** One connection, read to its end: how it went. */
async function connect(
  signal: AbortSignal,
  handlers: EventStreamHandlers,
): Promise<'opened' | 'failed' | 'unauthorized'> {
  const target = apiPath('/events');
  const headers = clientHeaders('text/event-stream');
  const signer = getRequestSigner();
  if (signer)
    Object.assign(headers, await signer({ method: 'GET', pathAndQuery: target, body: '' }));
  if (lastEventId !== null) headers['Last-Event-ID'] = lastEventId;
  const epoch = userMetadataEpoch();
  const connection = new AbortController();
  const stop = () => connection.abort();
  signal.addEventListener('abort', stop, { once: true });
  let silence: ReturnType<typeof setTimeout> | undefined;
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(stop, STREAM_SILENCE_MS);
  };
  try {
    heard();
    const response = await fetch(target, {
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      signal: connection.signal,
    });
    if (response.status === 401) {
      reportUnauthorized(401);
      return 'unauthorized';
    }
    if (!response.ok || response.body === null) return 'failed';
    await applyUserMetadataHeader(response.headers.get(USER_METADATA_HEADER), epoch);
    // zod stays out of the shell's first download (issue 8 §3), as session-schemas.ts does.
    const schemas = await import('../../common/schemas/chat.ts');
    setStatus('open');
    const parser = createSseParser(
      (message) => dispatch(message, epoch, handlers, schemas),
      (id) => (lastEventId = id),
    );
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      heard();
      parser.push(value);
    }
    return 'opened';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(silence);
    signal.removeEventListener('abort', stop);
  }
}

/** How long a stream must have stayed open for its end to be reopened without waiting. */
const STABLE_STREAM_MS = 10_000;

async function run(signal: AbortSignal, handlers: EventStreamHandlers): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    setStatus(failures === 0 ? 'connecting' : 'down');
    const began = Date.now();
    const outcome = await connect(signal, handlers);
    // The session is over (SESS-04): nothing to reconnect to until the next sign-in.
    if (signal.aborted || outcome === 'unauthorized') break;
    // A stream that was open a while and ended (a deploy, a proxy's limit) is reopened at once.
    // One that ends soon after opening counts as a failure: the server closes the oldest stream
    // of a session past its cap (D43), and tabs that reopened at once would take turns closing
    // each other without end.
    const opened = outcome === 'opened' && Date.now() - began >= STABLE_STREAM_MS;
    failures = opened ? 0 : failures + 1;
    setStatus('down');
    await sleep(opened ? 0 : reconnectDelayMs(failures - 1), signal);
  }
}

/** Opens the member's stream; returns its stop. A second start replaces the first. */
export function startEventStream(handlers: EventStreamHandlers): () => void {
  stopEventStream();
  const session = { controller: new AbortController() };
  current = session;
  void run(session.controller.signal, handlers).finally(() => {
    if (current === session) {
      current = null;
      setStatus('stopped');
    }
  });
  return () => {
    if (current === session) stopEventStream();
  };
}

export function stopEventStream(): void {
  const session = current;
  current = null;
  session?.controller.abort();
  setStatus('stopped');
}

// SESS-07: the next member starts from nothing, and this member's stream ends with the session.
onClientStateReset(() => {
  stopEventStream();
  lastEventId = null;
});
