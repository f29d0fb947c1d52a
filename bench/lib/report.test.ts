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

/** Pays one signature verification per answer, so it is slower than bare. */
const bareSigned = (overrides: Partial<LoadResult> = {}): LoadResult =>
  result({
    target: 'bare-signed',
    requestsPerSecond: 12_000,
    serverCpuMicrosPerResponse: 132,
    ...overrides,
  });

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

  it('reads a signed scenario against bare-signed (D24)', () => {
    // 7,000 req/s is under half of bare's 16,000 but over half of bare-signed's 12,000.
    const comparison = compare(
      'autocannon',
      result({ requestsPerSecond: 7_000 }),
      bare(),
      50,
      bareSigned(),
    );
    expect(comparison.budgetBaseline).toBe('bare-signed');
    expect(comparison.budget).toEqual({ verdict: 'PASS', reasons: [] });
    expect(comparison.ratio).toBeCloseTo(7 / 16);
    expect(comparison.signedRatio).toBeCloseTo(7 / 12);
    const slow = compare(
      'autocannon',
      result({ requestsPerSecond: 5_000 }),
      bare(),
      50,
      bareSigned(),
    );
    expect(slow.budget.reasons).toEqual(['ratio 0.417 < 0.5 against bare-signed']);
    // Errors on bare still spoil the run: the same request was measured there.
    const broken = compare('autocannon', result({}), bare({ non2xx: 2 }), 50, bareSigned());
    expect(broken.budget.reasons).toEqual(['bare: 2 non-2xx answers']);
    expect(compare('autocannon', result({}), bare(), 50).budgetBaseline).toBe('bare');
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
    expect(lines[3]).toMatch(/^autocannon\s+vs bare\s+0\.63\s+1\.00$/);
    expect(lines).toHaveLength(4);
  });

  it('adds bare-signed and the ratios against it for a signed scenario', () => {
    const signed = bareSigned();
    const table = resultsTable([compare('autocannon', result({}), bare(), 50, signed)]);
    const lines = table.split('\n');
    expect(lines[3]).toMatch(/^autocannon\s+bare-signed\s+12,000/);
    expect(lines[4]).toMatch(/^autocannon\s+vs bare\s+0\.63\s+1\.00$/);
    // 10,000 / 12,000 req/s; 132 µs / 99 µs of CPU per answer.
    expect(lines[5]).toMatch(/^autocannon\s+vs bare-signed\s+0\.83\s+1\.33$/);
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
      /bare used only 50% of a core.*ratio 0\.63 against it overstates Lodgehall; by CPU per answer it is 0\.33/,
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
