import { describe, expect, it } from 'vitest';
import { Random } from './random.ts';

function draws(rng: Random, n: number): number[] {
  return Array.from({ length: n }, () => rng.next());
}

describe('Random', () => {
  it('repeats its sequence for the same seed', () => {
    expect(draws(new Random(42), 50)).toEqual(draws(new Random(42), 50));
  });

  it('gives another sequence for another seed or label', () => {
    expect(draws(new Random(42), 5)).not.toEqual(draws(new Random(43), 5));
    expect(draws(new Random(42, 'a'), 5)).not.toEqual(draws(new Random(42, 'b'), 5));
  });

  it('keeps forks independent of how much the parent drew', () => {
    const a = new Random(9);
    const b = new Random(9);
    draws(b, 100);
    expect(draws(a.fork('posts'), 10)).toEqual(draws(b.fork('posts'), 10));
    expect(draws(a.fork('posts'), 10)).not.toEqual(draws(a.fork('chats'), 10));
  });

  it('stays within bounds', () => {
    const rng = new Random(1);
    for (let i = 0; i < 10_000; i++) {
      const x = rng.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      const n = rng.int(3, 7);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(7);
    }
  });

  it('reaches every value of a small range about equally', () => {
    const rng = new Random(2);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 40_000; i++) {
      const n = rng.int(0, 3);
      counts[n] = (counts[n] ?? 0) + 1;
    }
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });

  it('samples distinct items and keeps the mean of geometric draws', () => {
    const rng = new Random(3);
    const sample = rng.sample([1, 2, 3, 4, 5, 6, 7, 8], 5);
    expect(new Set(sample).size).toBe(5);
    expect(rng.sample([1, 2], 5).sort()).toEqual([1, 2]);
    let total = 0;
    for (let i = 0; i < 20_000; i++) total += rng.geometric(4);
    expect(total / 20_000).toBeGreaterThan(3.8);
    expect(total / 20_000).toBeLessThan(4.2);
  });

  it('picks by weight', () => {
    const rng = new Random(4);
    let heavy = 0;
    for (let i = 0; i < 10_000; i++) {
      if (
        rng.weighted([
          ['heavy', 9],
          ['light', 1],
        ] as const) === 'heavy'
      )
        heavy++;
    }
    expect(heavy).toBeGreaterThan(8_700);
    expect(heavy).toBeLessThan(9_300);
  });
});
