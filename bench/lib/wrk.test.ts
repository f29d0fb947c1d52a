import { describe, expect, it } from 'vitest';
import { luaString, parseWrkOutput, wrkThreads } from './wrk.ts';

// Captured from wrk 4.1.0 (Debian 12) against a server answering 500.
const SAMPLE = `Running 1s test @ http://127.0.0.1:47123/e
  1 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   668.94us    1.42ms  22.53ms   91.78%
    Req/Sec    32.78k    15.06k   47.96k    70.00%
  Latency Distribution
     50%  210.00us
     75%  432.00us
     90%    1.74ms
     99%    6.28ms
  32640 requests in 1.00s, 4.45MB read
  Socket errors: connect 1, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 32640
Requests/sec:  32502.29
Transfer/sec:      4.43MB
`;

describe('parseWrkOutput', () => {
  it('reads throughput, latency percentiles in ms, errors and non-2xx answers', () => {
    const summary = parseWrkOutput(SAMPLE);
    expect(summary.responses).toBe(32640);
    expect(summary.seconds).toBe(1);
    expect(summary.requestsPerSecond).toBeCloseTo(32502.29);
    expect(summary.latencyMs.p50).toBeCloseTo(0.21);
    expect(summary.latencyMs.p90).toBeCloseTo(1.74);
    expect(summary.latencyMs.p99).toBeCloseTo(6.28);
    expect(summary.latencyMs.max).toBeCloseTo(22.53);
    expect(summary.latencyMs.mean).toBeCloseTo(0.66894);
    expect(summary.socketErrors).toBe(6);
    expect(summary.non2xxOr3xx).toBe(32640);
    expect(summary.bytesRead).toBeCloseTo(4.45 * 1024 * 1024);
  });

  it('counts no errors when wrk prints no error lines', () => {
    const clean = SAMPLE.replace(/ {2}Socket errors.*\n/, '').replace(/ {2}Non-2xx.*\n/, '');
    const summary = parseWrkOutput(clean);
    expect(summary.socketErrors).toBe(0);
    expect(summary.non2xxOr3xx).toBe(0);
  });

  it('refuses output without a latency distribution', () => {
    expect(() => parseWrkOutput(SAMPLE.replace(/ {5}99%.*\n/, ''))).toThrow(/latency distribution/);
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(
      /unexpected wrk output/,
    );
  });
});

describe('luaString', () => {
  it('escapes quotes, backslashes, newlines and non-ASCII bytes', () => {
    expect(luaString('a"b\\c\nd')).toBe('"a\\"b\\\\c\\010d"');
    expect(luaString('é')).toBe('"\\195\\169"');
  });
});

describe('wrkThreads', () => {
  it('leaves half the cores to the server, with at least one thread', () => {
    expect(wrkThreads(50, 2)).toBe(1);
    expect(wrkThreads(50, 1)).toBe(1);
    expect(wrkThreads(50, 16)).toBe(8);
    expect(wrkThreads(4, 16)).toBe(4);
  });
});
