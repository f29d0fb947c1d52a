import { describe, expect, it } from 'vitest';
import { formatMessageDay, formatMessageTime, messageDayKey } from './chat-message-time.ts';

describe('chat message times (CONST-27, CONST-28)', () => {
  it('formats a message time as MMM D, YYYY h:mm a (CONST-27)', () => {
    expect(formatMessageTime(new Date(2024, 2, 5, 14, 7).getTime())).toBe('Mar 5, 2024 2:07 pm');
    expect(formatMessageTime(new Date(2024, 11, 25, 0, 5).getTime())).toBe('Dec 25, 2024 12:05 am');
  });

  it('puts two times of one local day under one key and the next day under another', () => {
    const morning = new Date(2024, 2, 5, 0, 1).getTime();
    const night = new Date(2024, 2, 5, 23, 59).getTime();
    const next = new Date(2024, 2, 6, 0, 0).getTime();
    expect(messageDayKey(morning)).toBe(messageDayKey(night));
    expect(messageDayKey(next)).not.toBe(messageDayKey(night));
    expect(formatMessageDay(morning)).toBe('Tuesday, March 5, 2024');
  });
});
