import ICAL from 'ical.js';

/*
 * iCalendar text read back as a calendar program reads it, for the tests of feeds and downloads
 * (docs/decisions.md D30, D54). ical.js knows the calendar's name (NAME, RFC 7986, and the
 * older X-WR-CALNAME that Apple and Google programs show) only as raw text; programs read both
 * as TEXT, with its escapes undone, so they are read the same way here.
 */
const properties = ICAL.design.icalendar.property as Record<string, unknown>;
properties.name = properties.summary;
properties['x-wr-calname'] = properties.summary;

/** Every top-level component of the text: one VCALENDAR in a well-made file. */
export function readCalendars(text: string): ICAL.Component[] {
  const parsed = ICAL.parse(text) as unknown[];
  // One component comes back as itself, several as a list of components.
  const roots = typeof parsed[0] === 'string' ? [parsed] : (parsed as unknown[][]);
  return roots.map((root) => new ICAL.Component(root));
}

/** The one calendar the text must hold, its zones registered so times read in them. */
export function readCalendar(text: string): ICAL.Component {
  const calendars = readCalendars(text);
  const calendar = calendars[0];
  if (calendars.length !== 1 || calendar?.name !== 'vcalendar') {
    throw new Error(`expected one VCALENDAR, found ${calendars.map((c) => c.name).join(', ')}`);
  }
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar;
}

/**
 * The file's content lines, unfolded (RFC 5545 §3.1), so a test can count the lines that
 * begin a component: a text that broke out of its value would begin one of its own.
 */
export function icsContentLines(text: string): string[] {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '');
}
