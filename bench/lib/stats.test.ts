import { describe, expect, it } from 'vitest';
import { LatencyRecorder, summarise } from './stats.ts';

describe('summarise', () => {
  it('gives nearest-rank percentiles without interpolation', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(summarise(samples)).toEqual({ p50: 50, p90: 90, p99: 99, max: 100, mean: 50.5 });
  });

  it('is all zeros with no samples', () => {
    expect(summarise([])).toEqual({ p50: 0, p90: 0, p99: 0, max: 0, mean: 0 });
  });
});

describe('LatencyRecorder', () => {
  it('grows past its first buffer and keeps sub-millisecond precision', () => {
    const recorder = new LatencyRecorder();
    for (let i = 0; i < 200_000; i++) recorder.record(i % 2 ? 0.25 : 1.75);
    expect(recorder.size).toBe(200_000);
    const summary = recorder.summary();
    expect(summary.p50).toBeCloseTo(0.25);
    expect(summary.p99).toBeCloseTo(1.75);
    expect(summary.mean).toBeCloseTo(1);
  });
});
