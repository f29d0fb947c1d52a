/**
 * `npm run bench -- fuzz [--seeds N] [--runs N] ...`: the schema-driven fuzzing of the API test
 * (server/routes/fuzz.api.test.ts, docs/decisions.md D55) at a larger size, against the built
 * server on a fresh demo database: more seeds, more requests per operation, and every fault
 * counted instead of stopping at the first. Prints the requests sent and the outcomes by
 * status, per operation and in all; see bench/README.md ("Fuzzing").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { API_PREFIX } from '../common/constants.ts';
import {
  CookieJar,
  FUZZING_USERNAME,
  fuzzOperation,
  fuzzOrder,
  gatherHints,
  runsFor,
  seedFor,
} from '../server/test/fuzz-runner.ts';
import type { FuzzAnswer, FuzzTransport, OperationReport } from '../server/test/fuzz-runner.ts';
import { fuzzOperations } from '../server/test/schema-fuzz.ts';
import type { FuzzRequest, OpenApiDocument } from '../server/test/schema-fuzz.ts';
import { BENCH_HOST, findFreePort, headerValue, sendOnce, waitForOk } from './lib/http.ts';
import { signInForBench } from './lib/member-signer.ts';
import { OutputTail, RunResources } from './lib/processes.ts';
import { formatTable } from './lib/report.ts';
import type {
  CapturedResponse,
  HttpMethod,
  RequestSigner,
  ScenarioContext,
} from './lib/scenario.ts';
import { lodgehallEnv } from './lib/servers.ts';

export const FUZZ_USAGE = `Usage: npm run bench -- fuzz [options]

Sends every operation of the OpenAPI document requests generated from its own schemas (the
API test's generator, server/test/schema-fuzz.ts) on a fresh demo database, and prints the
requests and their outcomes by status. A fault is a 5xx, a status the document does not list
for the operation, or a refusal that is not problem+json with the Problem schema.

Options:
  --seeds N            seeds to run, each a full pass over the operations (default 10)
  --first-seed N       the first seed (default 1; the API test's is its own fixed one)
  --runs N             requests per input of an operation and one more, per seed (default 10;
                       the API test sends 6)
  --max-runs N         at most this many requests per operation and seed (default 100)
  --only ID            fuzz only this operationId
  --database-url URL   an empty PostgreSQL database to seed and fuzz (it is written to)
  --server-entry FILE  server to start (default dist/node/server/main.js)
  --help               show this help`;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEED_BASE = 21_2026;

interface FuzzBenchOptions {
  readonly seeds: number;
  readonly firstSeed: number;
  readonly runs: number;
  readonly maxRuns: number;
  readonly only: string | undefined;
  readonly databaseUrl: string | undefined;
  readonly serverEntry: string;
  readonly help: boolean;
}

function wholeNumber(name: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) {
    throw new Error(`--${name} expects a whole number of ${min} or more, got "${raw}"`);
  }
  return Number(raw);
}

function parseFuzzArgs(argv: readonly string[]): FuzzBenchOptions {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      seeds: { type: 'string' },
      'first-seed': { type: 'string' },
      runs: { type: 'string' },
      'max-runs': { type: 'string' },
      only: { type: 'string' },
      'database-url': { type: 'string' },
      'server-entry': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const databaseUrl = values['database-url'];
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/./.test(databaseUrl)) {
    throw new Error('--database-url expects a postgres:// or postgresql:// URL');
  }
  return {
    seeds: wholeNumber('seeds', values.seeds, 10, 1),
    firstSeed: wholeNumber('first-seed', values['first-seed'], 1, 0),
    runs: wholeNumber('runs', values.runs, 10, 1),
    maxRuns: wholeNumber('max-runs', values['max-runs'], 100, 1),
    only: values.only,
    databaseUrl,
    serverEntry: values['server-entry'] ?? 'dist/node/server/main.js',
    help: values.help,
  };
}

function setCookiesOf(response: CapturedResponse): string[] {
  const found: string[] = [];
  for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) {
    if (response.rawHeaders[i]?.toLowerCase() === 'set-cookie') {
      found.push(response.rawHeaders[i + 1] ?? '');
    }
  }
  return found;
}

/** Requests go to the bench server only, signed as the API test signs them. */
async function benchTransport(ctx: ScenarioContext): Promise<FuzzTransport> {
  let signer: RequestSigner = await signInForBench(ctx, FUZZING_USERNAME);
  const visitorCookies = new CookieJar();
  let sent = 0;
  return {
    async send(request: FuzzRequest): Promise<FuzzAnswer> {
      sent += 1;
      const headers: Record<string, string> = {
        ...request.headers,
        // A different address per request, as in the API test (TRUST_PROXY is on).
        'x-forwarded-for': `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
      };
      const visitorCookie = visitorCookies.header();
      if (request.caller === 'visitor' && visitorCookie !== undefined) {
        headers.cookie = visitorCookie;
      }
      const answer = await ctx.send(
        {
          method: request.method as HttpMethod,
          path: `${API_PREFIX}${request.path}`,
          headers,
          ...(request.body === undefined ? {} : { body: request.body }),
        },
        request.caller === 'member' ? signer : undefined,
      );
      if (request.caller === 'visitor') visitorCookies.update(setCookiesOf(answer));
      return {
        status: answer.status,
        contentType: headerValue(answer, 'content-type') ?? '',
        text: answer.body.toString('utf8'),
      };
    },
    async signInAgain() {
      signer = await signInForBench(ctx, FUZZING_USERNAME);
    },
  };
}

interface OperationTotals {
  requests: number;
  statuses: Record<number, number>;
  faults: Map<string, { count: number; example: string }>;
}

function add(totals: Map<string, OperationTotals>, report: OperationReport): void {
  const entry: OperationTotals = totals.get(report.operation.id) ?? {
    requests: 0,
    statuses: {},
    faults: new Map(),
  };
  entry.requests += report.requests;
  for (const [status, count] of Object.entries(report.statuses)) {
    const code = Number(status);
    entry.statuses[code] = (entry.statuses[code] ?? 0) + count;
  }
  for (const fault of report.faults) {
    const seen = entry.faults.get(fault.fault);
    if (seen) seen.count += fault.count;
    else entry.faults.set(fault.fault, { count: fault.count, example: fault.example });
  }
  totals.set(report.operation.id, entry);
}

const number = (value: number): string => value.toLocaleString('en-US');

export async function runFuzzBench(argv: readonly string[]): Promise<number> {
  let opts: FuzzBenchOptions;
  try {
    opts = parseFuzzArgs(argv);
  } catch (error) {
    process.stderr.write(
      `bench fuzz: ${error instanceof Error ? error.message : String(error)}\n\n${FUZZ_USAGE}\n`,
    );
    return 2;
  }
  if (opts.help) {
    process.stdout.write(`${FUZZ_USAGE}\n`);
    return 0;
  }
  const entry = path.resolve(repoRoot, opts.serverEntry);
  if (!fs.existsSync(entry)) {
    throw new Error(
      `${opts.serverEntry} does not exist: run npm run build:server first (npm run bench does)`,
    );
  }

  const resources = new RunResources();
  const stopOnSignal = () => void resources.stopAll().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  process.once('exit', () => resources.killAllNow());
  try {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodgehall-fuzz-'));
    resources.ownFolder(dataDir);
    const port = await findFreePort();
    const baseUrl = `http://${BENCH_HOST}:${port}`;
    const output = new OutputTail();
    const child = resources.spawn(process.execPath, [entry], {
      cwd: repoRoot,
      env: lodgehallEnv({
        PORT: String(port),
        HOST: BENCH_HOST,
        DATA_DIR: dataDir,
        DATABASE_URL: opts.databaseUrl,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'error',
        // As the API test: each request its own address; many sign-ins and status checks.
        TRUST_PROXY: 'true',
        SIGN_IN_LIMIT_PER_ADDRESS: '1000000',
        STATUS_CHECK_LIMIT: '1000000',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errorLines = 0;
    const count = (chunk: Buffer) => {
      output.push(chunk);
      errorLines += chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => line.includes('"level":50')).length;
    };
    child.stdout?.on('data', count);
    child.stderr?.on('data', count);
    await waitForOk(baseUrl, '/readyz', 300_000, () => child.exitCode === null).catch(
      (error: unknown) => {
        throw new Error(`${String(error)}\n--- server output ---\n${output.text()}`);
      },
    );
    const ctx: ScenarioContext = {
      baseUrl,
      scale: 1,
      engine: opts.databaseUrl ? 'postgres' : 'sqlite',
      send: (request, signer) => sendOnce(baseUrl, request, signer),
    };
    const documentAnswer = await ctx.send({ method: 'GET', path: `${API_PREFIX}/openapi.json` });
    const document = JSON.parse(documentAnswer.body.toString('utf8')) as OpenApiDocument;
    const schemas = { ...document.components?.schemas };
    const operations = fuzzOrder(fuzzOperations(document, API_PREFIX)).filter(
      ({ id }) => opts.only === undefined || id === opts.only,
    );
    if (operations.length === 0) throw new Error(`no operation ${opts.only ?? ''} in the document`);
    const transport = await benchTransport(ctx);

    const print = (line = '') => process.stdout.write(`${line}\n`);
    print(
      `Lodgehall fuzz: node ${process.version}, ${os.availableParallelism()} CPUs, ${ctx.engine}` +
        ` (fresh demo data), ${operations.length} operations`,
    );
    print(
      `seeds ${opts.firstSeed}..${opts.firstSeed + opts.seeds - 1}, ${opts.runs} requests per input` +
        ` and one more per operation and seed, at most ${opts.maxRuns}`,
    );
    const totals = new Map<string, OperationTotals>();
    const started = performance.now();
    let hintRequests = 0;
    for (let index = 0; index < opts.seeds; index += 1) {
      const seed = SEED_BASE + opts.firstSeed + index;
      const seedStarted = performance.now();
      // Read again each seed: the last seed's deletes and sign-out changed what there is.
      const counting: FuzzTransport = {
        send: (request) => {
          hintRequests += 1;
          return transport.send(request);
        },
        signInAgain: () => transport.signInAgain(),
      };
      const hints = await gatherHints(operations, counting, schemas, seed);
      let requests = 0;
      let faults = 0;
      for (const operation of operations) {
        const report = await fuzzOperation(operation, {
          transport,
          hints,
          schemas,
          seed: seedFor(seed, operation.id),
          runs: runsFor(operation, schemas, opts.runs, opts.maxRuns),
          keepGoing: true,
        });
        add(totals, report);
        requests += report.requests;
        faults += report.faults.reduce((sum, fault) => sum + fault.count, 0);
      }
      const seconds = (performance.now() - seedStarted) / 1000;
      print(
        `seed ${seed}: ${number(requests)} requests, ${faults} with a fault, ${seconds.toFixed(1)} s`,
      );
    }
    const seconds = (performance.now() - started) / 1000;

    const statusColumns = [
      ...new Set([...totals.values()].flatMap((entry) => Object.keys(entry.statuses).map(Number))),
    ].sort((a, b) => a - b);
    const rows = [...totals].map(([id, entry]) => [
      id,
      number(entry.requests),
      ...statusColumns.map((status) => number(entry.statuses[status] ?? 0)),
      number([...entry.faults.values()].reduce((sum, fault) => sum + fault.count, 0)),
    ]);
    const all = [...totals.values()];
    const sum = (pick: (entry: OperationTotals) => number) =>
      all.reduce((total, entry) => total + pick(entry), 0);
    const totalRequests = sum((entry) => entry.requests);
    const byStatus = Object.fromEntries(
      statusColumns.map((status) => [status, sum((entry) => entry.statuses[status] ?? 0)]),
    );
    const faultCount = sum((entry) =>
      [...entry.faults.values()].reduce((total, fault) => total + fault.count, 0),
    );
    rows.push([
      'all',
      number(totalRequests),
      ...statusColumns.map((status) => number(byStatus[status] ?? 0)),
      number(faultCount),
    ]);
    print();
    print(formatTable(['operation', 'requests', ...statusColumns.map(String), 'faults'], rows));
    print();
    print(
      `${number(totalRequests)} requests in ${seconds.toFixed(1)} s (${number(Math.round(totalRequests / seconds))}/s),` +
        ` and ${number(hintRequests)} valid ones to read the demo data's ids`,
    );
    print(
      `outcomes: ${statusColumns.map((status) => `${status} ×${number(byStatus[status] ?? 0)}`).join(', ')}`,
    );
    print(`server error log lines: ${errorLines}`);
    const faultList = [...totals].flatMap(([id, entry]) =>
      [...entry.faults].map(([fault, { count: times, example }]) => ({
        id,
        fault,
        times,
        example,
      })),
    );
    if (faultList.length === 0) {
      print('faults: none');
    } else {
      print(`faults (${faultList.length} kinds):`);
      for (const fault of faultList) {
        print(`- ${fault.id}: ${fault.fault} (${fault.times} requests); the first:`);
        print(fault.example);
      }
    }

    const folder = path.join(repoRoot, 'bench', 'results');
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `fuzz-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    const record = {
      engine: ctx.engine,
      options: opts,
      seconds,
      requests: totalRequests,
      hintRequests,
      byStatus,
      serverErrorLogLines: errorLines,
      operations: Object.fromEntries(
        [...totals].map(([id, entry]) => [
          id,
          { requests: entry.requests, statuses: entry.statuses },
        ]),
      ),
      faults: faultList,
    };
    fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
    print(`record: ${path.relative(repoRoot, file)}`);
    return faultList.length === 0 ? 0 : 1;
  } finally {
    await resources.stopAll();
  }
}
