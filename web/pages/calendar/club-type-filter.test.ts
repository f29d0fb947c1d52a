import { describe, expect, it } from 'vitest';
import { testCalendarEvent } from '../../test/fixtures.ts';
import { showsTypeToggles, toggleableTypes, visibleEvents } from './club-type-filter.ts';

const HIERARCHY = ['Grand Lodge', 'District', 'Lodge'];

function ofType(id: number, typeName: string) {
  const event = testCalendarEvent(id);
  return { ...event, club: { ...event.club, type_name: typeName } };
}

describe('a club calendar’s type toggles (CAL-08..10, D34)', () => {
  it('offers the club’s own type and those below it, top down, all on at first (CAL-08)', () => {
    const district = { hierarchy: HIERARCHY, typeNames: ['Lodge', 'District'] };
    expect(toggleableTypes(district)).toEqual(['District', 'Lodge']);
    expect(toggleableTypes(district)).toEqual(['District', 'Lodge']);
    // The higher type has no toggle and is not on.
    expect(toggleableTypes(district)).not.toContain('Grand Lodge');
    const top = { hierarchy: HIERARCHY, typeNames: HIERARCHY };
    expect(toggleableTypes(top)).toEqual(HIERARCHY);
  });

  it('shows the toggles only when more than one type is available (CAL-09)', () => {
    expect(showsTypeToggles({ hierarchy: HIERARCHY, typeNames: ['Lodge'] })).toBe(false);
    expect(showsTypeToggles({ hierarchy: HIERARCHY, typeNames: ['District', 'Lodge'] })).toBe(true);
    expect(showsTypeToggles({ hierarchy: [], typeNames: [] })).toBe(false);
  });

  it('keeps a type the hierarchy does not list, after the listed ones', () => {
    expect(toggleableTypes({ hierarchy: HIERARCHY, typeNames: ['Chapter', 'Lodge'] })).toEqual([
      'Lodge',
      'Chapter',
    ]);
  });

  it('hides the events of a type turned off and shows them when it is on again (CAL-10)', () => {
    const types = { hierarchy: HIERARCHY, typeNames: ['District', 'Lodge'] };
    const events = [ofType(1, 'District'), ofType(2, 'Lodge'), ofType(3, 'Lodge')];
    const ids = (on: string[]) => visibleEvents(events, on).map((event) => event.id);
    expect(ids(toggleableTypes(types))).toEqual([1, 2, 3]);
    expect(ids(['District'])).toEqual([1]);
    expect(ids([])).toEqual([]);
    // An event of a type with no toggle (a higher one) is not shown.
    expect(visibleEvents([ofType(4, 'Grand Lodge')], toggleableTypes(types))).toEqual([]);
  });
});
