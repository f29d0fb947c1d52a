import { afterEach, describe, expect, it } from 'vitest';
import {
  observeServerDate,
  resetServerClockForTests,
  serverClockOffset,
  serverNow,
} from './server-clock.ts';

afterEach(() => resetServerClockForTests());

describe('the server clock for X-SALT', () => {
  const now = Date.parse('2026-11-22T10:00:00.000Z');

  it('leaves small differences alone', () => {
    expect(observeServerDate('Sun, 22 Nov 2026 10:00:05 GMT', now, now)).toBe(false);
    expect(serverClockOffset()).toBe(0);
  });

  it('corrects a computer clock that is far off, and undoes it when it is right again', () => {
    // The server says 10:10: this computer is ten minutes slow.
    expect(observeServerDate('Sun, 22 Nov 2026 10:10:00 GMT', now, now)).toBe(true);
    expect(serverClockOffset()).toBe(10 * 60_000 + 500);
    expect(Math.abs(serverNow() - (Date.now() + 10 * 60_000 + 500))).toBeLessThan(50);
    expect(observeServerDate('Sun, 22 Nov 2026 10:00:00 GMT', now, now)).toBe(true);
    expect(serverClockOffset()).toBe(0);
  });

  it('ignores a missing or unreadable header', () => {
    expect(observeServerDate(null, now, now)).toBe(false);
    expect(observeServerDate('yesterday', now, now)).toBe(false);
    expect(serverClockOffset()).toBe(0);
  });
});
