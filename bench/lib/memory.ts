import fs from 'node:fs';

/** A process's resident memory (VmRSS, /proc) in MB; undefined when it cannot be read. */
export function rssMegabytes(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round((kb / 1024) * 10) / 10 : undefined;
  } catch {
    return undefined;
  }
}

export interface RssSample {
  /** Seconds since the measured load began. */
  readonly atSeconds: number;
  readonly mb: number;
}

export interface RssTrend {
  readonly startMb: number;
  readonly endMb: number;
  readonly minMb: number;
  readonly maxMb: number;
  /** Median of the second quarter of the samples: the heap's size once it has grown to work. */
  readonly settledMb: number;
  /** Median of the last quarter. */
  readonly lastQuarterMb: number;
  /** lastQuarterMb - settledMb. */
  readonly growthMb: number;
  /** What the verdict allows: 5% of the starting RSS. */
  readonly allowedGrowthMb: number;
  readonly flat: boolean;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Whether the server's memory stayed flat under the load. A heap grows to its working size
 * in the first minutes and then saws up and down with each collection, so neither the start
 * against the end nor a slope fitted over a few saw teeth says much. A leak is a level that
 * keeps rising: the median of the last quarter of the run against the median of the second
 * quarter, allowed to differ by 5% of the starting RSS. Over ten minutes those are five
 * minutes apart, so a leak of 2 MB a minute or more fails, while a saw-tooth's medians stay put.
 */
export function rssTrend(samples: readonly RssSample[]): RssTrend | undefined {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last) return undefined;
  const n = samples.length;
  const quarter = Math.max(1, Math.floor(n / 4));
  const mbs = samples.map((sample) => sample.mb);
  const settledMb = n >= 4 ? median(mbs.slice(quarter, 2 * quarter)) : first.mb;
  const lastQuarterMb = n >= 4 ? median(mbs.slice(n - quarter)) : last.mb;
  const growthMb = lastQuarterMb - settledMb;
  const allowedGrowthMb = first.mb * 0.05;
  return {
    startMb: first.mb,
    endMb: last.mb,
    minMb: Math.min(...mbs),
    maxMb: Math.max(...mbs),
    settledMb,
    lastQuarterMb,
    growthMb,
    allowedGrowthMb,
    flat: growthMb <= allowedGrowthMb,
  };
}

export interface HeapTrend {
  /** V8's used heap after a full collection, before the measured load and after it. */
  readonly startMb: number;
  readonly endMb: number;
  readonly growthMb: number;
  readonly allowedGrowthMb: number;
  readonly flat: boolean;
}

/** Bytes a salt takes in the SQLite replay guard's memory (measured: 127-140 B, D55). */
const SALT_BYTES = 150;
/** How long the replay guard keeps a salt: the clock-skew window (server/auth/signatures.ts). */
const SALT_WINDOW_SECONDS = 5 * 60;

/**
 * What the SQLite replay guard may add to the heap over a run at `rate` signed calls a second:
 * it keeps every salt in memory for five minutes, so it fills for the run's first five minutes
 * and stays there. PostgreSQL keeps them in a table.
 */
export function saltAllowanceMb(engine: 'sqlite' | 'postgres', rate: number): number {
  return engine === 'sqlite'
    ? Math.round(((rate * SALT_WINDOW_SECONDS * SALT_BYTES) / 1024 / 1024) * 10) / 10
    : 0;
}

/**
 * The leak test: the live heap (used after a full collection) at the end against the start,
 * allowed to grow by 10% of the start plus `boundedMb`, what bounded structures may add that
 * the warm-up did not fill (the replay guard's salts, saltAllowanceMb). Anything kept per call
 * or per message grows past that within the run.
 */
export function heapTrend(
  start: { usedMb: number } | undefined,
  end: { usedMb: number } | undefined,
  boundedMb = 0,
): HeapTrend | undefined {
  if (!start || !end) return undefined;
  const growthMb = Math.round((end.usedMb - start.usedMb) * 10) / 10;
  const allowedGrowthMb = Math.round((start.usedMb * 0.1 + boundedMb) * 10) / 10;
  return {
    startMb: start.usedMb,
    endMb: end.usedMb,
    growthMb,
    allowedGrowthMb,
    flat: growthMb <= allowedGrowthMb,
  };
}
