export type LoadTool = 'autocannon' | 'wrk';
/** Lodgehall, the bare baseline, and for signed scenarios the baseline that verifies too. */
export type TargetLabel = 'lodgehall' | 'bare' | 'bare-signed';

/** One measured run of one tool against one server. */
export interface LoadResult {
  readonly tool: LoadTool;
  readonly target: TargetLabel;
  readonly durationSeconds: number;
  /** Answers of any status; errors (no answer) are not counted. */
  readonly responses: number;
  readonly requestsPerSecond: number;
  readonly latencyMs: LatencySummary;
  /** Connection errors and timeouts. */
  readonly errors: number;
  /** Answers outside 2xx (wrk: status 400 and above, its only count). */
  readonly non2xx: number;
  readonly statusCounts: Readonly<Record<string, number>>;
  /** Mean bytes per answer, headers included: equal for both servers when the copy is exact. */
  readonly bytesPerResponse: number | undefined;
  /** Percent of one core the server used during the run. */
  readonly serverCpuPercent: number | undefined;
  /** Server CPU time per answer, microseconds: the cost that does not depend on the generator. */
  readonly serverCpuMicrosPerResponse: number | undefined;
  /** Percent of one core the load generator used (autocannon in this process, or wrk). */
  readonly generatorCpuPercent: number | undefined;
  /**
   * Percent of one core everything else on the machine used meanwhile: high means the run
   * competed with other work and is noisy.
   */
  readonly otherCpuPercent: number | undefined;
}

export interface LatencySummary {
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
}

/**
 * Keeps every latency sample, to give exact percentiles to 0.01 ms. autocannon's own
 * histogram stores whole milliseconds, too coarse for answers that take 1-3 ms. 4 bytes a
 * sample: a million requests cost 4 MB.
 */
export class LatencyRecorder {
  private samples = new Float32Array(1 << 16);
  private count = 0;

  record(ms: number): void {
    if (this.count === this.samples.length) {
      const grown = new Float32Array(this.samples.length * 2);
      grown.set(this.samples);
      this.samples = grown;
    }
    this.samples[this.count++] = ms;
  }

  get size(): number {
    return this.count;
  }

  summary(): LatencySummary {
    return summarise(this.samples.subarray(0, this.count));
  }
}

/** Nearest-rank percentiles (the value below which p% of samples fall, never interpolated). */
export function summarise(samples: ArrayLike<number>): LatencySummary {
  const sorted = Float64Array.from(samples).sort();
  const n = sorted.length;
  if (n === 0) return { p50: 0, p90: 0, p99: 0, max: 0, mean: 0 };
  const at = (p: number): number =>
    sorted[Math.min(n - 1, Math.max(0, Math.ceil((p / 100) * n) - 1))] ?? 0;
  let total = 0;
  for (const value of sorted) total += value;
  return { p50: at(50), p90: at(90), p99: at(99), max: sorted[n - 1] ?? 0, mean: total / n };
}
