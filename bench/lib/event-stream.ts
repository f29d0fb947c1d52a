import http from 'node:http';
import { API_PREFIX } from '../../common/constants.ts';
import { BENCH_HOST } from './http.ts';
import { BENCH_CLIENT_HEADERS } from './scenario.ts';
import type { BenchRequest, RequestSigner } from './scenario.ts';

/** One dispatched server-sent event. */
export interface SseEvent {
  readonly event: string;
  readonly data: string;
  readonly id: string | null;
}

/**
 * The text/event-stream grammar (HTML Living Standard §9.2.6), as the browser's reader
 * (web/http/event-stream.ts) applies it: lines end in LF, CR or CRLF; a blank line dispatches;
 * `:` starts a comment (counted, for the heartbeats); `data` lines join with LF; an event with
 * no data is not dispatched. Chunks may split anywhere, even inside a CRLF.
 */
export function createSseParser(
  onEvent: (event: SseEvent) => void,
  onComment: (text: string) => void = () => undefined,
): { push(chunk: string): void } {
  let buffer = '';
  let name = '';
  let data: string[] = [];
  let id: string | null = null;

  const line = (text: string): void => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: name || 'message', data: data.join('\n'), id });
      name = '';
      data = [];
      id = null;
      return;
    }
    if (text.startsWith(':')) {
      onComment(text.slice(1).trim());
      return;
    }
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  };

  return {
    push(chunk) {
      buffer += chunk;
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        if (end < 0) return;
        if (buffer[end] === '\r' && end === buffer.length - 1) return;
        const width = buffer.startsWith('\r\n', end) ? 2 : 1;
        const text = buffer.slice(0, end);
        buffer = buffer.slice(end + width);
        line(text);
      }
    },
  };
}

/** An open `GET /events` (docs/api.md "Events"), read as it comes. */
export interface BenchEventStream {
  /** Resolves when the stream ends, with why: `closed` when `close()` ended it. */
  readonly ended: Promise<string>;
  readonly isOpen: () => boolean;
  close(): void;
}

/**
 * Opens the signed member's event stream on a socket of its own, as the browser's fetch-based
 * reader does, and hands each event to `onEvent` with the time it was parsed. Rejects when the
 * answer is not a 200 stream.
 */
export function openBenchEventStream(options: {
  baseUrl: string;
  signer: RequestSigner;
  onEvent: (event: SseEvent, at: number) => void;
  onComment?: (text: string) => void;
  timeoutMs?: number;
}): Promise<BenchEventStream> {
  const request: BenchRequest = { method: 'GET', path: `${API_PREFIX}/events` };
  const url = new URL(options.baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.get({
      host: BENCH_HOST,
      port: url.port,
      path: request.path,
      headers: {
        ...BENCH_CLIENT_HEADERS,
        accept: 'text/event-stream',
        ...options.signer.headersFor(request),
      },
      // Not pooled: a stream holds its socket for the whole run.
      agent: false,
    });
    const timer = setTimeout(
      () => req.destroy(new Error('GET /events did not answer in time')),
      options.timeoutMs ?? 30_000,
    );
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.on('response', (res) => {
      clearTimeout(timer);
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET /events answered ${res.statusCode}`));
        return;
      }
      let open = true;
      let closedByUs = false;
      const parser = createSseParser(
        (event) => options.onEvent(event, performance.now()),
        options.onComment,
      );
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => parser.push(chunk));
      const ended = new Promise<string>((done) => {
        const finish = (why: string): void => {
          if (!open) return;
          open = false;
          done(closedByUs ? 'closed' : why);
        };
        res.on('end', () => finish('ended by the server'));
        res.on('close', () => finish('connection closed'));
        res.on('error', (error) => finish(`error: ${error.message}`));
      });
      resolve({
        ended,
        isOpen: () => open,
        close() {
          closedByUs = true;
          req.destroy();
        },
      });
    });
  });
}
