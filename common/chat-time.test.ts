import { describe, expect, it } from 'vitest';
import { formatChatListTime } from './chat-time.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
// 3:15 PM on 5 March 2024, in whatever zone the tests run in (AMB-33: the browser's own).
const now = new Date(2024, 2, 5, 15, 15).getTime();

describe('the chat list time (CONST-26, AMB-33)', () => {
  it('within a day shows the time, h:mm A', () => {
    expect(formatChatListTime(now, now)).toBe('3:15 PM');
    expect(formatChatListTime(now - 2 * HOUR, now)).toBe('1:15 PM');
    expect(formatChatListTime(new Date(2024, 2, 5, 9, 5).getTime(), now)).toBe('9:05 AM');
  });

  it('exactly 24 h is not over a day; a minute more is, and shows MMM D', () => {
    expect(formatChatListTime(now - DAY, now)).toBe('3:15 PM');
    expect(formatChatListTime(now - DAY - 60_000, now)).toBe('Mar 4');
    expect(formatChatListTime(now - 3 * DAY, now)).toBe('Mar 2');
  });

  it('exactly 60 days is not over 60 days; a minute more shows M/D/YY', () => {
    expect(formatChatListTime(now - 60 * DAY, now)).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
    expect(formatChatListTime(new Date(2023, 11, 6, 15, 15).getTime(), now)).toBe('12/6/23');
    expect(formatChatListTime(new Date(2024, 0, 5, 12).getTime(), now)).toBe('1/5/24');
    expect(formatChatListTime(now - 60 * DAY - 60_000, now)).toMatch(/^\d{1,2}\/\d{1,2}\/\d{2}$/);
  });

  it('a time a little ahead of the clock shows as a time', () => {
    expect(formatChatListTime(now + 5_000, now)).toBe('3:15 PM');
  });
});
