import { describe, expect, it } from 'vitest';
import { UsageError, parseBenchArgs } from './args.ts';

describe('parseBenchArgs', () => {
  it('defaults to the budget figures and a quick scale', () => {
    const options = parseBenchArgs(['public-small']);
    expect(options).toMatchObject({
      scenarios: ['public-small'],
      connections: 50,
      durationSeconds: 10,
      warmupSeconds: 3,
      scale: 1,
      databaseUrl: undefined,
      keepDb: false,
      strict: false,
      wrk: true,
      cpuProfileDir: undefined,
    });
  });

  it('reads every option and keeps scenarios in order without repeats', () => {
    const options = parseBenchArgs([
      'healthz',
      'public-small',
      'healthz',
      '--connections',
      '10',
      '--duration=5',
      '--warmup',
      '0',
      '--scale',
      '50',
      '--keep-db',
      '--strict',
      '--no-wrk',
      '--cpu-prof',
      'profiles',
    ]);
    expect(options.scenarios).toEqual(['healthz', 'public-small']);
    expect(options).toMatchObject({
      connections: 10,
      durationSeconds: 5,
      warmupSeconds: 0,
      scale: 50,
      keepDb: true,
      strict: true,
      wrk: false,
      cpuProfileDir: 'profiles',
    });
  });

  it('accepts a PostgreSQL URL', () => {
    const url = 'postgres://bench@127.0.0.1:5432/lodgehall_bench';
    expect(parseBenchArgs(['healthz', '--database-url', url]).databaseUrl).toBe(url);
  });

  it.each([
    [[], /at least one scenario/],
    [['healthz', '--connections', '0'], /--connections expects a whole number from 1/],
    [['healthz', '--duration', '1.5'], /--duration expects a whole number/],
    [['healthz', '--scale', 'big'], /--scale expects/],
    [['healthz', '--database-url', 'mysql://x'], /postgres:\/\//],
    [['healthz', '--database-url', 'postgres://x/y', '--keep-db'], /--keep-db/],
    [['Public_Small'], /not a scenario name/],
    [['healthz', '--bogus'], /bogus/],
    [['mixed-load', 'healthz'], /runs alone/],
    [['healthz', '--minutes', '1'], /--minutes applies to mixed-load/],
    [['healthz', '--rate', '10'], /--rate applies to mixed-load/],
    [['mixed-load', '--minutes', '1', '--duration', '30'], /not both/],
    [['mixed-load', '--rate', '0'], /--rate expects a whole number from 1/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseBenchArgs(argv)).toThrow(UsageError);
    expect(() => parseBenchArgs(argv)).toThrow(message);
  });

  it('needs no scenario for --list or --help', () => {
    expect(parseBenchArgs(['--list']).list).toBe(true);
    expect(parseBenchArgs(['-h']).help).toBe(true);
  });

  it('reads mixed-load: ten minutes by default, --minutes or --duration for a shorter run', () => {
    const defaults = parseBenchArgs(['mixed-load']);
    expect(defaults).toMatchObject({
      mode: 'mixed-load',
      durationSeconds: 600,
      warmupSeconds: 15,
      mixedLoad: { durationSeconds: 600, rate: 100, streams: 500, seed: 1 },
    });
    expect(parseBenchArgs(['mixed-load', '--minutes', '1']).mixedLoad?.durationSeconds).toBe(60);
    expect(parseBenchArgs(['mixed-load', '--duration', '45']).mixedLoad?.durationSeconds).toBe(45);
    expect(
      parseBenchArgs(['mixed-load', '--rate', '40', '--streams', '20', '--seed', '7']).mixedLoad,
    ).toMatchObject({ rate: 40, streams: 20, seed: 7 });
    expect(parseBenchArgs(['healthz'])).toMatchObject({ mode: 'scenarios', mixedLoad: undefined });
  });
});
