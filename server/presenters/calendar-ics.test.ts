import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { icsContentLines, readCalendar } from '../test/ical-reader.ts';
import { presentIcs } from './calendar-ics.ts';
import type { IcsEvent } from './calendar-ics.ts';

/*
 * No text breaks out of its value (D54): whatever an event's name, location, description or
 * lodge name holds (rows older than the one-line rule may hold anything), the file is one
 * calendar with its events, and a program reads each text back.
 */

function event(id: number, text: string): IcsEvent {
  return {
    id,
    name: text,
    location: text,
    description: text,
    start_at: Date.UTC(2026, 5, 1, 18),
    end_at: null,
    time_zone_id: 1,
    club_name: text,
    updated_at: Date.UTC(2026, 4, 1),
    url: `https://lodgehall.example/app/calendar/${id}`,
    going: null,
  };
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const LINE_BREAK = /\r\n|[\r\n\u000b\u000c\u001c-\u001e\u0085\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const DROPPED = /[\u0000-\u0008\u000e-\u001b\u001f\u007f-\u009f]/g;

/** What a program reads back: iCalendar has one line break, and no other control in text. */
function readBack(text: string): string {
  return text.replace(LINE_BREAK, '\n').replace(DROPPED, '');
}

function expectOneCalendarOf(text: string, count: number, written: string) {
  // No bare CR or LF, no other line break a reader might split on, anywhere in the file.
  expect(text.replace(/\r\n/g, '')).not.toMatch(new RegExp(LINE_BREAK.source));
  const lines = icsContentLines(text);
  expect(lines.filter((line) => line === 'BEGIN:VCALENDAR')).toHaveLength(1);
  expect(lines.filter((line) => line.startsWith('BEGIN:VEVENT'))).toHaveLength(count);
  expect(lines.filter((line) => line.startsWith('END:VEVENT'))).toHaveLength(count);
  const calendar = readCalendar(text);
  expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(readBack(written));
  expect(calendar.getFirstPropertyValue('name')).toBe(readBack(written));
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  expect(events).toHaveLength(count);
  for (const parsed of events) {
    expect(parsed.summary).toBe(readBack(written));
    expect(parsed.location).toBe(readBack(written));
    expect(parsed.description).toBe(readBack(`${written}\n\n${written}`));
  }
}

const PAYLOADS = [
  'CR\rhere',
  'LF\nhere',
  'CRLF\r\nhere',
  'Open House\r\nBEGIN:VEVENT\r\nUID:injected\r\nSUMMARY:Injected\r\nEND:VEVENT',
  'Semi;colon',
  'Com,ma',
  'Back\\slash \\n \\; \\,',
  'END:VCALENDAR\r\nBEGIN:VCALENDAR',
  '\r\n ',
  'Café Zürich 😀 שלום',
];

describe('presentIcs: text stays inside its value (D54)', () => {
  it.each(PAYLOADS)('%j as the name, location, description and lodge', (payload) => {
    const text = presentIcs(payload, [event(1, payload), event(2, payload)], 'lodgehall.example');
    expectOneCalendarOf(text, 2, payload);
  });

  it('every C0 and C1 control, DEL and the Unicode line separators', () => {
    const codes = [
      ...Array.from({ length: 0xa0 }, (_, code) => code).filter((c) => c < 0x20 || c >= 0x7f),
      0x2028,
      0x2029,
    ];
    for (const code of codes) {
      const payload = `A${String.fromCharCode(code)}BEGIN:VEVENT${String.fromCharCode(code)}Z`;
      const text = presentIcs(payload, [event(1, payload)], 'lodgehall.example');
      expectOneCalendarOf(text, 1, payload);
    }
  });

  it('escapes the host in a UID, which the library writes as given', () => {
    const text = presentIcs('Mine', [event(7, 'Dinner')], 'evil\\n;x,y');
    const calendar = readCalendar(text);
    const [vevent] = calendar.getAllSubcomponents('vevent');
    expect(vevent ? new ICAL.Event(vevent).uid : null).toBe('calendar-event-7@evil\\n;x,y');
  });
});
