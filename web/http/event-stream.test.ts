import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatStreamEvent } from '../../common/schemas/chat.ts';
import { setUnauthorizedHandler } from './client.ts';
import {
  createSseParser,
  getEventStreamStatus,
  reconnectDelayMs,
  startEventStream,
  stopEventStream,
  type SseMessage,
} from './event-stream.ts';
import { resetClientState } from './client-state.ts';
import { getBadgeCounts, resetBadgeCounts } from './user-metadata.ts';

describe('the SSE parser', () => {
  it('reads event, id and data fields, joins data lines, skips comments, across chunk splits', () => {
    const seen: SseMessage[] = [];
    const parser = createSseParser((message) => seen.push(message));
    parser.push(': heartbeat\n\nevent: chat\nid: 4');
    parser.push('2\ndata: {"a":\ndata: 1}\r');
    parser.push('\n\r\nevent: badges\ndata:{}\n\nevent: empty\n\n');
    expect(seen).toEqual([
      { event: 'chat', id: '42', data: '{"a":\n1}' },
      { event: 'badges', id: null, data: '{}' },
    ]);
  });

  it('hands on the id of a block without data (a fresh stream starts so, D43)', () => {
    const ids: string[] = [];
    createSseParser(
      () => undefined,
      (id) => ids.push(id),
    ).push('id: 12\n\n');
    expect(ids).toEqual(['12']);
  });

  it('calls an event without a name a message', () => {
    const seen: SseMessage[] = [];
    createSseParser((message) => seen.push(message)).push('data: x\n\n');
    expect(seen).toEqual([{ event: 'message', id: null, data: 'x' }]);
  });
});

describe('reconnect waits', () => {
  it('double from about a second up to half a minute', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 5, 9].map((attempt) => reconnectDelayMs(attempt, middle))).toEqual([
      1000, 2000, 4000, 30_000, 30_000,
    ]);
  });
});

/** A streaming answer whose chunks the test pushes. */
function openStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

describe('the event stream (D43, D45)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetBadgeCounts();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    stopEventStream();
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('hands chat events on, sets the badges, and resumes with Last-Event-ID after the stream ends', async () => {
    const first = openStream();
    const second = openStream();
    fetchMock.mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    const events: ChatStreamEvent[] = [];
    const onReset = vi.fn();
    startEventStream({ onChatEvent: (event) => events.push(event), onReset });

    await vi.waitFor(() => expect(getEventStreamStatus()).toBe('open'));
    first.push('id: 16\n\n');
    const [target, init] = fetchMock.mock.calls[0] ?? [];
    expect(target).toBe('/api/private/mobile/v1/events');
    expect(new Headers(init?.headers).get('Accept')).toBe('text/event-stream');
    expect(new Headers(init?.headers).has('Last-Event-ID')).toBe(false);

    first.push(
      'id: 17\nevent: chat\ndata: {"kind":"message","chat_id":3,"chat_message_id":9,"party_id":2}\n\n',
    );
    first.push('event: badges\ndata: {"unseen_notice_count":1,"unseen_chat_messages_count":4}\n\n');
    await vi.waitFor(() => expect(getBadgeCounts().unseenChatMessagesCount).toBe(4));
    expect(events).toEqual([{ kind: 'message', chat_id: 3, chat_message_id: 9, party_id: 2 }]);

    // A stream that was open a while and ends is reopened at once, from where it was.
    vi.setSystemTime(Date.now() + 10_000);
    first.end();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('Last-Event-ID')).toBe('17');
    second.push('event: reset\ndata: {}\n\n');
    await vi.waitFor(() => expect(onReset).toHaveBeenCalledTimes(1));

    // One the server closes as soon as it opened (a session past its cap of streams) waits
    // before the next try, so tabs cannot take turns closing each other without end (D43).
    second.end();
    await vi.waitFor(() => expect(getEventStreamStatus()).toBe('down'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is down when the stream cannot be opened, so an open chat polls (AMB-26)', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    startEventStream({ onChatEvent: () => undefined, onReset: () => undefined });
    await vi.waitFor(() => expect(getEventStreamStatus()).toBe('down'));
  });

  it('ends the session on a 401 (SESS-04) and stops with the client state reset (SESS-07)', async () => {
    const unauthorized = vi.fn();
    setUnauthorizedHandler(unauthorized);
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 401 }));
    startEventStream({ onChatEvent: () => undefined, onReset: () => undefined });
    await vi.waitFor(() => expect(unauthorized).toHaveBeenCalledTimes(1));
    // No reconnecting to a session that is over.
    await vi.waitFor(() => expect(getEventStreamStatus()).toBe('stopped'));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const stream = openStream();
    fetchMock.mockResolvedValue(stream.response);
    startEventStream({ onChatEvent: () => undefined, onReset: () => undefined });
    await vi.waitFor(() => expect(getEventStreamStatus()).toBe('open'));
    resetClientState();
    expect(getEventStreamStatus()).toBe('stopped');
  });
});
