import { parseArgs } from 'node:util';

export interface BenchOptions {
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

export const USAGE = `Usage: npm run bench -- <scenario> [<scenario> ...] [options]

Loads the real Lodgehall server and a bare node:http server that answers with the same
bytes, one after the other, and prints requests/s, p50 and p99 of both and their ratio.

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
  --list                 list the scenarios and exit
  --help                 show this help

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

  return {
    scenarios,
    connections: wholeNumber('connections', values.connections, 50, 1, 10_000),
    durationSeconds: wholeNumber('duration', values.duration, 10, 1, 3_600),
    warmupSeconds: wholeNumber('warmup', values.warmup, 3, 0, 600),
    scale: wholeNumber('scale', values.scale, 1, 1, 1_000),
    databaseUrl,
    keepDb: values['keep-db'],
    reseed: values.reseed,
    strict: values.strict,
    wrk: !values['no-wrk'],
    serverEntry: values['server-entry'] ?? DEFAULT_SERVER_ENTRY,
    cli: values.cli ?? DEFAULT_CLI,
    list,
    help,
  };
}
