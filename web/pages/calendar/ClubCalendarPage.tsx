import { Chip, Container, Fieldset, Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import {
  BACK_TO_CLUB,
  BACK_TO_THE_LODGE,
  CLUB_CALENDAR_TITLE,
  CLUB_TYPE_FILTER_LEGEND,
  clubCalendarTitle,
} from '../../../common/messages.ts';
import type { CalendarEvent } from '../../../common/schemas/calendar-event.ts';
import { useCalendarList, type CalendarListScope } from '../../api/calendar-events.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { isApiError } from '../../http/client.ts';
import { clubEventPath, clubPath } from '../../paths.ts';
import { CalendarListView } from './CalendarListView.tsx';
import { showsTypeToggles, toggleableTypes, visibleEvents } from './club-type-filter.ts';
import classes from './ClubCalendarPage.module.css';

/**
 * /clubs/{subdomain}/calendar (ROUTE-02, CAL-03, CAL-04, CAL-08..10): the events of a club and
 * the clubs below it in day sections, with a toggle for each type of club among them when there
 * is more than one; each event opens at /clubs/{subdomain}/calendar/{id} (ROUTE-03). An unknown
 * subdomain, or another organisation's club, shows the 404 page (AMB-44, D53). The list is the /calendar one's, so its refetch rules
 * (CAL-06, AMB-47) count a club's calendar as another entity than the main one.
 */
export function ClubCalendarPage() {
  const subdomain = useParams().id ?? '';
  // Another club starts with its own toggles.
  return <ClubCalendar key={subdomain} subdomain={subdomain} />;
}

function ClubCalendar({ subdomain }: { subdomain: string }) {
  // The types the member chose, in the hierarchy's order; null until a toggle is first used,
  // which is every type (CAL-08). Then the server filters, so pages stay full (D34).
  const [chosen, setChosen] = useState<string[] | null>(null);
  const scope = useMemo<CalendarListScope>(
    () =>
      chosen === null ? { kind: 'club', subdomain } : { kind: 'club', subdomain, types: chosen },
    [subdomain, chosen],
  );
  // The same query as the list below (one cache entry, one request). Every answer gives the
  // club's types and name, and while other toggles load the last answer stays (placeholder
  // data), so they are known whenever a list is.
  const query = useCalendarList(scope);
  const types = query.data?.pages[0]?.clubTypes ?? null;
  const on = useMemo(
    () => chosen ?? (types === null ? null : toggleableTypes(types)),
    [chosen, types],
  );
  const select = useCallback(
    (events: CalendarEvent[]) => (on === null ? events : visibleEvents(events, on)),
    [on],
  );
  const pathOf = useCallback(
    (event: CalendarEvent) => clubEventPath(subdomain, event),
    [subdomain],
  );

  const name = types?.clubName ?? null;
  const title = name === null ? CLUB_CALENDAR_TITLE : clubCalendarTitle(name);
  useDocumentTitle(`${title} – Lodgehall`);

  if (query.isError && !query.data && isApiError(query.error) && query.error.status === 404) {
    return <NotFound />;
  }

  return (
    <Container size={760} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        <BackLink
          to={clubPath(subdomain)}
          label={name === null ? BACK_TO_THE_LODGE : BACK_TO_CLUB(name)}
        />
        <Title order={1}>{title}</Title>
        {types !== null && on !== null && showsTypeToggles(types) ? (
          <Chip.Group
            multiple
            value={on}
            onChange={(next) => {
              setChosen(toggleableTypes(types).filter((type) => next.includes(type)));
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
