import type { DeliverySummary } from './delivery-ledger.ts';
import type { HeapTrend, RssSample, RssTrend } from './memory.ts';
import { DELIVERY_BUDGET } from './mixed-workload.ts';
import type { CallKind } from './mixed-workload.ts';
import { formatTable } from './report.ts';
import type { LatencySummary, LoadResult } from './stats.ts';

export interface KindResult {
  readonly kind: CallKind;
  readonly call: string;
  readonly write: boolean;
  readonly calls: number;
  /** Answers other than the one expected (200, or 201 for a chat send), and no answer at all. */
  readonly errors: number;
  readonly statuses: Readonly<Record<string, number>>;
  /** From when the call was due to its answer's last byte. */
  readonly latencyMs: LatencySummary;
  readonly budgetP99Ms: number;
  readonly errorSamples: readonly string[];
}

export interface StreamFigures {
  readonly asked: number;
  readonly opened: number;
  readonly openFailures: number;
  readonly openErrors: readonly string[];
  /** Still open when the load and the deliveries were over. */
  readonly heldAtEnd: number;
  /** Why the others ended, and how many each. */
  readonly endedEarly: Readonly<Record<string, number>>;
  readonly members: number;
  readonly membersWithTwo: number;
  readonly badgesEvents: number;
  readonly heartbeats: number;
  readonly otherEvents: number;
}

export interface TimelineWindow {
  readonly fromSeconds: number;
  readonly calls: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export interface MixedLoadReport {
  readonly engine: string;
  readonly scale: number;
  readonly rate: number;
  readonly connections: number;
  readonly seed: number;
  readonly warmupSeconds: number;
  readonly durationSeconds: number;
  readonly lodges: number;
  readonly chats: number;
  readonly signInSeconds: number;
  readonly kinds: readonly KindResult[];
  readonly delivery: DeliverySummary;
  readonly streams: StreamFigures;
  readonly rss: {
    readonly beforeStreamsMb: number | undefined;
    readonly withStreamsMb: number | undefined;
    /** From the start of the measured load, every 5 s, and once after it. */
    readonly samples: readonly RssSample[];
    readonly afterDrainMb: number | undefined;
    /** After the end's full collection. */
    readonly afterCollectionMb: number | undefined;
    readonly trend: RssTrend | undefined;
  };
  /** The live heap, read through the server's inspector; the leak verdict when there. */
  readonly heap: HeapTrend | undefined;
  /** Every call of each 5-second window of the run, whatever its kind: stalls show here. */
  readonly timeline: readonly TimelineWindow[];
  readonly cpu: Pick<
    LoadResult,
    'serverCpuPercent' | 'serverCpuMicrosPerResponse' | 'generatorCpuPercent' | 'otherCpuPercent'
  >;
  /** PostgreSQL's backends for the run's database, when on this machine (part of "other"). */
  readonly databaseCpuPercent: number | undefined;
  /** Most calls awaiting their answer at once; above `connections` some waited for a socket. */
  readonly mostInFlight: number;
  /** The load generator's own event-loop delay: when high, it (not the server) added latency. */
  readonly generatorLoopDelayP99Ms: number;
  readonly loadAverage: { readonly start: readonly number[]; readonly end: readonly number[] };
  readonly serverLogLinesUnderLoad: number;
  readonly serverLogTail: readonly string[];
  readonly verdict: 'PASS' | 'FAIL';
  readonly failures: readonly string[];
}

/**
 * Issue 21's bar: no error, every kind's p99 inside its budget, every chat message delivered
 * to every stream that should get it (and none to any other, none twice) within the delivery
 * goals, every stream held to the end, and the server's RSS flat.
 */
export function mixedLoadVerdict(
  report: Pick<MixedLoadReport, 'kinds' | 'delivery' | 'streams' | 'rss' | 'heap'>,
): { verdict: 'PASS' | 'FAIL'; failures: string[] } {
  const failures: string[] = [];
  for (const kind of report.kinds) {
    if (kind.errors > 0) failures.push(`${kind.kind}: ${kind.errors} errors`);
    if (kind.calls > 0 && kind.latencyMs.p99 >= kind.budgetP99Ms) {
      failures.push(
        `${kind.kind}: p99 ${kind.latencyMs.p99.toFixed(1)} ms >= ${kind.budgetP99Ms} ms`,
      );
    }
  }
  const { delivery, streams, rss, heap } = report;
  if (delivery.missing > 0) {
    failures.push(`${delivery.missing} of ${delivery.expected} deliveries never arrived`);
  }
  if (delivery.unexpected > 0) {
    failures.push(`${delivery.unexpected} messages reached a stream outside their chat`);
  }
  if (delivery.duplicates > 0) failures.push(`${delivery.duplicates} deliveries came twice`);
  if (delivery.unknown > 0) {
    failures.push(`${delivery.unknown} deliveries of messages no answered send named`);
  }
  if (delivery.received > 0 && delivery.latencyMs.p50 >= DELIVERY_BUDGET.p50Ms) {
    failures.push(
      `delivery p50 ${delivery.latencyMs.p50.toFixed(1)} ms >= ${DELIVERY_BUDGET.p50Ms} ms`,
    );
  }
  if (delivery.received > 0 && delivery.latencyMs.p99 >= DELIVERY_BUDGET.p99Ms) {
    failures.push(
      `delivery p99 ${delivery.latencyMs.p99.toFixed(1)} ms >= ${DELIVERY_BUDGET.p99Ms} ms`,
    );
  }
  if (streams.opened < streams.asked) {
    failures.push(`${streams.asked - streams.opened} of ${streams.asked} streams did not open`);
  }
  if (streams.heldAtEnd < streams.opened) {
    failures.push(`${streams.opened - streams.heldAtEnd} streams ended during the run`);
  }
  if (heap) {
    if (!heap.flat) {
      failures.push(
        `the live heap grew ${heap.growthMb.toFixed(1)} MB (allowed ${heap.allowedGrowthMb.toFixed(1)})`,
      );
    }
  } else if (!rss.trend) failures.push('the server’s RSS could not be read');
  else if (!rss.trend.flat) {
    failures.push(
      `RSS rose ${rss.trend.growthMb.toFixed(1)} MB from the second quarter to the last (allowed ${rss.trend.allowedGrowthMb.toFixed(1)})`,
    );
  }
  return { verdict: failures.length === 0 ? 'PASS' : 'FAIL', failures };
}

const ms = (value: number): string => value.toFixed(1);
const count = (value: number): string => value.toLocaleString('en-US');
const mb = (value: number | undefined): string => (value === undefined ? '?' : value.toFixed(1));
const percent = (value: number | undefined): string =>
  value === undefined ? '-' : `${Math.round(value)}%`;

/** The report's text: one table of calls and a few lines for the rest. */
export function mixedLoadText(report: MixedLoadReport): string[] {
  const rows = report.kinds.map((kind) => [
    kind.kind,
    kind.write ? 'write' : 'read',
    count(kind.calls),
    count(kind.errors),
    ms(kind.latencyMs.p50),
    ms(kind.latencyMs.p90),
    ms(kind.latencyMs.p99),
    ms(kind.latencyMs.max),
    `< ${kind.budgetP99Ms}`,
    kind.calls > 0 && kind.latencyMs.p99 < kind.budgetP99Ms && kind.errors === 0 ? 'ok' : 'OVER',
  ]);
  const total = report.kinds.reduce((sum, kind) => sum + kind.calls, 0);
  const errors = report.kinds.reduce((sum, kind) => sum + kind.errors, 0);
  const { delivery, streams, rss } = report;
  rows.push([
    'all calls',
    '',
    count(total),
    count(errors),
    '',
    '',
    '',
    '',
    '',
    `${(total / report.durationSeconds).toFixed(1)}/s`,
  ]);
  rows.push([
    'chat delivery',
    'stream',
    count(delivery.received),
    count(delivery.missing),
    ms(delivery.latencyMs.p50),
    ms(delivery.latencyMs.p90),
    ms(delivery.latencyMs.p99),
    ms(delivery.latencyMs.max),
    `< ${DELIVERY_BUDGET.p99Ms}`,
    delivery.missing === 0 &&
    delivery.latencyMs.p50 < DELIVERY_BUDGET.p50Ms &&
    delivery.latencyMs.p99 < DELIVERY_BUDGET.p99Ms
      ? 'ok'
      : 'OVER',
  ]);
  const lines = [
    formatTable(
      ['kind', '', 'calls', 'errors', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'p99 budget', ''],
      rows,
    ),
    '',
    `streams: ${count(streams.asked)} asked, ${count(streams.opened)} opened, ${count(streams.heldAtEnd)} held to the end (${count(streams.members)} members, ${count(streams.membersWithTwo)} with two tabs); ${count(streams.badgesEvents)} badges events, ${count(streams.heartbeats)} heartbeats`,
    `messages: ${count(delivery.sent)} sent, ${count(delivery.expected)} deliveries expected (each to every stream of its chat's members), ${count(delivery.received)} received, ${count(delivery.missing)} missing, ${count(delivery.duplicates)} twice, ${count(delivery.unexpected)} outside their chat, ${count(delivery.unknown)} unknown`,
    `server RSS: ${mb(rss.beforeStreamsMb)} MB before the streams, ${mb(rss.withStreamsMb)} MB with them; under load ${mb(rss.trend?.startMb)} MB at the start, ${mb(rss.trend?.endMb)} MB at the end (min ${mb(rss.trend?.minMb)}, max ${mb(rss.trend?.maxMb)}); medians ${mb(rss.trend?.settledMb)} MB in the second quarter and ${mb(rss.trend?.lastQuarterMb)} MB in the last (flat: up to ${mb(rss.trend?.allowedGrowthMb)} MB more); ${mb(rss.afterDrainMb)} MB after the drain, ${mb(rss.afterCollectionMb)} MB after a full collection`,
    report.heap
      ? `live heap (used after a full collection): ${mb(report.heap.startMb)} MB before the load, ${mb(report.heap.endMb)} MB after it (${report.heap.growthMb >= 0 ? '+' : ''}${mb(report.heap.growthMb)} MB; flat: up to +${mb(report.heap.allowedGrowthMb)})`
      : 'live heap: not read (no inspector); the RSS decides',
    `CPU: server ${percent(report.cpu.serverCpuPercent)} of a core (${report.cpu.serverCpuMicrosPerResponse?.toFixed(0) ?? '-'} µs a call, streams included), generator ${percent(report.cpu.generatorCpuPercent)}, other processes ${percent(report.cpu.otherCpuPercent)}${report.databaseCpuPercent === undefined ? '' : ` (PostgreSQL's backends for this database ${percent(report.databaseCpuPercent)})`}; generator event-loop delay p99 ${ms(report.generatorLoopDelayP99Ms)} ms`,
    `load average: ${report.loadAverage.start.map((v) => v.toFixed(2)).join(' ')} at the start, ${report.loadAverage.end.map((v) => v.toFixed(2)).join(' ')} at the end`,
  ];
  lines.push(
    report.mostInFlight > report.connections
      ? `in flight: up to ${count(report.mostInFlight)} calls at once, more than the ${report.connections} connections: the server fell behind the schedule and calls queued (their wait is in their latency)`
      : `in flight: at most ${count(report.mostInFlight)} calls at once (of ${report.connections} connections)`,
  );
  const worst = [...report.timeline]
    .filter((window) => window.calls > 0)
    .sort((a, b) => b.p99Ms - a.p99Ms)
    .slice(0, 3);
  if (worst.length > 0) {
    lines.push(
      `slowest 5 s windows (all kinds): ${worst.map((w) => `${w.fromSeconds}-${w.fromSeconds + 5} s p99 ${ms(w.p99Ms)} ms (p50 ${ms(w.p50Ms)}, ${w.calls} calls)`).join('; ')}`,
    );
  }
  for (const [why, n] of Object.entries(streams.endedEarly)) {
    lines.push(`note: ${n} streams ended during the run: ${why}`);
  }
  for (const error of streams.openErrors) lines.push(`note: a stream did not open: ${error}`);
  for (const kind of report.kinds) {
    for (const sample of kind.errorSamples) lines.push(`note: ${kind.kind} failed: ${sample}`);
  }
  for (const missed of delivery.firstMissed) {
    lines.push(
      `note: message ${missed.messageId} (chat ${missed.chatId}) never reached stream ${missed.streamId} of party ${missed.partyId}`,
    );
  }
  if (report.serverLogLinesUnderLoad > 0) {
    lines.push(
      `note: the server logged ${report.serverLogLinesUnderLoad} lines at LOG_LEVEL=warn under load; the last ones:`,
      ...report.serverLogTail,
    );
  }
  lines.push(
    '',
    report.verdict === 'PASS'
      ? 'mixed load: PASS (0 errors, every p99 inside its budget, every message delivered, every stream held, the live heap flat)'
      : `mixed load: FAIL: ${report.failures.join('; ')}`,
  );
  return lines;
}
