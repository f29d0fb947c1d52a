import { describe, expect, it } from 'vitest';
import { chatTitle } from './chat-title.ts';

describe('chatTitle (D42)', () => {
  it('uses the name when there is one', () => {
    expect(chatTitle({ type: 'GroupChat', name: ' Fish Fry Crew ' }, ['Bill Harper'])).toBe(
      'Fish Fry Crew',
    );
  });

  it('names the other member of a one-on-one', () => {
    expect(chatTitle({ type: 'OneOnOneChat', name: null }, ['Bill Harper'])).toBe('Bill Harper');
  });

  it('is New Group Chat for an unnamed group with no one else (CONST-32)', () => {
    expect(chatTitle({ type: 'GroupChat', name: null }, [])).toBe('New Group Chat');
    expect(chatTitle({ type: 'GroupChat', name: '  ' }, [])).toBe('New Group Chat');
  });

  it('lists up to three others and counts the rest', () => {
    expect(chatTitle({ type: 'GroupChat', name: null }, ['A B', 'C D'])).toBe('A B, C D');
    expect(chatTitle({ type: 'GroupChat', name: null }, ['A', 'B', 'C', 'D'], 6)).toBe(
      'A, B, C and 3 more',
    );
  });
});
