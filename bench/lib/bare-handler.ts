import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import {
  checkSalt,
  parsePublicKey,
  signedText,
  verifySignature,
} from '../../server/auth/signatures.ts';
import type { BareSpec } from './bare-spec.ts';

/** What bare-signed answers to a request whose salt or signature does not check out. */
export const BARE_REFUSAL_STATUS = 401;
const REFUSAL_BODY = Buffer.from('{"status":401}');
const REFUSAL_HEADERS = [
  'content-type',
  'application/json',
  'content-length',
  String(REFUSAL_BODY.length),
];

function firstHeader(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
}

/**
 * The bare servers' one request handler. `bare` answers every request with the spec's bytes
 * and does nothing else. `bare-signed` (a spec with `verifyWith`) first does what any server
 * of the signing protocol must do for a request, with no storage: check the salt's shape and
 * age and verify the one signature over METHOD, path-and-query, salt and body, with the
 * project's own functions and a key parsed once (docs/architecture.md §5). Lodgehall's session lookup,
 * replay record and everything after are what the ratio against it measures.
 */
export function createBareHandler(spec: BareSpec): RequestListener {
  const body = Buffer.from(spec.bodyBase64, 'base64');
  // Node writes a flat [name, value, ...] list as is, keeping Lodgehall's names and order.
  const headers = [...spec.rawHeaders];
  const answer = (res: ServerResponse): void => {
    res.writeHead(spec.status, headers);
    res.end(body);
  };

  if (spec.verifyWith === undefined) {
    return (req, res) => {
      // Drain any request body so the keep-alive connection stays usable, as Fastify would.
      req.resume();
      answer(res);
    };
  }

  const key = parsePublicKey(spec.verifyWith);
  const answerIfSigned = (req: IncomingMessage, res: ServerResponse, text: string): void => {
    const salt = firstHeader(req, 'x-salt');
    const fresh = checkSalt(salt, Date.now());
    const signed =
      fresh.ok &&
      salt !== undefined &&
      verifySignature(
        key,
        signedText(req.method ?? '', req.url ?? '', salt, text),
        firstHeader(req, 'x-signature'),
      );
    if (signed) {
      answer(res);
    } else {
      res.writeHead(BARE_REFUSAL_STATUS, REFUSAL_HEADERS);
      res.end(REFUSAL_BODY);
    }
  };
  return (req, res) => {
    if (!hasBody(req)) {
      req.resume();
      answerIfSigned(req, res, '');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => answerIfSigned(req, res, Buffer.concat(chunks).toString('utf8')));
  };
}
