import type { LoadResult, LoadTool } from './stats.ts';

/** ARCHITECTURE §10: the hot reads against bare node:http serving the same bytes. */
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
  /** Lodgehall's requests/s over bare's: the §10 figure. */
  readonly ratio: number | undefined;
  /**
   * Bare's server CPU per answer over Lodgehall's: the ratio the two would reach if both were
   * saturated on one core each. Unlike `ratio` it does not depend on which of server,
   * generator or neighbours was the limit, so it is the steadier figure on a small or busy
   * machine.
   */
  readonly cpuRatio: number | undefined;
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
 * A run with failed requests measures something other than the endpoint (a 401, a rate
 * limit, a crash), so it cannot pass whatever its speed.
 */
export function checkBudget(
  lodgehall: LoadResult,
  bare: LoadResult,
  connections: number,
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
  const ratio = ratioOf(lodgehall, bare);
  if (ratio === undefined) reasons.push('the bare server answered nothing');
  else if (ratio < BUDGET.minRatio) reasons.push(`ratio ${ratio.toFixed(3)} < ${BUDGET.minRatio}`);
  if (lodgehall.latencyMs.p99 >= BUDGET.maxP99Ms) {
    reasons.push(`p99 ${lodgehall.latencyMs.p99.toFixed(1)} ms >= ${BUDGET.maxP99Ms} ms`);
  }
  for (const result of [lodgehall, bare]) {
    if (result.errors > 0) reasons.push(`${result.target}: ${result.errors} connection errors`);
    if (result.non2xx > 0) reasons.push(`${result.target}: ${result.non2xx} non-2xx answers`);
  }
  return { verdict: reasons.length ? 'FAIL' : 'PASS', reasons };
}

export function compare(
  tool: LoadTool,
  lodgehall: LoadResult,
  bare: LoadResult,
  connections: number,
): ToolComparison {
  return {
    tool,
    lodgehall,
    bare,
    ratio: ratioOf(lodgehall, bare),
    cpuRatio: cpuRatioOf(lodgehall, bare),
    budget: checkBudget(lodgehall, bare, connections),
  };
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
    for (const result of [comparison.lodgehall, comparison.bare]) {
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
    // The ratio row puts the throughput ratio under req/s and the CPU ratio under µs CPU/req.
    const ratioRow = header.map(() => '');
    ratioRow[0] = comparison.tool;
    ratioRow[1] = 'ratio';
    ratioRow[2] = fixed(comparison.ratio, 2);
    ratioRow[header.indexOf('µs CPU/req')] = fixed(comparison.cpuRatio, 2);
    rows.push(ratioRow);
  }
  return formatTable(header, rows);
}

/** What a reader should know before trusting the numbers. */
export function caveats(comparisons: readonly ToolComparison[]): string[] {
  const notes: string[] = [];
  for (const { tool, lodgehall, bare, ratio, cpuRatio } of comparisons) {
    for (const result of [lodgehall, bare]) {
      if ((result.generatorCpuPercent ?? 0) >= 90) {
        notes.push(
          `${tool} used ${fixed(result.generatorCpuPercent, 0)}% of a core against ${result.target}: the load generator ` +
            `was (near) its limit, so that req/s is a floor` +
            (result.target === 'bare' ? ' and the ratio flatters Lodgehall.' : '.'),
        );
      }
    }
    if (
      bare.serverCpuPercent !== undefined &&
      bare.serverCpuPercent < BARE_SATURATED_PERCENT &&
      ratio !== undefined &&
      cpuRatio !== undefined &&
      cpuRatio < ratio
    ) {
      notes.push(
        `${tool}: bare used only ${fixed(bare.serverCpuPercent, 0)}% of a core, so it was not the limit of its run ` +
          `and the req/s ratio ${fixed(ratio, 2)} overstates Lodgehall; by CPU per answer it is ${fixed(cpuRatio, 2)}.`,
      );
    }
    const busiest = Math.max(lodgehall.otherCpuPercent ?? 0, bare.otherCpuPercent ?? 0);
    if (busiest >= 25) {
      notes.push(
        `${tool}: other processes used up to ${fixed(busiest, 0)}% of a core during the runs: ` +
          'the machine was shared, so the numbers are noisy (compare the µs CPU/req columns).',
      );
    }
    const a = lodgehall.bytesPerResponse;
    const b = bare.bytesPerResponse;
    if (a !== undefined && b !== undefined && Math.abs(a - b) > Math.max(16, 0.02 * a)) {
      notes.push(
        `${tool}: answers differ in size (${count(a)} B against ${count(b)} B): the body or headers vary per request.`,
      );
    }
  }
  return notes;
}

export function budgetLine(comparison: ToolComparison): string {
  const rule = `ratio >= ${BUDGET.minRatio}, p99 < ${BUDGET.maxP99Ms} ms at ${BUDGET.connections} connections`;
  const why = comparison.budget.reasons.length ? `: ${comparison.budget.reasons.join('; ')}` : '';
  return `budget (ARCHITECTURE §10: ${rule}) by ${comparison.tool}: ${comparison.budget.verdict}${why}`;
}
