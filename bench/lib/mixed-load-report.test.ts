import { describe, expect, it } from 'vitest';
import { mixedLoadVerdict } from './mixed-load-report.ts';
import type { KindResult, StreamFigures } from './mixed-load-report.ts';
import type { DeliverySummary } from './delivery-ledger.ts';

const latency = (p50: number, p99: number) => ({ p50, p90: p99, p99, max: p99, mean: p50 });

const kind: KindResult = {
  kind: 'feed',
  call: 'GET /posts.json?page=0',
  write: false,
  calls: 1_000,
  errors: 0,
  statuses: { '200': 1_000 },
  latencyMs: latency(5, 30),
  budgetP99Ms: 50,
  errorSamples: [],
};
const delivery: DeliverySummary = {
  sent: 100,
  expected: 600,
  received: 600,
  missing: 0,
  duplicates: 0,
  unexpected: 0,
  unknown: 0,
  latencyMs: latency(10, 40),
  firstMissed: [],
};
const streams: StreamFigures = {
  asked: 500,
  opened: 500,
  openFailures: 0,
  openErrors: [],
  heldAtEnd: 500,
  endedEarly: {},
  members: 400,
  membersWithTwo: 100,
  badgesEvents: 0,
  heartbeats: 0,
  otherEvents: 0,
};
const rss = {
  beforeStreamsMb: 190,
  withStreamsMb: 200,
  samples: [],
  afterDrainMb: 205,
  afterCollectionMb: 190,
  trend: {
    startMb: 200,
    endMb: 205,
    minMb: 195,
    maxMb: 210,
    settledMb: 201,
    lastQuarterMb: 204,
    growthMb: 3,
    allowedGrowthMb: 10,
    flat: true,
  },
};

const heap = { startMb: 80, endMb: 83, growthMb: 3, allowedGrowthMb: 8, flat: true };

describe('mixedLoadVerdict', () => {
  it('passes a run with no error, every p99 inside, every message delivered and RSS flat', () => {
    expect(mixedLoadVerdict({ kinds: [kind], delivery, streams, rss, heap })).toEqual({
      verdict: 'PASS',
      failures: [],
    });
  });

  it('fails on each thing issue 21 holds the run to, and says which', () => {
    const { verdict, failures } = mixedLoadVerdict({
      kinds: [{ ...kind, errors: 2, latencyMs: latency(5, 51) }],
      delivery: { ...delivery, received: 598, missing: 2, unexpected: 1, duplicates: 1 },
      streams: { ...streams, heldAtEnd: 499 },
      rss,
      heap: { ...heap, endMb: 92, growthMb: 12, flat: false },
    });
    expect(verdict).toBe('FAIL');
    expect(failures).toEqual([
      'feed: 2 errors',
      'feed: p99 51.0 ms >= 50 ms',
      '2 of 600 deliveries never arrived',
      '1 messages reached a stream outside their chat',
      '1 deliveries came twice',
      '1 streams ended during the run',
      'the live heap grew 12.0 MB (allowed 8.0)',
    ]);
  });

  it('fails a slow delivery against issue 12’s goals', () => {
    const { failures } = mixedLoadVerdict({
      kinds: [kind],
      delivery: { ...delivery, latencyMs: latency(60, 250) },
      streams,
      rss,
      heap,
    });
    expect(failures).toEqual(['delivery p50 60.0 ms >= 50 ms', 'delivery p99 250.0 ms >= 200 ms']);
  });

  it('reads the RSS when the live heap could not be read', () => {
    const { failures } = mixedLoadVerdict({
      kinds: [kind],
      delivery,
      streams,
      rss: { ...rss, trend: { ...rss.trend, growthMb: 12, flat: false } },
      heap: undefined,
    });
    expect(failures).toEqual([
      'RSS rose 12.0 MB from the second quarter to the last (allowed 10.0)',
    ]);
  });
});
