import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadPlan } from './load.ts';
import { CpuWindow } from './load.ts';
import type { RunResources } from './processes.ts';
import type { LoadResult } from './stats.ts';

/** wrk's path when it is installed (`command -v wrk`), else undefined. */
export function findWrk(): string | undefined {
  try {
    const found = execFileSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).trim();
    return found || undefined;
  } catch {
    return undefined;
  }
}

/**
 * wrk is C and far cheaper per request than autocannon, so it cross-checks that the
 * generator was not the limit. It shares the machine with the server, so it gets half the
 * cores (at least one thread): more threads would take CPU from the server it measures.
 */
export function wrkThreads(connections: number, cpus = os.availableParallelism()): number {
  return Math.max(1, Math.min(connections, Math.floor(cpus / 2)));
}

export interface WrkSummary {
  readonly responses: number;
  readonly seconds: number;
  readonly bytesRead: number;
  readonly requestsPerSecond: number;
  readonly latencyMs: {
    readonly p50: number;
    readonly p90: number;
    readonly p99: number;
    readonly max: number;
    readonly mean: number;
  };
  readonly socketErrors: number;
  readonly non2xxOr3xx: number;
}

const TIME_UNITS_MS: Readonly<Record<string, number>> = {
  us: 0.001,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};
const SIZE_UNITS: Readonly<Record<string, number>> = {
  B: 1,
  KB: 1024,
  MB: 1024 ** 2,
  GB: 1024 ** 3,
  TB: 1024 ** 4,
};

function timeMs(text: string | undefined): number {
  const match = /^([\d.]+)(us|ms|s|m|h)$/.exec(text ?? '');
  if (!match?.[1] || !match[2]) return Number.NaN;
  return Number.parseFloat(match[1]) * (TIME_UNITS_MS[match[2]] ?? Number.NaN);
}

/** Reads the report of `wrk --latency`. Throws when a figure the table needs is missing. */
export function parseWrkOutput(output: string): WrkSummary {
  const total = /(\d+) requests in ([\d.]+)(us|ms|s|m|h), ([\d.]+)(B|KB|MB|GB|TB) read/.exec(
    output,
  );
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const latencyLine = /^\s*Latency\s+(\S+)\s+(\S+)\s+(\S+)/m.exec(output);
  const percentile = (p: number): number =>
    timeMs(new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm').exec(output)?.[1]);
  if (!total || !rps || !latencyLine) throw new Error(`unexpected wrk output:\n${output}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  const socketErrors = socket
    ? socket.slice(1).reduce((sum, n) => sum + Number.parseInt(n ?? '0', 10), 0)
    : 0;
  const latencyMs = {
    p50: percentile(50),
    p90: percentile(90),
    p99: percentile(99),
    max: timeMs(latencyLine[3]),
    mean: timeMs(latencyLine[1]),
  };
  if (Object.values(latencyMs).some((value) => Number.isNaN(value))) {
    throw new Error(`wrk output without a latency distribution (was --latency given?):\n${output}`);
  }
  return {
    responses: Number.parseInt(total[1] ?? '0', 10),
    seconds: timeMs(`${total[2]}${total[3]}`) / 1000,
    bytesRead: Number.parseFloat(total[4] ?? '0') * (SIZE_UNITS[total[5] ?? 'B'] ?? 1),
    requestsPerSecond: Number.parseFloat(rps[1] ?? '0'),
    latencyMs,
    socketErrors,
    non2xxOr3xx: Number.parseInt(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? '0', 10),
  };
}

/** A Lua string literal holding `text` byte for byte. */
export function luaString(text: string): string {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    if (char === '"' || char === '\\') out += `\\${char}`;
    else if (byte >= 0x20 && byte < 0x7f) out += char;
    else out += `\\${byte.toString().padStart(3, '0')}`;
  }
  return `${out}"`;
}

/**
 * One wrk run. Signed scenarios are not run with wrk: every request needs a fresh signature,
 * which wrk could only make in Lua, at a cost unlike the client's.
 */
export async function runWrk(
  wrk: string,
  plan: LoadPlan,
  resources: RunResources,
): Promise<LoadResult> {
  if (plan.signer) throw new Error('wrk cannot run signed scenarios');
  const { request } = plan;
  const args = ['-t', String(wrkThreads(plan.connections)), '-c', String(plan.connections)];
  args.push('-d', `${plan.durationSeconds}s`, '--timeout', '10s', '--latency');
  for (const [name, value] of Object.entries(request.headers ?? {}))
    args.push('-H', `${name}: ${value}`);

  let scriptFolder: string | undefined;
  if (request.method !== 'GET' || request.body !== undefined) {
    // Method and body can only be set from a Lua script.
    scriptFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'lodgehall-wrk-'));
    const script = path.join(scriptFolder, 'request.lua');
    fs.writeFileSync(
      script,
      `wrk.method = ${luaString(request.method)}\nwrk.body = ${luaString(request.body ?? '')}\n`,
    );
    args.push('-s', script);
  }
  args.push(new URL(request.path, plan.server.baseUrl).toString());

  try {
    const cpu = new CpuWindow(plan.server.pid);
    const output = await new Promise<string>((resolve, reject) => {
      const child = resources.spawn(wrk, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
      const guard = setTimeout(
        () => void resources.stop(child, 0),
        (plan.durationSeconds + 30) * 1000,
      );
      const onAbort = (): void => void resources.stop(child, 0);
      plan.signal.addEventListener('abort', onAbort, { once: true });
      child.once('error', reject);
      child.once('exit', (code, signal) => {
        clearTimeout(guard);
        plan.signal.removeEventListener('abort', onAbort);
        if (code === 0) resolve(text);
        else reject(new Error(`wrk ended with ${code ?? signal}:\n${text}`));
      });
    });
    const summary = parseWrkOutput(output);
    const cpuFigures = cpu.finish(summary.responses);
    return {
      tool: 'wrk',
      target: plan.server.label,
      durationSeconds: summary.seconds,
      responses: summary.responses,
      requestsPerSecond: summary.requestsPerSecond,
      latencyMs: summary.latencyMs,
      errors: summary.socketErrors,
      non2xx: summary.non2xxOr3xx,
      statusCounts: {},
      bytesPerResponse: summary.responses ? summary.bytesRead / summary.responses : undefined,
      ...cpuFigures,
    };
  } finally {
    if (scriptFolder) fs.rmSync(scriptFolder, { recursive: true, force: true });
  }
}
