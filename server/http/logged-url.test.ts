import { describe, expect, it } from 'vitest';
import { loggedUrl } from './logged-url.ts';

describe('loggedUrl (D54)', () => {
  it('leaves a calendar feed’s token out of the log', () => {
    const token = 'Abc_-0123456789abcdefghijklmnopqrstuvwxyzAB';
    expect(loggedUrl(`/feeds/calendar/${token}.ics`)).toBe('/feeds/calendar/….ics');
    expect(loggedUrl(`/feeds/calendar/${token}.ics?x=1`)).toBe('/feeds/calendar/….ics?x=1');
  });

  it('leaves an unsubscribe link’s token out of the log (D81)', () => {
    const token = '12.n.AbCdEfGhIjKlMnOpQrStUv';
    expect(loggedUrl(`/app/unsubscribe?token=${token}`)).toBe('/app/unsubscribe?token=…');
    expect(loggedUrl(`/api/private/mobile/v1/unsubscribe.json?token=${token}&x=1`)).toBe(
      '/api/private/mobile/v1/unsubscribe.json?token=…&x=1',
    );
  });

  it('keeps every other URL as it is', () => {
    for (const url of [
      '/api/private/mobile/v1/calendar_events/12.ics',
      '/api/private/mobile/v1/calendar_feed.json',
      '/app/calendar',
      '/feeds/calendar/',
      '/app/unsubscribe',
      '/app/news?token=1',
    ]) {
      expect(loggedUrl(url)).toBe(url);
    }
  });
});
