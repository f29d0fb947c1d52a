import { describe, expect, it } from 'vitest';
import { heapTrend, rssMegabytes, rssTrend, saltAllowanceMb } from './memory.ts';

const every5s = (values: readonly number[]) => values.map((mb, i) => ({ atSeconds: i * 5, mb }));

describe('rssTrend', () => {
  it('calls a heap that grows early and then saws up and down flat', () => {
    const samples = every5s([150, 170, 185, 200, 190, 205, 192, 203, 191, 204, 193, 202]);
    expect(rssTrend(samples)).toEqual({
      startMb: 150,
      endMb: 202,
      minMb: 150,
      maxMb: 205,
      settledMb: 200,
      lastQuarterMb: 202,
      growthMb: 2,
      allowedGrowthMb: 7.5,
      flat: true,
    });
  });

  it('calls a level that keeps rising a leak', () => {
    // 0.25 MB every 5 s is 3 MB a minute: 30 MB in ten minutes.
    const samples = every5s(Array.from({ length: 120 }, (_, i) => 200 + i * 0.25 + (i % 2) * 8));
    const trend = rssTrend(samples);
    expect(trend?.growthMb).toBeCloseTo(15, 0);
    expect(trend?.flat).toBe(false);
  });

  it('compares the first and last sample when there are too few for quarters', () => {
    expect(rssTrend(every5s([100, 104]))).toMatchObject({ growthMb: 4, flat: true });
    expect(rssTrend([])).toBeUndefined();
  });
});

describe('rssMegabytes', () => {
  it('reads this process, and nothing for a process that is not there', () => {
    expect(rssMegabytes(process.pid)).toBeGreaterThan(1);
    expect(rssMegabytes(2 ** 22 + 1)).toBeUndefined();
  });
});

describe('heapTrend', () => {
  it('allows the live heap 10% more at the end than at the start', () => {
    expect(heapTrend({ usedMb: 80 }, { usedMb: 87.5 })).toEqual({
      startMb: 80,
      endMb: 87.5,
      growthMb: 7.5,
      allowedGrowthMb: 8,
      flat: true,
    });
    expect(heapTrend({ usedMb: 80 }, { usedMb: 88.5 })?.flat).toBe(false);
    expect(heapTrend(undefined, { usedMb: 80 })).toBeUndefined();
  });

  it('adds what the SQLite replay guard may hold: five minutes of salts at the rate', () => {
    expect(saltAllowanceMb('sqlite', 100)).toBe(4.3);
    expect(saltAllowanceMb('postgres', 100)).toBe(0);
    expect(heapTrend({ usedMb: 80 }, { usedMb: 92 }, 4.3)).toMatchObject({
      allowedGrowthMb: 12.3,
      flat: true,
    });
  });
});
