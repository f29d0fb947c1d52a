import { parseArgs } from 'node:util';

/** `npm run bench -- mixed-load`: many kinds of call at once for minutes (issue 21). */
export const MIXED_LOAD = 'mixed-load';

export interface MixedLoadOptions {
  /** Seconds of measured load (--minutes or --duration; default ten minutes). */
  readonly durationSeconds: number;
  /** Calls a second across every kind, sent on a schedule whatever the answers take. */
  readonly rate: number;
  /** Event streams held open through the run. */
  readonly streams: number;
  /** Seeds the choice of each call's kind and member, so two runs send the same mix. */
  readonly seed: number;
}

export interface BenchOptions {
  /** `scenarios`: each named request against bare node:http; `mixed-load`: the mixed load run. */
  readonly mode: 'scenarios' | 'mixed-load';
  readonly scenarios: readonly string[];
  readonly connections: number;
  readonly durationSeconds: number;
  readonly warmupSeconds: number;
  readonly scale: number;
  readonly databaseUrl: string | undefined;
  readonly keepDb: boolean;
  readonly reseed: boolean;
  readonly strict: boolean;
  readonly wrk: boolean;
  readonly serverEntry: string;
  readonly cli: string;
  /** Where Lodgehall writes a V8 CPU profile of its run (node --cpu-prof), or undefined. */
  readonly cpuProfileDir: string | undefined;
  /** Set in mixed-load mode only. */
  readonly mixedLoad: MixedLoadOptions | undefined;
  readonly list: boolean;
  readonly help: boolean;
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const DEFAULT_SERVER_ENTRY = 'dist/node/server/main.js';
export const DEFAULT_CLI = 'scripts/lodgehall.ts';

export const DEFAULT_MIXED_LOAD_RATE = 100;
export const DEFAULT_MIXED_LOAD_STREAMS = 500;
const DEFAULT_MIXED_LOAD_MINUTES = 10;
const DEFAULT_MIXED_LOAD_WARMUP = 15;

export const USAGE = `Usage: npm run bench -- <scenario> [<scenario> ...] [options]
       npm run bench -- mixed-load [--minutes M | --duration S] [mixed-load options]

Loads the real Lodgehall server and a bare node:http server that answers with the same
bytes, one after the other, and prints requests/s, p50 and p99 of both and their ratio.

mixed-load signs many members in, holds event streams open and sends reads, posts, comments,
RSVPs and chat messages at a fixed rate for minutes; it reports errors, p50/p99 per kind, the
server's memory and every chat message sent and received by each stream (bench/README.md).

Options:
  --connections N        concurrent connections (default 50, the budget's figure)
  --duration S           seconds of each measured run (default 10)
  --warmup S             seconds of unmeasured load before each (default 3)
  --scale N              data set size for the seed CLI (default 1; 50 = 100,000 members)
  --database-url URL     bench on PostgreSQL (postgres://...) instead of a cached SQLite copy
  --keep-db              keep this run's SQLite copy under bench/.data/ and print its path
  --reseed               make the cached data set again even if it looks current
  --strict               exit 1 when a scenario misses the docs/architecture.md §10 budget
  --no-wrk               skip wrk even when it is installed
  --server-entry FILE    server to start (default ${DEFAULT_SERVER_ENTRY})
  --cli FILE             project CLI used to seed (default ${DEFAULT_CLI})
  --cpu-prof DIR         write a CPU profile of the Lodgehall server (node --cpu-prof) into DIR
  --list                 list the scenarios and exit
  --help                 show this help

mixed-load options (with --scale, --database-url, --keep-db, --strict, --server-entry, --cli):
  --minutes M            minutes of measured load (default ${DEFAULT_MIXED_LOAD_MINUTES})
  --duration S           or seconds of measured load
  --warmup S             seconds of load before it, not counted (default ${DEFAULT_MIXED_LOAD_WARMUP})
  --rate R               calls a second, all kinds together (default ${DEFAULT_MIXED_LOAD_RATE})
  --streams N            event streams held open (default ${DEFAULT_MIXED_LOAD_STREAMS})
  --connections N        at most N calls in flight at once (default 50)
  --seed N               seed of the mix of kinds and members (default 1)

npm run bench -- fuzz [--seeds N] [--runs N] ... fuzzes every API operation instead
(npm run bench -- fuzz --help; bench/README.md, Fuzzing).`;

function wholeNumber(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw.trim())) {
    throw new UsageError(`--${name} expects a whole number from ${min} to ${max}, got "${raw}"`);
  }
  const value = Number.parseInt(raw, 10);
  if (value < min || value > max) {
    throw new UsageError(`--${name} expects a whole number from ${min} to ${max}, got ${value}`);
  }
  return value;
}

export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        connections: { type: 'string' },
        duration: { type: 'string' },
        warmup: { type: 'string' },
        scale: { type: 'string' },
        'database-url': { type: 'string' },
        'keep-db': { type: 'boolean', default: false },
        reseed: { type: 'boolean', default: false },
        strict: { type: 'boolean', default: false },
        'no-wrk': { type: 'boolean', default: false },
        'server-entry': { type: 'string' },
        cli: { type: 'string' },
        'cpu-prof': { type: 'string' },
        minutes: { type: 'string' },
        rate: { type: 'string' },
        streams: { type: 'string' },
        seed: { type: 'string' },
        list: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    // parseArgs names the offending option; keep its words, drop its stack.
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;

  for (const name of positionals) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) {
      throw new UsageError(`"${name}" is not a scenario name (kebab-case, see --list)`);
    }
  }
  const scenarios = [...new Set(positionals)];
  const help = values.help;
  const list = values.list;
  if (scenarios.length === 0 && !help && !list) {
    throw new UsageError('name at least one scenario (see --list)');
  }

  const databaseUrl = values['database-url'];
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/./.test(databaseUrl)) {
    throw new UsageError('--database-url expects a postgres:// or postgresql:// URL');
  }
  if (databaseUrl !== undefined && values['keep-db']) {
    throw new UsageError(
      '--keep-db applies to the SQLite copy; a PostgreSQL database is never removed',
    );
  }

  const mixed = scenarios.includes(MIXED_LOAD);
  if (mixed && scenarios.length > 1) {
    throw new UsageError(`${MIXED_LOAD} runs alone: name no scenario beside it`);
  }
  if (!mixed) {
    for (const name of ['minutes', 'rate', 'streams', 'seed'] as const) {
      if (values[name] !== undefined) throw new UsageError(`--${name} applies to ${MIXED_LOAD}`);
    }
  }
  let mixedLoad: MixedLoadOptions | undefined;
  if (mixed) {
    if (values.minutes !== undefined && values.duration !== undefined) {
      throw new UsageError('give --minutes or --duration, not both');
    }
    mixedLoad = {
      durationSeconds:
        values.duration !== undefined
          ? wholeNumber('duration', values.duration, 0, 1, 24 * 3_600)
          : 60 * wholeNumber('minutes', values.minutes, DEFAULT_MIXED_LOAD_MINUTES, 1, 24 * 60),
      rate: wholeNumber('rate', values.rate, DEFAULT_MIXED_LOAD_RATE, 1, 10_000),
      streams: wholeNumber('streams', values.streams, DEFAULT_MIXED_LOAD_STREAMS, 0, 10_000),
      seed: wholeNumber('seed', values.seed, 1, 0, 2 ** 31),
    };
  }

  return {
    mode: mixed ? 'mixed-load' : 'scenarios',
    scenarios,
    connections: wholeNumber('connections', values.connections, 50, 1, 10_000),
    durationSeconds:
      mixedLoad?.durationSeconds ?? wholeNumber('duration', values.duration, 10, 1, 3_600),
    warmupSeconds: wholeNumber(
      'warmup',
      values.warmup,
      mixed ? DEFAULT_MIXED_LOAD_WARMUP : 3,
      0,
      600,
    ),
    scale: wholeNumber('scale', values.scale, 1, 1, 1_000),
    databaseUrl,
    keepDb: values['keep-db'],
    reseed: values.reseed,
    strict: values.strict,
    wrk: !values['no-wrk'],
    serverEntry: values['server-entry'] ?? DEFAULT_SERVER_ENTRY,
    cli: values.cli ?? DEFAULT_CLI,
    cpuProfileDir: values['cpu-prof'],
    mixedLoad,
    list,
    help,
  };
}
