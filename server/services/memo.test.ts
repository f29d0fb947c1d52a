import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemo } from './memo.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('createMemo', () => {
  it('loads once within the TTL and again after it', async () => {
    vi.useFakeTimers();
    const memo = createMemo();
    let loads = 0;
    const load = async () => ++loads;
    expect(await memo('k', 1000, load)).toBe(1);
    expect(await memo('k', 1000, load)).toBe(1);
    vi.advanceTimersByTime(1001);
    expect(await memo('k', 1000, load)).toBe(2);
  });

  it('keeps keys apart', async () => {
    const memo = createMemo();
    expect(await memo('a', 1000, async () => 'A')).toBe('A');
    expect(await memo('b', 1000, async () => 'B')).toBe('B');
  });

  it('shares one load between concurrent callers', async () => {
    const memo = createMemo();
    const load = vi.fn(async () => 'x');
    await Promise.all([memo('k', 1000, load), memo('k', 1000, load), memo('k', 1000, load)]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load', async () => {
    const memo = createMemo();
    await expect(
      memo('k', 60_000, async () => {
        throw new Error('database away');
      }),
    ).rejects.toThrow('database away');
    expect(await memo('k', 60_000, async () => 'ok')).toBe('ok');
  });

  it('forgets the answers under a prefix and keeps the others', async () => {
    const memo = createMemo();
    let loads = 0;
    const load = async () => ++loads;
    expect(await memo('organizations', 60_000, load)).toBe(1);
    expect(await memo('organizations:recognized', 60_000, load)).toBe(2);
    expect(await memo('other', 60_000, load)).toBe(3);
    memo.forget('organizations');
    expect(await memo('organizations', 60_000, load)).toBe(4);
    expect(await memo('organizations:recognized', 60_000, load)).toBe(5);
    expect(await memo('other', 60_000, load)).toBe(3);
  });
});
