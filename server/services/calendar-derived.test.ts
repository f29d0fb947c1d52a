import { describe, expect, it } from 'vitest';
import { eventLocalFields } from '../../common/event-time.ts';
import { createCalendarDerived } from './calendar-derived.ts';
import { shortBody } from './rich-text.ts';

const START = Date.UTC(2026, 10, 22, 18, 30);
const HOUR = 3_600_000;

describe('createCalendarDerived', () => {
  it('answers as eventLocalFields and shortBody do', () => {
    const derived = createCalendarDerived();
    expect(derived.localFields(START, START + 2 * HOUR, 1)).toEqual(
      eventLocalFields(START, START + 2 * HOUR, 1),
    );
    const body = `<p>${'Tyled meeting, then the festive board. '.repeat(20)}</p>`;
    expect(derived.shortText(body)).toBe(shortBody(body));
  });

  it('keeps an answer for the same values, and misses once one of them changes', () => {
    const derived = createCalendarDerived();
    const first = derived.localFields(START, START + HOUR, 1);
    expect(derived.localFields(START, START + HOUR, 1)).toBe(first);
    const edited = derived.localFields(START, START + 3 * HOUR, 1);
    expect(edited).not.toBe(first);
    expect(edited).toEqual(eventLocalFields(START, START + 3 * HOUR, 1));
  });

  it('keeps each app its own answers', () => {
    const one = createCalendarDerived();
    const other = createCalendarDerived();
    expect(other.localFields(START, null, 1)).not.toBe(one.localFields(START, null, 1));
  });

  it('starts again when full, so it stays bounded', () => {
    const derived = createCalendarDerived();
    const first = derived.localFields(START, null, 1);
    for (let i = 1; i <= 5_000; i++) derived.localFields(START + i * 60_000, null, 1);
    const again = derived.localFields(START, null, 1);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
