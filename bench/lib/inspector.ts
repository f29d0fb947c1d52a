import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { BENCH_HOST } from './http.ts';

/**
 * Just enough of the Chrome DevTools Protocol to read another Node process's heap: the mixed
 * load starts the server with `--inspect=127.0.0.1:0` and asks it for a full collection and
 * then its heap usage, at the start and at the end of the run. An RSS saw-tooth (V8 collects
 * its old space lazily, minutes apart) cannot tell a leak from a heap that has not been
 * collected yet; the live heap after a full collection can.
 *
 * A WebSocket client of its own (RFC 6455: the handshake, masked text frames out, unmasked
 * frames in), since Node 20 has none without a flag and the project has no package for it.
 */

/** `Debugger listening on ws://127.0.0.1:PORT/ID`, printed by node when `--inspect` opens. */
export function inspectorUrlFrom(output: string): string | undefined {
  return /Debugger listening on (ws:\/\/127\.0\.0\.1:\d+\/[\w-]+)/.exec(output)?.[1];
}

/** One WebSocket frame as the client must send it: FIN, text, masked. */
export function clientTextFrame(text: string, mask: Buffer = randomBytes(4)): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const length = payload.length;
  const header =
    length < 126
      ? Buffer.from([0x81, 0x80 | length])
      : length < 65_536
        ? Buffer.from([0x81, 0x80 | 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([0x81, 0x80 | 127]), bigEndian64(length)]);
  const masked = Buffer.alloc(length);
  for (let i = 0; i < length; i += 1) masked[i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0);
  return Buffer.concat([header, mask, masked]);
}

function bigEndian64(value: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64BE(BigInt(value));
  return buffer;
}

/**
 * Reads whole frames off `buffer`: the texts of complete messages (continuations joined) and
 * what is left over for the next chunk. Server frames are never masked.
 */
export function readServerFrames(
  buffer: Buffer,
  partial: Buffer[] = [],
): { messages: string[]; rest: Buffer; partial: Buffer[] } {
  const messages: string[] = [];
  let offset = 0;
  for (;;) {
    if (buffer.length - offset < 2) break;
    const first = buffer[offset] ?? 0;
    const second = buffer[offset + 1] ?? 0;
    let length = second & 0x7f;
    let start = offset + 2;
    if (length === 126) {
      if (buffer.length - offset < 4) break;
      length = buffer.readUInt16BE(offset + 2);
      start = offset + 4;
    } else if (length === 127) {
      if (buffer.length - offset < 10) break;
      length = Number(buffer.readBigUInt64BE(offset + 2));
      start = offset + 10;
    }
    if (buffer.length < start + length) break;
    const opcode = first & 0x0f;
    const payload = buffer.subarray(start, start + length);
    offset = start + length;
    if (opcode === 0x1 || opcode === 0x0) {
      partial.push(Buffer.from(payload));
      if (first & 0x80) {
        messages.push(Buffer.concat(partial).toString('utf8'));
        partial = [];
      }
    }
    // Ping, pong and close carry nothing this client needs.
  }
  return { messages, rest: buffer.subarray(offset), partial };
}

export interface HeapUsage {
  readonly usedMb: number;
  readonly totalMb: number;
}

export interface InspectorSession {
  /** A full collection, then the heap's used and total size. */
  heapAfterCollection(): Promise<HeapUsage>;
  close(): void;
}

export async function connectInspector(url: string, timeoutMs = 30_000): Promise<InspectorSession> {
  const parsed = new URL(url);
  if (parsed.hostname !== BENCH_HOST) throw new Error(`refusing an inspector at ${parsed.host}`);
  const socket = net.connect(Number(parsed.port), BENCH_HOST);
  const key = randomBytes(16).toString('base64');
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(
        `GET ${parsed.pathname} HTTP/1.1\r\nHost: ${parsed.host}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
      resolve();
    });
  });

  const pending = new Map<number, (result: unknown, error?: string) => void>();
  let handshake = Buffer.alloc(0);
  let upgraded = false;
  let buffer = Buffer.alloc(0);
  let partial: Buffer[] = [];
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      if (!upgraded) {
        handshake = Buffer.concat([handshake, chunk]);
        const end = handshake.indexOf('\r\n\r\n');
        if (end < 0) return;
        const status = handshake.subarray(0, end).toString('latin1').split('\r\n')[0] ?? '';
        if (!/^HTTP\/1\.1 101/.test(status)) {
          reject(new Error(`the inspector refused the upgrade: ${status}`));
          return;
        }
        upgraded = true;
        resolve();
        chunk = handshake.subarray(end + 4);
      }
      buffer = Buffer.concat([buffer, chunk]);
      const read = readServerFrames(buffer, partial);
      buffer = Buffer.from(read.rest);
      partial = read.partial;
      for (const text of read.messages) {
        const message = JSON.parse(text) as {
          id?: number;
          result?: unknown;
          error?: { message?: string };
        };
        if (message.id === undefined) continue;
        const done = pending.get(message.id);
        pending.delete(message.id);
        done?.(message.result, message.error?.message);
      }
    });
    socket.once('close', () => reject(new Error('the inspector closed the connection')));
  });
  await opened;

  let nextId = 1;
  const call = (method: string): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${method} got no answer in time`));
      }, timeoutMs);
      pending.set(id, (result, error) => {
        clearTimeout(timer);
        if (error) reject(new Error(`${method}: ${error}`));
        else resolve(result);
      });
      socket.write(clientTextFrame(JSON.stringify({ id, method })));
    });

  return {
    async heapAfterCollection() {
      await call('HeapProfiler.collectGarbage');
      const usage = (await call('Runtime.getHeapUsage')) as {
        usedSize: number;
        totalSize: number;
      };
      const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
      return { usedMb: mb(usage.usedSize), totalMb: mb(usage.totalSize) };
    },
    close: () => socket.destroy(),
  };
}
