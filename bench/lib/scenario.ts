/**
 * What a benchmark scenario is. A scenario names one request; the harness sends it to the
 * real Lodgehall server and to a bare `node:http` server that answers with the same bytes,
 * under the same load, and compares the two.
 *
 * A scenario file lives in `bench/scenarios/<name>.ts` and exports `scenario`. The harness
 * finds it by its file name, so adding a scenario never touches a shared list (several
 * issues add scenarios at the same time).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type DatabaseEngine = 'sqlite' | 'postgres';

export interface BenchRequest {
  readonly method: HttpMethod;
  /** Path and query exactly as sent, e.g. `/api/private/mobile/v1/posts.json?page=0`. */
  readonly path: string;
  /** Lower-case header names. Host and Connection are set by the load tools. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Exact body text; a signature covers it byte for byte. */
  readonly body?: string;
}

/** One answer read off the wire, with the headers as sent (case, order and repeats kept). */
export interface CapturedResponse {
  readonly status: number;
  /** Name, value, name, value... as Node's `rawHeaders`. */
  readonly rawHeaders: readonly string[];
  readonly body: Buffer;
}

/**
 * Adds the per-request headers of a signed call (session cookie, `X-SALT`, `X-SIGNATURE`;
 * docs/architecture.md §5). A salt is single-use, so the harness asks for fresh headers for every
 * request it sends. This runs on the load generator's hot path, for Lodgehall and for the
 * bare server alike: keep it synchronous and cheap (`crypto.sign` with a KeyObject is).
 */
export interface RequestSigner {
  headersFor(request: BenchRequest): Readonly<Record<string, string>>;
  /**
   * The public key the signatures verify with (standard base64 SPKI DER, as sent at sign-in):
   * the bare-signed baseline verifies every request with it.
   */
  readonly publicKey: string;
}

export interface ScenarioContext {
  /** `http://127.0.0.1:<port>` of the Lodgehall server under test. */
  readonly baseUrl: string;
  /** The `--scale` of the data set (for PostgreSQL: as asked, the database may hold more). */
  readonly scale: number;
  readonly engine: DatabaseEngine;
  /**
   * Sends one request to Lodgehall outside the measured runs, e.g. to sign in or to look up
   * an id the measured request needs. With a signer, its headers are added.
   */
  send(request: BenchRequest, signer?: RequestSigner): Promise<CapturedResponse>;
}

export interface PrepareContext extends ScenarioContext {
  /** What `authenticate` returned, when the scenario has it. */
  readonly signer: RequestSigner | undefined;
}

export interface Scenario {
  /** Kebab-case, equal to the file name without `.ts`. */
  readonly name: string;
  /** One line for `--list` and the report. */
  readonly description: string;
  /** The status the measured request must answer with (default 200); checked before loading. */
  readonly expectStatus?: number;
  /**
   * For signed scenarios (issue 3 on): sign in once and return a signer. Scenarios without it
   * send the request as `prepare` returns it, identical every time.
   */
  authenticate?(ctx: ScenarioContext): Promise<RequestSigner>;
  /** Returns the one request to measure. Runs after `authenticate`, before any load. */
  prepare(ctx: PrepareContext): BenchRequest | Promise<BenchRequest>;
}

/** Identifies the scenario's client to the server, as the SPA does (docs/architecture.md §5). */
export const BENCH_CLIENT_HEADERS: Readonly<Record<string, string>> = {
  accept: 'application/json',
  'x-client-id': 'lodgehall-bench',
  'x-client-version': '1',
};
