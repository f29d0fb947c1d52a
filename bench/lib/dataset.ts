import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { waitForExit } from './processes.ts';
import type { RunResources } from './processes.ts';
import type { DatabaseEngine } from './scenario.ts';
import { lodgehallEnv } from './servers.ts';

export interface PreparedDataset {
  readonly engine: DatabaseEngine;
  readonly scale: number;
  /** DATA_DIR for the server: this run's copy (SQLite) or an empty folder for media (PostgreSQL). */
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  /** Where the data came from, for the report (never a password). */
  readonly source: string;
  /** Seconds the seed CLI took when this run made the data set; undefined when it was reused. */
  readonly seededSeconds: number | undefined;
  /** Row counts of the headline tables that exist. */
  readonly counts: Readonly<Record<string, number>>;
}

interface CacheMeta {
  readonly scale: number;
  readonly fingerprint: string;
  readonly createdAt: string;
  readonly seededSeconds: number;
}

/** The file the server keeps its SQLite database in, inside DATA_DIR (server/db/database.ts). */
export const SQLITE_FILE = 'lodgehall.sqlite';
const META_FILE = 'bench-dataset.json';
/** Tables whose sizes say what scale a database is at; those that do not exist are skipped. */
const HEADLINE_TABLES = [
  'organizations',
  'clubs',
  'parties',
  'users',
  'memberships',
  'posts',
  'comments',
  'calendar_events',
  'chat_messages',
];
/** What decides the seeded data: a change here makes the cached data set stale. */
const DATA_SOURCES = ['server/db/migrations', 'server/db/seed'];
const SEED_TIMEOUT_MS = 60 * 60 * 1000;

/**
 * A hash of the migrations and the seed generator, so that a cached data set made by older
 * code is made again rather than benchmarked with a schema or data the code no longer makes.
 */
export function dataFingerprint(repoRoot: string): string {
  const hash = createHash('sha256');
  const walk = (relative: string): void => {
    const full = path.join(repoRoot, relative);
    if (!fs.existsSync(full)) {
      hash.update(`missing:${relative}\n`);
      return;
    }
    if (fs.statSync(full).isDirectory()) {
      for (const entry of fs.readdirSync(full).sort()) walk(path.posix.join(relative, entry));
    } else if (!/\.test\.ts$/.test(relative)) {
      hash.update(`file:${relative}\n`);
      hash.update(fs.readFileSync(full));
    }
  };
  for (const source of DATA_SOURCES) walk(source);
  return hash.digest('hex').slice(0, 16);
}

function readMeta(folder: string): CacheMeta | undefined {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(folder, META_FILE), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const meta = parsed as Record<string, unknown>;
    if (typeof meta.scale !== 'number' || typeof meta.fingerprint !== 'string') return undefined;
    return {
      scale: meta.scale,
      fingerprint: meta.fingerprint,
      createdAt: String(meta.createdAt),
      seededSeconds: Number(meta.seededSeconds),
    };
  } catch {
    return undefined;
  }
}

/** Runs `lodgehall seed --scale N` with its output shown: a large scale takes minutes. */
async function runSeed(options: {
  resources: RunResources;
  repoRoot: string;
  cli: string;
  scale: number;
  dataDir: string;
  databaseUrl: string | undefined;
}): Promise<number> {
  const started = performance.now();
  // `node --import tsx` rather than `npx tsx`: one process, so stopping it stops the seed.
  const child = options.resources.spawn(
    process.execPath,
    ['--import', 'tsx', options.cli, 'seed', '--scale', String(options.scale)],
    {
      cwd: options.repoRoot,
      env: lodgehallEnv({
        DATA_DIR: options.dataDir,
        DATABASE_URL: options.databaseUrl,
        LOG_LEVEL: 'warn',
      }),
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  let code: number;
  try {
    code = await waitForExit(child, SEED_TIMEOUT_MS, `seeding at scale ${options.scale}`);
  } finally {
    await options.resources.stop(child);
  }
  if (code !== 0) {
    throw new Error(
      `the seed CLI (${options.cli} seed --scale ${options.scale}) exited with ${code}`,
    );
  }
  return (performance.now() - started) / 1000;
}

function sqliteCounts(file: string): Record<string, number> {
  const counts: Record<string, number> = {};
  if (!fs.existsSync(file)) return counts;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const existing = new Set(
      db
        .prepare<[], { name: string }>("select name from sqlite_master where type = 'table'")
        .all()
        .map((row) => row.name),
    );
    for (const table of HEADLINE_TABLES) {
      if (!existing.has(table)) continue;
      const row = db.prepare<[], { n: number }>(`select count(*) as n from "${table}"`).get();
      counts[table] = row?.n ?? 0;
    }
  } finally {
    db.close();
  }
  return counts;
}

async function postgresCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const tables = await client.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
    );
    const existing = new Set(tables.rows.map((row) => row.table_name));
    const counts: Record<string, number> = {};
    for (const table of HEADLINE_TABLES) {
      if (!existing.has(table)) continue;
      const result = await client.query<{ n: string }>(
        `select count(*)::text as n from "${table}"`,
      );
      counts[table] = Number(result.rows[0]?.n ?? 0);
    }
    return counts;
  } finally {
    await client.end();
  }
}

function timestamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

/**
 * SQLite: the data set is made once per scale in `bench/.data/scale-N/` and copied for each
 * run, because the server writes while it runs (its key, sessions of signed scenarios, WAL
 * checkpoints) and a cache that drifts makes runs incomparable. PostgreSQL: the given
 * database is used in place and seeded only when it is empty; it is never dropped.
 */
export async function prepareDataset(options: {
  resources: RunResources;
  repoRoot: string;
  cli: string;
  scale: number;
  databaseUrl: string | undefined;
  reseed: boolean;
  keepDb: boolean;
  log: (line: string) => void;
}): Promise<PreparedDataset> {
  const { resources, repoRoot, scale, log } = options;
  const dataRoot = path.join(repoRoot, 'bench', '.data');
  fs.mkdirSync(dataRoot, { recursive: true });
  const runDir = path.join(dataRoot, `run-${timestamp()}-${process.pid}`);
  resources.ownFolder(runDir);
  fs.mkdirSync(runDir, { recursive: true });

  if (options.databaseUrl) {
    const url = options.databaseUrl;
    const source = redact(url);
    let counts = await postgresCounts(url);
    let seededSeconds: number | undefined;
    if (!counts.organizations) {
      log(`Seeding ${source} at scale ${scale} (it is empty)...`);
      seededSeconds = await runSeed({
        resources,
        repoRoot,
        cli: options.cli,
        scale,
        dataDir: runDir,
        databaseUrl: url,
      });
      counts = await postgresCounts(url);
    } else if (options.reseed) {
      throw new Error(
        `${source} already has data and the seed CLI only fills an empty database: drop and recreate it to reseed`,
      );
    } else {
      log(`Using ${source} as it is (already seeded; its scale is whatever it was seeded with).`);
    }
    return {
      engine: 'postgres',
      scale,
      dataDir: runDir,
      databaseUrl: url,
      source,
      seededSeconds,
      counts,
    };
  }

  const cacheDir = path.join(dataRoot, `scale-${scale}`);
  const fingerprint = dataFingerprint(repoRoot);
  const meta = readMeta(cacheDir);
  let seededSeconds: number | undefined;
  const reason = options.reseed
    ? '--reseed was given'
    : !meta
      ? 'there is no cached data set'
      : meta.fingerprint !== fingerprint || meta.scale !== scale
        ? 'the migrations or the seed generator changed since it was made'
        : undefined;
  if (reason) {
    log(
      `Seeding a scale-${scale} SQLite data set into ${path.relative(repoRoot, cacheDir)} (${reason})...`,
    );
    // Seed beside the cache and swap it in at the end, so an interrupted seed never leaves a
    // half-filled data set that a later run would take for a good one.
    const partial = `${cacheDir}.partial-${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    resources.ownFolder(partial);
    seededSeconds = await runSeed({
      resources,
      repoRoot,
      cli: options.cli,
      scale,
      dataDir: partial,
      databaseUrl: undefined,
    });
    const created: CacheMeta = {
      scale,
      fingerprint,
      createdAt: new Date().toISOString(),
      seededSeconds,
    };
    fs.writeFileSync(path.join(partial, META_FILE), `${JSON.stringify(created, null, 2)}\n`);
    fs.rmSync(cacheDir, { recursive: true, force: true });
    fs.renameSync(partial, cacheDir);
    resources.releaseFolder(partial);
    log(`Seeded in ${seededSeconds.toFixed(1)} s.`);
  } else {
    log(
      `Using the cached scale-${scale} data set in ${path.relative(repoRoot, cacheDir)} (made ${meta?.createdAt}).`,
    );
  }

  // A copy-on-write clone where the file system has it, else a plain copy.
  fs.cpSync(cacheDir, runDir, { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
  if (options.keepDb) {
    resources.releaseFolder(runDir);
    log(`This run's copy is kept (--keep-db): ${path.relative(repoRoot, runDir)}`);
  }
  return {
    engine: 'sqlite',
    scale,
    dataDir: runDir,
    databaseUrl: undefined,
    source: path.relative(repoRoot, cacheDir),
    seededSeconds,
    counts: sqliteCounts(path.join(runDir, SQLITE_FILE)),
  };
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the given PostgreSQL database';
  }
}
