import { describe, expect, it } from 'vitest';
import { icsFileName } from './event-download.ts';

describe('the downloaded event’s file name', () => {
  it('is the event’s name', () => {
    expect(icsFileName('Open House', 4)).toBe('Open House.ics');
    expect(icsFileName("Officers' Planning Meeting", 4)).toBe("Officers' Planning Meeting.ics");
  });

  it('leaves out what file systems refuse, and never starts with a dot', () => {
    expect(icsFileName('Dinner: 6/12 "Ladies Night"?', 4)).toBe('Dinner 6 12 Ladies Night.ics');
    expect(icsFileName('..secret', 4)).toBe('secret.ics');
  });

  it('falls back to the event’s id when nothing is left', () => {
    expect(icsFileName(' /// ', 42)).toBe('event-42.ics');
  });
});
