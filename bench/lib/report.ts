import type { LoadResult, LoadTool, TargetLabel } from './stats.ts';

/**
 * docs/architecture.md §10: the hot reads against bare node:http serving the same bytes; signed
 * routes against bare-signed, which verifies the signature too (docs/decisions.md D24).
 */
export const BUDGET = {
  minRatio: 0.5,
  maxP99Ms: 50,
  connections: 50,
  /** §10 is stated for the benchmark data set: 100,000 members is --scale 50. */
  scale: 50,
} as const;

/** Below this share of a core, a server was waiting on its load, not working at its limit. */
const BARE_SATURATED_PERCENT = 85;

export type Verdict = 'PASS' | 'FAIL' | 'N/A';

export interface BudgetCheck {
  readonly verdict: Verdict;
  readonly reasons: readonly string[];
}

export interface ToolComparison {
  readonly tool: LoadTool;
  readonly lodgehall: LoadResult;
  readonly bare: LoadResult;
  /** Lodgehall's requests/s over bare's: the §10 figure for unsigned routes. */
  readonly ratio: number | undefined;
  /**
   * Bare's server CPU per answer over Lodgehall's: the ratio the two would reach if both were
   * saturated on one core each. Unlike `ratio` it does not depend on which of server,
   * generator or neighbours was the limit, so it is the steadier figure on a small or busy
   * machine.
   */
  readonly cpuRatio: number | undefined;
  /**
   * Signed scenarios: the baseline that also verifies each request's signature, the floor of
   * any signed route (docs/decisions.md D24), and Lodgehall's ratios against it.
   */
  readonly bareSigned?: LoadResult;
  readonly signedRatio?: number | undefined;
  readonly signedCpuRatio?: number | undefined;
  /** The baseline the budget was read against: bare-signed when there is one. */
  readonly budgetBaseline: TargetLabel;
  readonly budget: BudgetCheck;
}

export function ratioOf(lodgehall: LoadResult, bare: LoadResult): number | undefined {
  return bare.requestsPerSecond > 0
    ? lodgehall.requestsPerSecond / bare.requestsPerSecond
    : undefined;
}

export function cpuRatioOf(lodgehall: LoadResult, bare: LoadResult): number | undefined {
  const ours = lodgehall.serverCpuMicrosPerResponse;
  const theirs = bare.serverCpuMicrosPerResponse;
  return ours && theirs ? theirs / ours : undefined;
}

/**
 * Lodgehall against `baseline` (bare, or bare-signed for a signed route). A run with failed
 * requests, on any of the servers measured (`alsoMeasured`), measures something other than
 * the endpoint (a 401, a rate limit, a crash), so it cannot pass whatever its speed.
 */
export function checkBudget(
  lodgehall: LoadResult,
  baseline: LoadResult,
  connections: number,
  alsoMeasured: readonly LoadResult[] = [],
): BudgetCheck {
  if (connections !== BUDGET.connections) {
    return {
      verdict: 'N/A',
      reasons: [
        `the budget is stated at ${BUDGET.connections} connections, this run used ${connections}`,
      ],
    };
  }
  const reasons: string[] = [];
  const ratio = ratioOf(lodgehall, baseline);
  if (ratio === undefined) reasons.push(`${baseline.target} answered nothing`);
  else if (ratio < BUDGET.minRatio) {
    reasons.push(`ratio ${ratio.toFixed(3)} < ${BUDGET.minRatio} against ${baseline.target}`);
  }
  if (lodgehall.latencyMs.p99 >= BUDGET.maxP99Ms) {
    reasons.push(`p99 ${lodgehall.latencyMs.p99.toFixed(1)} ms >= ${BUDGET.maxP99Ms} ms`);
  }
  for (const result of [lodgehall, baseline, ...alsoMeasured]) {
    if (result.errors > 0) reasons.push(`${result.target}: ${result.errors} connection errors`);
    if (result.non2xx > 0) reasons.push(`${result.target}: ${result.non2xx} non-2xx answers`);
  }
  return { verdict: reasons.length ? 'FAIL' : 'PASS', reasons };
}

/**
 * With `bareSigned` (a signed scenario) the budget is read against it: every signed call pays
 * one signature verification by design, which bare does not (D24).
 */
export function compare(
  tool: LoadTool,
  lodgehall: LoadResult,
  bare: LoadResult,
  connections: number,
  bareSigned?: LoadResult,
): ToolComparison {
  const base = {
    tool,
    lodgehall,
    bare,
    ratio: ratioOf(lodgehall, bare),
    cpuRatio: cpuRatioOf(lodgehall, bare),
  };
  if (!bareSigned) {
    return {
      ...base,
      budgetBaseline: 'bare',
      budget: checkBudget(lodgehall, bare, connections),
    };
  }
  return {
    ...base,
    bareSigned,
    signedRatio: ratioOf(lodgehall, bareSigned),
    signedCpuRatio: cpuRatioOf(lodgehall, bareSigned),
    budgetBaseline: 'bare-signed',
    budget: checkBudget(lodgehall, bareSigned, connections, [bare]),
  };
}

/** Each baseline of a comparison with Lodgehall's two ratios against it. */
function baselines(
  comparison: ToolComparison,
): { result: LoadResult; ratio: number | undefined; cpuRatio: number | undefined }[] {
  const list = [
    { result: comparison.bare, ratio: comparison.ratio, cpuRatio: comparison.cpuRatio },
  ];
  if (comparison.bareSigned) {
    list.push({
      result: comparison.bareSigned,
      ratio: comparison.signedRatio,
      cpuRatio: comparison.signedCpuRatio,
    });
  }
  return list;
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function fixed(value: number | undefined, digits: number): string {
  return value === undefined || !Number.isFinite(value) ? '-' : value.toFixed(digits);
}

function count(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? '-' : integer.format(value);
}

/** Left-aligns the first column and right-aligns the rest. */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) =>
        column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

export function resultsTable(comparisons: readonly ToolComparison[]): string {
  const header = [
    'tool',
    'server',
    'req/s',
    'p50 ms',
    'p90 ms',
    'p99 ms',
    'max ms',
    'errors',
    'non-2xx',
    'B/answer',
    'server CPU',
    'µs CPU/req',
    'gen. CPU',
    'other CPU',
  ];
  const percent = (value: number | undefined): string =>
    value === undefined ? '-' : `${fixed(value, 0)}%`;
  const rows: string[][] = [];
  for (const comparison of comparisons) {
    const measured = baselines(comparison);
    for (const result of [comparison.lodgehall, ...measured.map((baseline) => baseline.result)]) {
      rows.push([
        comparison.tool,
        result.target,
        count(result.requestsPerSecond),
        fixed(result.latencyMs.p50, 2),
        fixed(result.latencyMs.p90, 2),
        fixed(result.latencyMs.p99, 2),
        fixed(result.latencyMs.max, 1),
        count(result.errors),
        count(result.non2xx),
        count(result.bytesPerResponse),
        percent(result.serverCpuPercent),
        fixed(result.serverCpuMicrosPerResponse, 0),
        percent(result.generatorCpuPercent),
        percent(result.otherCpuPercent),
      ]);
    }
    // A row per baseline: the throughput ratio under req/s, the CPU ratio under µs CPU/req.
    for (const baseline of measured) {
      const ratioRow = header.map(() => '');
      ratioRow[0] = comparison.tool;
      ratioRow[1] = `vs ${baseline.result.target}`;
      ratioRow[2] = fixed(baseline.ratio, 2);
      ratioRow[header.indexOf('µs CPU/req')] = fixed(baseline.cpuRatio, 2);
      rows.push(ratioRow);
    }
  }
  return formatTable(header, rows);
}

/** What a reader should know before trusting the numbers. */
export function caveats(comparisons: readonly ToolComparison[]): string[] {
  const notes: string[] = [];
  for (const comparison of comparisons) {
    const { tool, lodgehall } = comparison;
    const measured = baselines(comparison);
    for (const result of [lodgehall, ...measured.map((baseline) => baseline.result)]) {
      if ((result.generatorCpuPercent ?? 0) >= 90) {
        notes.push(
          `${tool} used ${fixed(result.generatorCpuPercent, 0)}% of a core against ${result.target}: the load generator ` +
            `was (near) its limit, so that req/s is a floor` +
            (result.target === 'lodgehall' ? '.' : ' and the ratio against it flatters Lodgehall.'),
        );
      }
    }
    for (const { result, ratio, cpuRatio } of measured) {
      if (
        result.serverCpuPercent !== undefined &&
        result.serverCpuPercent < BARE_SATURATED_PERCENT &&
        ratio !== undefined &&
        cpuRatio !== undefined &&
        cpuRatio < ratio
      ) {
        notes.push(
          `${tool}: ${result.target} used only ${fixed(result.serverCpuPercent, 0)}% of a core, so it was not the limit of its run ` +
            `and the req/s ratio ${fixed(ratio, 2)} against it overstates Lodgehall; by CPU per answer it is ${fixed(cpuRatio, 2)}.`,
        );
      }
    }
    const busiest = Math.max(
      lodgehall.otherCpuPercent ?? 0,
      ...measured.map(({ result }) => result.otherCpuPercent ?? 0),
    );
    if (busiest >= 25) {
      notes.push(
        `${tool}: other processes used up to ${fixed(busiest, 0)}% of a core during the runs: ` +
          'the machine was shared, so the numbers are noisy (compare the µs CPU/req columns).',
      );
    }
    const a = lodgehall.bytesPerResponse;
    for (const { result } of measured) {
      const b = result.bytesPerResponse;
      if (a !== undefined && b !== undefined && Math.abs(a - b) > Math.max(16, 0.02 * a)) {
        notes.push(
          `${tool}: answers differ in size from ${result.target} (${count(a)} B against ${count(b)} B): the body or headers vary per request.`,
        );
      }
    }
  }
  return notes;
}

export function budgetLine(comparison: ToolComparison): string {
  const rule = `ratio >= ${BUDGET.minRatio} against ${comparison.budgetBaseline}, p99 < ${BUDGET.maxP99Ms} ms at ${BUDGET.connections} connections`;
  const why = comparison.budget.reasons.length ? `: ${comparison.budget.reasons.join('; ')}` : '';
  return `budget (docs/architecture.md §10: ${rule}) by ${comparison.tool}: ${comparison.budget.verdict}${why}`;
}
