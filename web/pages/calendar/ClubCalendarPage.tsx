import { Chip, Container, Fieldset, Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import {
  CLUB_CALENDAR_TITLE,
  CLUB_TYPE_FILTER_LEGEND,
  clubCalendarTitle,
} from '../../../common/messages.ts';
import type { CalendarEvent } from '../../../common/schemas/calendar-event.ts';
import {
  useCalendarList,
  type CalendarListScope,
  type ClubCalendarTypes,
} from '../../api/calendar-events.ts';
import { NotFound } from '../../components/NotFound.tsx';
import { isApiError } from '../../http/client.ts';
import { clubEventPath } from './calendar-paths.ts';
import { CalendarListView } from './CalendarListView.tsx';
import { showsTypeToggles, toggleableTypes, typesOn, visibleEvents } from './club-type-filter.ts';
import classes from './ClubCalendarPage.module.css';

/**
 * /clubs/{subdomain}/calendar (ROUTE-02, CAL-03, CAL-04, CAL-08..10): the events of a club and
 * the clubs below it in day sections, with a toggle for each type of club among them when there
 * is more than one; each event opens at /clubs/{subdomain}/calendar/{id} (ROUTE-03). An unknown
 * subdomain shows the 404 page (AMB-44). The list is the /calendar one's, so its refetch rules
 * (CAL-06, AMB-47) count a club's calendar as another entity than the main one.
 */
export function ClubCalendarPage() {
  const subdomain = useParams().id ?? '';
  // Another club starts with its own toggles.
  return <ClubCalendar key={subdomain} subdomain={subdomain} />;
}

function ClubCalendar({ subdomain }: { subdomain: string }) {
  const [off, setOff] = useState<ReadonlySet<string>>(() => new Set());
  // A club's types: every answer gives them, and while other toggles load the last answer
  // stays (placeholder data), so they are known whenever a list is.
  const [types, setTypes] = useState<ClubCalendarTypes | null>(null);
  const on = useMemo(() => (types === null ? null : typesOn(types, off)), [types, off]);
  // All types until one is turned off; then the server filters, so pages stay full (D34).
  const scope = useMemo<CalendarListScope>(
    () =>
      off.size === 0 || on === null
        ? { kind: 'club', subdomain }
        : { kind: 'club', subdomain, types: on },
    [subdomain, off, on],
  );
  // The same query as the list below (one cache entry, one request): it gives the types and
  // names the club when the member is not in it.
  const query = useCalendarList(scope);
  const answeredTypes = query.data?.pages[0]?.clubTypes ?? null;
  // Adjusting state while rendering (React's pattern for state derived from a first answer).
  if (types === null && answeredTypes !== null) setTypes(answeredTypes);
  const select = useCallback(
    (events: CalendarEvent[]) => (on === null ? events : visibleEvents(events, on)),
    [on],
  );
  const pathOf = useCallback(
    (event: CalendarEvent) => clubEventPath(subdomain, event),
    [subdomain],
  );

  const name = types?.clubName ?? answeredTypes?.clubName ?? null;
  const title = name === null ? CLUB_CALENDAR_TITLE : clubCalendarTitle(name);
  useDocumentTitle(`${title} – Lodgehall`);

  if (query.isError && !query.data && isApiError(query.error) && query.error.status === 404) {
    return <NotFound />;
  }

  return (
    <Container size={760} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {types !== null && on !== null && showsTypeToggles(types) ? (
          <Chip.Group
            multiple
            value={on}
            onChange={(next) => {
              setOff(new Set(toggleableTypes(types).filter((type) => !next.includes(type))));
            }}
          >
            <Fieldset
              legend={CLUB_TYPE_FILTER_LEGEND}
              variant="unstyled"
              classNames={{ root: classes.fieldset, legend: classes.legend }}
              data-testid="club-type-toggles"
            >
              <Group gap="sm">
                {toggleableTypes(types).map((type) => (
                  <Chip key={type} value={type} size="lg" variant="outline" classNames={classes}>
                    {type}
                  </Chip>
                ))}
              </Group>
            </Fieldset>
          </Chip.Group>
        ) : null}
        <CalendarListView scope={scope} pathOf={pathOf} select={select} />
      </Stack>
    </Container>
  );
}
