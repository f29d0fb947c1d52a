import net from 'node:net';

export interface RawAnswer {
  readonly status: number;
  /** Lower-case names; repeated headers joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Set with `untilClosed`: the server ended the connection after answering. */
  readonly closed: boolean;
}

/** Reads the first answer in `bytes`; undefined while it is incomplete (unless `closed`). */
function parseRawAnswer(bytes: Buffer, closed: boolean): RawAnswer | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  let body = bytes.subarray(end + 4);
  const length = headers['content-length'];
  if (length !== undefined) {
    if (body.length < Number(length) && !closed) return undefined;
    body = body.subarray(0, Number(length));
  } else if (!closed) {
    return undefined;
  }
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: body.toString('utf8'),
    closed,
  };
}

/**
 * Writes `request` byte for byte to a new connection and reads one answer. For requests that
 * fetch would refuse or rewrite (an undecodable `%ZZ` path, no Host, a 70 KB header, garbage).
 * With `untilClosed` it waits for the server to close the connection, else it returns as soon
 * as the answer's Content-Length bytes are in.
 */
export function sendRaw(
  baseUrl: string,
  request: string,
  options: { untilClosed?: boolean } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    let settled = false;

    const parse = (closed: boolean): RawAnswer | undefined => parseRawAnswer(received, closed);
    const settle = (answer: RawAnswer | undefined, error?: Error): void => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (answer) resolve(answer);
      else reject(error ?? new Error(`no complete answer: ${received.toString('latin1')}`));
    };

    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (!options.untilClosed) {
        const answer = parse(false);
        if (answer) settle(answer);
      }
    });
    socket.on('close', () => settle(parse(true)));
    // The server may close while the rest of an oversized request is still being written.
    socket.on('error', (error) => {
      if (received.length === 0) settle(undefined, error);
    });
  });
}
