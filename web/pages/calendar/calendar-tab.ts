import type { CalendarGroup } from '../../../common/schemas/calendar-event.ts';
import { onClientStateReset } from '../../http/client-state.ts';

/**
 * The /calendar tab the member chose last (CAL-01): kept while they move around the app, so
 * coming back from an event or another screen shows the same tab; My Events again after
 * sign-in or sign-out (SESS-07).
 */
const DEFAULT_TAB: CalendarGroup = 'my_events';
let chosen: CalendarGroup = DEFAULT_TAB;

onClientStateReset(() => {
  chosen = DEFAULT_TAB;
});

export function rememberedCalendarTab(): CalendarGroup {
  return chosen;
}

export function rememberCalendarTab(group: CalendarGroup): void {
  chosen = group;
}
