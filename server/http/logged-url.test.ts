import { describe, expect, it } from 'vitest';
import { loggedUrl } from './logged-url.ts';

describe('loggedUrl (D54)', () => {
  it('leaves a calendar feed’s token out of the log', () => {
    const token = 'Abc_-0123456789abcdefghijklmnopqrstuvwxyzAB';
    expect(loggedUrl(`/feeds/calendar/${token}.ics`)).toBe('/feeds/calendar/….ics');
    expect(loggedUrl(`/feeds/calendar/${token}.ics?x=1`)).toBe('/feeds/calendar/….ics?x=1');
  });

  it('keeps every other URL as it is', () => {
    for (const url of [
      '/api/private/mobile/v1/calendar_events/12.ics',
      '/api/private/mobile/v1/calendar_feed.json',
      '/app/calendar',
      '/feeds/calendar/',
    ]) {
      expect(loggedUrl(url)).toBe(url);
    }
  });
});
