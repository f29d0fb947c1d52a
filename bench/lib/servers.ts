import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bareSpecFrom } from './bare-spec.ts';
import { BENCH_HOST, findFreePort, waitForOk } from './http.ts';
import { OutputTail } from './processes.ts';
import type { RunResources } from './processes.ts';
import type { CapturedResponse } from './scenario.ts';
import type { TargetLabel } from './stats.ts';

export interface RunningServer {
  readonly label: TargetLabel;
  readonly baseUrl: string;
  readonly pid: number;
  readonly child: ChildProcess;
  /** What it printed; Lodgehall runs at LOG_LEVEL=warn, so any line is worth a look. */
  readonly output: OutputTail;
}

export interface LodgehallServer extends RunningServer {
  /** From spawn to the first 200 of /readyz. */
  readonly readyMs: number;
}

/** Settings the harness decides; the rest of the caller's environment passes through. */
const OWNED_SETTINGS = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'SEED_DEMO',
  'LOG_LEVEL',
  'PUBLIC_URL',
];

export function lodgehallEnv(
  settings: Readonly<Record<string, string | undefined>>,
): NodeJS.ProcessEnv {
  // A DATABASE_URL left in the developer's shell must not turn a SQLite bench into a
  // PostgreSQL one (or point it at a real database).
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !OWNED_SETTINGS.includes(name)),
  );
  for (const [name, value] of Object.entries(settings)) if (value !== undefined) env[name] = value;
  return env;
}

export async function startLodgehall(options: {
  resources: RunResources;
  repoRoot: string;
  entry: string;
  dataDir: string;
  databaseUrl: string | undefined;
  readyTimeoutMs: number;
  /** More settings for this run (e.g. a sign-in limit the mixed load needs raised). */
  env?: Readonly<Record<string, string>>;
  /** Flags for node before the entry (e.g. the mixed load's inspector, to read the heap). */
  nodeArgs?: readonly string[];
}): Promise<LodgehallServer> {
  const port = await findFreePort();
  const baseUrl = `http://${BENCH_HOST}:${port}`;
  const output = new OutputTail();
  const started = performance.now();
  // Plain `node`, as `npm start` runs the built server (no tsx, no source maps), so the
  // numbers are those of production.
  const child = options.resources.spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), options.entry],
    {
      cwd: options.repoRoot,
      env: lodgehallEnv({
        ...options.env,
        PORT: String(port),
        HOST: BENCH_HOST,
        DATA_DIR: options.dataDir,
        DATABASE_URL: options.databaseUrl,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Always read the pipes: a full pipe would block the server's logger mid-benchmark.
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));

  try {
    await waitForOk(
      baseUrl,
      '/readyz',
      options.readyTimeoutMs,
      () => !spawnError && child.exitCode === null && child.signalCode === null,
    );
  } catch (error) {
    const exit = child.exitCode ?? child.signalCode;
    const reason =
      spawnError?.message ??
      `${error instanceof Error ? error.message : String(error)}${exit === null ? '' : `; exit ${exit}`}`;
    await options.resources.stop(child);
    throw new Error(
      `Lodgehall did not become ready: ${reason}\n--- its output ---\n${output.text() || '(none)'}`,
    );
  }
  return {
    label: 'lodgehall',
    baseUrl,
    pid: child.pid ?? 0,
    child,
    output,
    readyMs: performance.now() - started,
  };
}

/**
 * Starts `bare-server.ts` on the captured answer: `bare`, or with `verifyWith` (the signer's
 * public key) `bare-signed`. The bytes travel in a temporary file (an answer can be
 * megabytes; an argument or environment variable could not hold it).
 */
export async function startBare(options: {
  resources: RunResources;
  repoRoot: string;
  response: CapturedResponse;
  timeoutMs: number;
  verifyWith?: string;
}): Promise<RunningServer> {
  const label: TargetLabel = options.verifyWith === undefined ? 'bare' : 'bare-signed';
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lodgehall-bench-'));
  options.resources.ownFolder(folder);
  const specFile = path.join(folder, `${label}-spec.json`);
  fs.writeFileSync(specFile, JSON.stringify(bareSpecFrom(options.response, options.verifyWith)));

  const output = new OutputTail();
  const script = path.join(options.repoRoot, 'bench', 'lib', 'bare-server.ts');
  const child = options.resources.spawn(process.execPath, ['--import', 'tsx', script, specFile], {
    cwd: options.repoRoot,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the ${label} server did not report its port in time`)),
      options.timeoutMs,
    );
    child.once('message', (message: unknown) => {
      clearTimeout(timer);
      const reported =
        typeof message === 'object' && message !== null
          ? (message as { port?: unknown }).port
          : undefined;
      if (typeof reported === 'number' && reported > 0) resolve(reported);
      else
        reject(
          new Error(`the ${label} server sent an unexpected message: ${JSON.stringify(message)}`),
        );
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the ${label} server exited with ${code}: ${output.text()}`));
    });
  }).catch(async (error: unknown) => {
    await options.resources.stop(child);
    throw error;
  });

  return {
    label,
    baseUrl: `http://${BENCH_HOST}:${port}`,
    pid: child.pid ?? 0,
    child,
    output,
  };
}
