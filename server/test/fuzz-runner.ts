import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { exportPublicKey } from '../auth/signatures.ts';
import { DEMO_PASSWORD, MEMBER2 } from '../db/seed/personas.ts';
import { problemSchema } from '../plugins/problems.ts';
import {
  TINY_PNG_BASE64,
  fuzzRequests,
  inputCount,
  kindOfCollection,
  kindOfField,
  validRequests,
} from './schema-fuzz.ts';
import type { FuzzHints, FuzzOperation, FuzzRequest, JsonSchema } from './schema-fuzz.ts';

/*
 * Runs the generator of schema-fuzz.ts against a live server, for the API test
 * (server/routes/fuzz.api.test.ts) and the larger run of `npm run bench -- fuzz`.
 */

export interface FuzzAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

/** How requests reach the server: the API test's member client, or the bench's. */
export interface FuzzTransport {
  /** A member request carries the fuzzing member's cookie and signature; a visitor's neither. */
  send(request: FuzzRequest): Promise<FuzzAnswer>;
  /** Signs the fuzzing member in again, after a request signed them out. */
  signInAgain(): Promise<void>;
}

/**
 * The visitor's cookies, as a browser keeps them: a registration or reset flow that step one
 * starts (its cookie) reaches steps two to four. A session cookie is not kept: the visitor
 * stays a visitor when a sign-in it sends works.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes the `Set-Cookie` headers of an answer. */
  update(setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      if (at <= 0 || name === SESSION_COOKIE) continue;
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age\s*=\s*0\s*$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The `Cookie` header, or undefined when there is none. */
  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * The member whose signed requests fuzz the API: a webmaster, so the club-side writes (club
 * posts, events, announcements) are reached too.
 */
export const FUZZING_USERNAME = 'webmaster';

type Primitive = string | number | boolean;

/** `1957-09-02` as the registration form sends it, `09/02/1957`. */
function wireDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${month}/${day}/${year}`;
}

/**
 * Values no answer shows (passwords, keys, photos) or that must not come from the answers.
 * They replace what the answers showed under the same name.
 */
function fixedValues(): Record<string, readonly Primitive[]> {
  const { publicKey } = generateKeyPairSync('ed25519');
  const newPassword = 'A-long-and-new-fuzzing-passphrase-21';
  return {
    // Never the fuzzing member: its failed sign-ins would lock it out (a 429 on signing in again).
    username: [MEMBER2.username, 'no-such-member'],
    password: [DEMO_PASSWORD, newPassword],
    password_confirmation: [newPassword],
    // A right one would change the password mid-run; a wrong one still reaches the check.
    current_password: ['not-the-current-password'],
    public_key: [exportPublicKey(publicKey)],
    image_base64: [TINY_PNG_BASE64],
    avatar_base64: [TINY_PNG_BASE64],
    image_content_type: ['image/png'],
    avatar_content_type: ['image/png'],
    image_file_name: ['photo.png'],
    avatar_file_name: ['photo.png'],
    member_number: [MEMBER2.memberNumber],
    birth_date: [wireDate(MEMBER2.birthDate)],
    code: ['123456'],
    auth_token_attempt: ['123456'],
    content: ['Hello from the fuzzer'],
    comment: ['A comment from the fuzzer'],
    new_body: ['<p>A post from the fuzzer</p>'],
    new_description: ['<p>An event from the fuzzer</p>'],
    subject: ['From the fuzzer'],
    name: ['From the fuzzer'],
    location: ['The lodge hall'],
    search_text: ['Har', 'Columbus'],
  };
}

/** Adds the ids and values an answer shows, by the kind of record and the field name. */
function collect(
  value: unknown,
  parent: string | undefined,
  ids: Map<string, Set<number>>,
  values: Map<string, Set<Primitive>>,
  objects: Map<string, Record<string, unknown>>,
): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, parent, ids, values, objects);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  // One object of each shape (its keys), and not too many shapes.
  const shape = Object.keys(value).sort().join();
  if (!objects.has(shape) && objects.size < 500) {
    objects.set(shape, value as Record<string, unknown>);
  }
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'number' && Number.isInteger(item) && item > 0) {
      const kind = key === 'id' ? parent && kindOfCollection(parent) : kindOfField(key);
      if (kind) ids.set(kind, (ids.get(kind) ?? new Set()).add(item));
    }
    const primitive =
      (typeof item === 'string' && item.length <= 200) ||
      typeof item === 'number' ||
      typeof item === 'boolean';
    if (primitive && key !== 'id') {
      // An answer's `next_cursor` is what the next request sends as `cursor`; an address's
      // `type` is kept as `addresses.type` too, apart from a post's or a chat's.
      const names = [key, key.replace(/^next_/, '')];
      if (parent !== undefined) names.push(`${parent}.${key}`);
      for (const name of names) {
        const seen = values.get(name) ?? new Set<Primitive>();
        if (seen.size < 10) values.set(name, seen.add(item));
      }
    }
    collect(item, key, ids, values, objects);
  }
}

function parsed(answer: FuzzAnswer): unknown {
  if (!answer.contentType.includes('json') || answer.text === '') return undefined;
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    return undefined;
  }
}

/** Writes that make records of the fuzzing member's own (posts, comments, events, chats). */
function createsRecords(operation: FuzzOperation): boolean {
  return (
    operation.method === 'POST' &&
    operation.signed &&
    !/\/(leave|hide|announce)(\.json)?$/.test(operation.template)
  );
}

/**
 * The demo data's ids and values as the fuzzing member sees them, so valid-ish requests name
 * records that exist: every GET operation is asked with valid requests; then each signed POST
 * that makes a record is sent a few valid requests, so the member has records of its own to
 * edit and delete (listed first); then the GETs again, which now reach further (a post's
 * comments, the new records).
 */
export async function gatherHints(
  operations: readonly FuzzOperation[],
  transport: FuzzTransport,
  schemas: Readonly<Record<string, JsonSchema>>,
  seed: number,
): Promise<FuzzHints> {
  const ids = new Map<string, Set<number>>();
  const own = new Map<string, Set<number>>();
  const values = new Map<string, Set<Primitive>>();
  const objects = new Map<string, Record<string, unknown>>();
  const fixed = fixedValues();
  const snapshot = (): FuzzHints => {
    const kinds = new Set([...own.keys(), ...ids.keys()]);
    return {
      ids: Object.fromEntries(
        [...kinds].map((kind) => [
          kind,
          [...new Set([...(own.get(kind) ?? []), ...(ids.get(kind) ?? [])])].slice(0, 12),
        ]),
      ),
      values: {
        ...Object.fromEntries([...values].map(([key, found]) => [key, [...found]])),
        ...fixed,
      },
      objects: [...objects.values()],
    };
  };
  const ask = async (
    chosen: readonly FuzzOperation[],
    round: number,
    into: typeof ids,
    each: number,
  ) => {
    const hints = snapshot();
    for (const operation of chosen) {
      const requests = fc.sample(validRequests(operation, hints, schemas), {
        seed: seed + round,
        numRuns: each,
      });
      for (const request of requests) {
        const answer = await transport.send(request);
        if (answer.status < 300) collect(parsed(answer), undefined, into, values, objects);
      }
    }
  };
  const reads = operations.filter((operation) => operation.method === 'GET');
  await ask(reads, 0, ids, 3);
  // More tries: a valid-ish write is refused more often than a read.
  await ask(operations.filter(createsRecords), 1, own, 6);
  await ask(reads, 2, ids, 3);
  return snapshot();
}

/**
 * What is wrong with an answer: a 5xx, a status the document does not list for the operation,
 * a refusal that is not problem+json with the Problem schema and its own status.
 */
export function faultsOf(operation: FuzzOperation, answer: FuzzAnswer): string[] {
  const faults: string[] = [];
  if (answer.status >= 500) faults.push(`answered ${answer.status}`);
  else if (!operation.statuses.includes(answer.status)) {
    faults.push(`answered ${answer.status}, which the document does not list`);
  }
  if (answer.status >= 400) {
    if (!answer.contentType.startsWith('application/problem+json')) {
      faults.push(`refused ${answer.status} as ${answer.contentType || 'no content type'}`);
    }
    const problem = problemSchema.safeParse(parsed(answer));
    if (!problem.success) faults.push('refused without a Problem body');
    else if (problem.data.status !== answer.status) {
      faults.push(`a Problem with status ${problem.data.status} in a ${answer.status}`);
    }
  }
  return faults;
}

/** The sign-out: the member is signed in again after it worked. */
function endsSession(operation: FuzzOperation): boolean {
  return operation.method === 'DELETE' && operation.template === '/session.json';
}

function stageOf(operation: FuzzOperation): number {
  if (endsSession(operation)) return 3;
  if (operation.method === 'DELETE' || /\/leave(\.json)?$/.test(operation.template)) return 2;
  return operation.method === 'GET' ? 0 : 1;
}

/**
 * Reads first, then writes, then what removes records the others use (deletes, leaving a
 * chat), the sign-out last: a record deleted early would leave the rest nothing to reach.
 */
export function fuzzOrder(operations: readonly FuzzOperation[]): FuzzOperation[] {
  return [...operations].sort((a, b) => stageOf(a) - stageOf(b));
}

/**
 * Requests for an operation: `perInput` for each of its inputs and one more, at most `cap`;
 * an operation without inputs still gets its query strings and, past GET, bodies fuzzed.
 */
export function runsFor(
  operation: FuzzOperation,
  schemas: Readonly<Record<string, JsonSchema>>,
  perInput: number,
  cap: number,
): number {
  return Math.min(cap, perInput * (1 + inputCount(operation, schemas)));
}

/** One seed per operation: adding an operation changes no other's requests. */
export function seedFor(baseSeed: number, operationId: string): number {
  let hash = baseSeed | 0;
  for (const character of operationId) {
    hash = Math.imul(hash ^ character.charCodeAt(0), 0x01000193);
  }
  return hash >>> 0;
}

export interface FaultExample {
  /** What was wrong, e.g. `answered 500`. */
  readonly fault: string;
  /** How many requests got the same fault. */
  readonly count: number;
  /** The first such request and its answer. */
  readonly example: string;
}

export interface OperationReport {
  readonly operation: FuzzOperation;
  readonly seed: number;
  /** Requests sent, shrinking included. */
  readonly requests: number;
  readonly statuses: Readonly<Record<number, number>>;
  /** How the first failing request was answered, with the seed and path that replay it. */
  readonly failure?: string;
  /** With `keepGoing`: every kind of fault seen, instead of stopping at the first. */
  readonly faults: readonly FaultExample[];
}

const clip = (text: string, length: number): string =>
  text.length <= length ? text : `${text.slice(0, length)}… (${text.length} characters)`;

function describeRequest(request: FuzzRequest): string {
  return [
    `  request: ${request.caller} ${request.method} ${clip(request.path, 300)}`,
    `  headers: ${JSON.stringify(request.headers)}`,
    `  body: ${request.body === undefined ? '(none)' : clip(JSON.stringify(request.body), 300)}`,
    `  mutations: ${request.mutations.join('; ') || '(none: the valid-ish request)'}`,
  ].join('\n');
}

function describeFailure(
  operation: FuzzOperation,
  details: fc.RunDetails<[FuzzRequest]>,
  seed: number,
): string {
  const [request] = details.counterexample ?? [];
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : '';
  return [
    `${operation.id} (${operation.method} ${operation.template})`,
    `  ${error.split('\n').join('\n  ')}`,
    request ? describeRequest(request) : '',
    `  replay: seed ${seed}, path "${details.counterexamplePath ?? ''}" (FUZZ_ONLY=${operation.id})`,
  ].join('\n');
}

/**
 * Fuzzes one operation with `runs` generated requests. By default it stops at the first
 * failure and shrinks it to a smaller request that still fails (the API test); with
 * `keepGoing` it sends them all and counts every kind of fault (the bench's larger run).
 */
export async function fuzzOperation(
  operation: FuzzOperation,
  options: {
    readonly transport: FuzzTransport;
    readonly hints: FuzzHints;
    readonly schemas: Readonly<Record<string, JsonSchema>>;
    readonly seed: number;
    readonly runs: number;
    readonly keepGoing?: boolean;
  },
): Promise<OperationReport> {
  const { transport } = options;
  const statuses: Record<number, number> = {};
  const faults = new Map<string, { count: number; example: string }>();
  let requests = 0;
  const property = fc.asyncProperty(
    fuzzRequests(operation, options.hints, options.schemas),
    async (request) => {
      const answer = await transport.send(request);
      requests += 1;
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (request.caller === 'member' && answer.status < 300 && endsSession(operation)) {
        await transport.signInAgain();
      }
      const found = faultsOf(operation, answer);
      if (found.length === 0) return;
      const message = `${found.join('; ')}\nanswer: ${clip(answer.text, 400)}`;
      if (!options.keepGoing) throw new Error(message);
      const key = found.join('; ');
      const seen = faults.get(key);
      if (seen) seen.count += 1;
      else faults.set(key, { count: 1, example: `  ${message}\n${describeRequest(request)}` });
    },
  );
  const details = await fc.check(property, { seed: options.seed, numRuns: options.runs });
  return {
    operation,
    seed: options.seed,
    requests,
    statuses,
    ...(details.failed ? { failure: describeFailure(operation, details, options.seed) } : {}),
    faults: [...faults].map(([fault, { count, example }]) => ({ fault, count, example })),
  };
}
