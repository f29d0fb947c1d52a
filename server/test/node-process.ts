import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { httpTarget } from './api-harness.ts';
import type { HttpTarget } from './api-harness.ts';

/*
 * Lodgehall as an operator runs it, one node per process (`server/main.ts`, the start that
 * migrates, seeds and checks storage), for the tests of several nodes (issue 24): each with its
 * own port, pool, bus and memory, stopped with SIGTERM or killed with SIGKILL.
 */

const MAIN = path.resolve('server/main.ts');

export interface NodeProcess extends HttpTarget {
  readonly child: ChildProcess;
  /** What it has printed so far, standard output and error together. */
  output(): string;
  /** Resolves when it has exited (at once if it has). */
  readonly exited: Promise<void>;
}

/** A port free on 127.0.0.1 now, for a node to listen on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts `server/main.ts` with these settings on `port`; nothing of the test's environment. */
export function startNodeProcess(env: Record<string, string>, port: number): NodeProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: os.tmpdir(),
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return { ...httpTarget(`http://127.0.0.1:${port}`), child, output: () => output, exited };
}

/** SIGTERM, as an operator stops a node; SIGKILL if it has not gone in 15 s. */
export async function stopNodeProcess(node: NodeProcess): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return;
  node.child.kill('SIGTERM');
  const force = setTimeout(() => node.child.kill('SIGKILL'), 15_000);
  await node.exited;
  clearTimeout(force);
}

/** `/readyz`'s status, 0 when nothing answers. */
export function readyStatus(node: HttpTarget): Promise<number> {
  return fetch(`${node.baseUrl}/readyz`).then(
    (response) => response.status,
    () => 0,
  );
}

export interface NodeRun {
  readonly code: number | null;
  readonly output: string;
}

/**
 * Runs a node until it exits or prints `until`, then stops it with SIGTERM (SIGKILL after
 * `killAfterMs`); for starts that should fail, or print something, and end. PORT 0: the system
 * picks a free one.
 */
export function runNodeProcessUntil(
  env: Record<string, string>,
  until: RegExp,
  killAfterMs = 90_000,
): Promise<NodeRun> {
  const node = startNodeProcess(env, 0);
  const watch = () => {
    if (until.test(node.output())) node.child.kill('SIGTERM');
  };
  node.child.stdout?.on('data', watch);
  node.child.stderr?.on('data', watch);
  const timer = setTimeout(() => node.child.kill('SIGKILL'), killAfterMs);
  return node.exited.then(() => {
    clearTimeout(timer);
    return { code: node.child.exitCode, output: node.output() };
  });
}
