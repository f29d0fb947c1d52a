import http from 'node:http';
import { API_PREFIX } from '../../common/constants.ts';
import { signRequest } from '../auth/signatures.ts';
import type { HttpTarget } from './api-harness.ts';
import type { MemberClient } from './member-client.ts';

/** One server-sent event as a client parses it; `comment` holds a `:` line (a heartbeat). */
export interface StreamMessage {
  readonly id: number | null;
  readonly event: string | null;
  readonly data: unknown;
  readonly comment: string | null;
}

export interface OpenedStream {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  /** Every message so far, in order. */
  readonly messages: StreamMessage[];
  /** The last `id:` seen, as a browser keeps it for Last-Event-ID. */
  lastEventId(): number | null;
  /** Resolves with the first message (from `from` on) that matches; rejects if the stream ends first. */
  waitFor(match: (message: StreamMessage) => boolean, from?: number): Promise<StreamMessage>;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

/**
 * GET /events the way the browser's fetch-based stream does it (docs/decisions.md D43): signed
 * headers, the body read as it comes, parsed by the SSE rules.
 */
export async function openEventStream(
  server: HttpTarget,
  client: MemberClient,
  options: { lastEventId?: number; query?: string; unsigned?: boolean } = {},
): Promise<OpenedStream> {
  const path = `/events${options.query ?? ''}`;
  const headers: Record<string, string> = { cookie: client.cookie, accept: 'text/event-stream' };
  if (!options.unsigned) {
    const signed = signRequest(client.keyPair.privateKey, 'GET', `${API_PREFIX}${path}`, '');
    headers['x-salt'] = signed.salt;
    headers['x-signature'] = signed.signature;
  }
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  // Its own connection (no agent), not fetch's pool: a pool meets a long answer by opening
  // spare connections, which would keep the closing test server waiting.
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get(`${server.baseUrl}${API_PREFIX}${path}`, { headers, agent: false }, resolve)
      .on('error', reject);
  });
  const messages: StreamMessage[] = [];
  let lastId: number | null = null;
  const waiters = new Set<() => void>();
  let done = false;
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };

  const parse = (block: string) => {
    let id: number | null = null;
    let event: string | null = null;
    const data: string[] = [];
    let comment: string | null = null;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comment = line.slice(1).trim();
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = Number(value);
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (id !== null) lastId = id;
    messages.push({
      id,
      event,
      data: data.length > 0 ? JSON.parse(data.join('\n')) : null,
      comment,
    });
    notify();
  };

  const ended = (async () => {
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of response) {
        text += decoder.decode(chunk as Buffer, { stream: true });
        let end = text.indexOf('\n\n');
        while (end >= 0) {
          parse(text.slice(0, end));
          text = text.slice(end + 2);
          end = text.indexOf('\n\n');
        }
      }
    } catch {
      // Destroyed by close(): the stream is over either way.
    } finally {
      done = true;
      notify();
    }
  })();

  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    messages,
    lastEventId: () => lastId,
    waitFor(match, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.slice(from).find(match);
          if (found) {
            waiters.delete(check);
            resolve(found);
          } else if (done) {
            waiters.delete(check);
            reject(new Error(`the stream ended first; it sent ${JSON.stringify(messages)}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    ended,
    close: () => response.destroy(),
  };
}
