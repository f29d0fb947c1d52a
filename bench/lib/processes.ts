import { spawn } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Owns every child process and temporary folder of a run, so that a normal end, an error,
 * Ctrl-C or SIGTERM all leave nothing behind.
 *
 * Children start in their own process group (`detached`). Two reasons: a terminal Ctrl-C
 * then reaches only the harness, which stops the load first and the servers after it in
 * order; and killing the group also ends anything a child started itself (npx, tsx).
 */
export class RunResources {
  private readonly children = new Set<ChildProcess>();
  private readonly folders = new Set<string>();
  private stopping: Promise<void> | undefined;

  spawn(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
    const child = spawn(command, [...args], { ...options, detached: true });
    this.children.add(child);
    child.once('exit', () => this.children.delete(child));
    // A failed spawn (ENOENT) emits 'error' and never 'exit'.
    child.once('error', () => this.children.delete(child));
    return child;
  }

  /** Removes the folder at the end of the run. */
  ownFolder(folder: string): void {
    this.folders.add(folder);
  }

  /** Keeps a folder that was to be removed (for --keep-db). */
  releaseFolder(folder: string): void {
    this.folders.delete(folder);
  }

  /** Ends one child: SIGTERM to its group, SIGKILL if it is still there after the grace time. */
  async stop(child: ChildProcess, graceMs = 5_000): Promise<void> {
    if (!this.children.has(child)) return;
    const exited = new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    signalGroup(child, 'SIGTERM');
    const inTime = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
    if (!inTime) {
      signalGroup(child, 'SIGKILL');
      await Promise.race([exited, sleep(1_000)]);
    }
    this.children.delete(child);
  }

  /** Ends every child and removes every owned folder. Safe to call more than once. */
  stopAll(graceMs = 5_000): Promise<void> {
    this.stopping ??= (async () => {
      await Promise.all([...this.children].map((child) => this.stop(child, graceMs)));
      for (const folder of this.folders) fs.rmSync(folder, { recursive: true, force: true });
      this.folders.clear();
    })();
    return this.stopping;
  }

  /** Last resort from a synchronous `exit` handler: nothing can be awaited there. */
  killAllNow(): void {
    for (const child of this.children) signalGroup(child, 'SIGKILL');
    this.children.clear();
    for (const folder of this.folders) fs.rmSync(folder, { recursive: true, force: true });
    this.folders.clear();
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone (ESRCH): that is the goal.
  }
}

/** Keeps the last bytes a child printed, to show when it fails. */
export class OutputTail {
  private chunks: string[] = [];
  private size = 0;
  lines = 0;

  constructor(private readonly limit = 16_384) {}

  push(chunk: Buffer | string): void {
    const text = chunk.toString();
    this.lines += text.split('\n').length - 1;
    this.chunks.push(text);
    this.size += text.length;
    while (this.size > this.limit && this.chunks.length > 1) {
      this.size -= this.chunks.shift()?.length ?? 0;
    }
  }

  text(): string {
    return this.chunks.join('').slice(-this.limit);
  }
}

/** Resolves with the exit code; rejects after `timeoutMs` (the child is then stopped by the caller). */
export function waitForExit(child: ChildProcess, timeoutMs: number, what: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`${what} did not finish within ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${what} could not start: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}
