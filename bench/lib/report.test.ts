import { describe, expect, it } from 'vitest';
import { caveats, checkBudget, compare, formatTable, resultsTable } from './report.ts';
import type { LoadResult } from './stats.ts';

function result(overrides: Partial<LoadResult>): LoadResult {
  return {
    tool: 'autocannon',
    target: 'lodgehall',
    durationSeconds: 10,
    responses: 100_000,
    requestsPerSecond: 10_000,
    latencyMs: { p50: 4, p90: 6, p99: 9, max: 20, mean: 4.5 },
    errors: 0,
    non2xx: 0,
    statusCounts: { 200: 100_000 },
    bytesPerResponse: 1_000,
    serverCpuPercent: 99,
    serverCpuMicrosPerResponse: 99,
    generatorCpuPercent: 40,
    otherCpuPercent: 5,
    ...overrides,
  };
}

const bare = (overrides: Partial<LoadResult> = {}): LoadResult =>
  result({ target: 'bare', requestsPerSecond: 16_000, ...overrides });

describe('checkBudget', () => {
  it('passes at half the bare throughput or more with p99 under 50 ms', () => {
    expect(checkBudget(result({}), bare(), 50)).toEqual({ verdict: 'PASS', reasons: [] });
    expect(checkBudget(result({ requestsPerSecond: 8_000 }), bare(), 50).verdict).toBe('PASS');
  });

  it('fails below half, at p99 of 50 ms, and on any error or non-2xx answer', () => {
    const slow = checkBudget(result({ requestsPerSecond: 7_999 }), bare(), 50);
    expect(slow.verdict).toBe('FAIL');
    expect(slow.reasons[0]).toMatch(/ratio 0\.500 < 0\.5/);
    const late = checkBudget(
      result({ latencyMs: { p50: 1, p90: 2, p99: 50, max: 60, mean: 2 } }),
      bare(),
      50,
    );
    expect(late.reasons).toEqual(['p99 50.0 ms >= 50 ms']);
    const refused = checkBudget(result({ non2xx: 3 }), bare({ errors: 1 }), 50);
    expect(refused.reasons).toEqual(['lodgehall: 3 non-2xx answers', 'bare: 1 connection errors']);
  });

  it('gives no verdict at another connection count', () => {
    expect(checkBudget(result({}), bare(), 10).verdict).toBe('N/A');
  });
});

describe('the report', () => {
  it('prints both servers and the ratio for each tool', () => {
    const table = resultsTable([compare('autocannon', result({}), bare(), 50)]);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^tool\s+server\s+req\/s\s+p50 ms/);
    expect(lines[1]).toMatch(/^autocannon\s+lodgehall\s+10,000\s+4\.00\s+6\.00\s+9\.00/);
    expect(lines[2]).toMatch(/^autocannon\s+bare\s+16,000/);
    // req/s ratio 10,000 / 16,000; CPU ratio 99 µs / 99 µs.
    expect(lines[3]).toMatch(/^autocannon\s+ratio\s+0\.63\s+1\.00$/);
  });

  it('warns when the generator was saturated, the machine shared or the copies differ', () => {
    const notes = caveats([
      compare(
        'autocannon',
        result({ bytesPerResponse: 1_400 }),
        bare({
          generatorCpuPercent: 97,
          otherCpuPercent: 60,
          serverCpuPercent: 50,
          serverCpuMicrosPerResponse: 33,
        }),
        50,
      ),
    ]);
    expect(notes).toHaveLength(4);
    expect(notes[0]).toMatch(/97% of a core against bare.*flatters Lodgehall/);
    expect(notes[1]).toMatch(
      /bare used only 50% of a core.*ratio 0\.63 overstates Lodgehall; by CPU per answer it is 0\.33/,
    );
    expect(notes[2]).toMatch(/other processes used up to 60%/);
    expect(notes[3]).toMatch(/answers differ in size/);
  });

  it('aligns text left and numbers right', () => {
    expect(
      formatTable(
        ['a', 'b', 'n'],
        [
          ['xx', 'y', '1'],
          ['x', 'yy', '100'],
        ],
      ),
    ).toBe('a   b     n\nxx  y     1\nx   yy  100');
  });
});
