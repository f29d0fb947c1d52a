import { Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  CALENDAR_TABS_LABEL,
  CALENDAR_TITLE,
  MY_EVENTS,
  MY_EVENTS_HINT,
  NEARBY_EVENTS,
  NEARBY_EVENTS_HINT,
  NEW_EVENT,
  OTHER_EVENTS,
  OTHER_EVENTS_HINT,
} from '../../../common/messages.ts';
import { calendarGroupSchema, type CalendarGroup } from '../../../common/schemas/calendar-event.ts';
import { useSession } from '../../api/session.ts';
import { webmasterLodges } from '../../components/records/record-options.ts';
import { rememberCalendarTab, rememberedCalendarTab } from './calendar-tab.ts';
import { CalendarFeedButton, CalendarFeedPanel } from './CalendarFeedPanel.tsx';
import { CalendarListView } from './CalendarListView.tsx';
import classes from '../../components/ButtonTabs.module.css';
import { eventPath, NEW_EVENT_PATH } from '../../paths.ts';

const TABS: readonly { group: CalendarGroup; label: string; hint: string }[] = [
  { group: 'my_events', label: MY_EVENTS, hint: MY_EVENTS_HINT },
  { group: 'nearby_events', label: NEARBY_EVENTS, hint: NEARBY_EVENTS_HINT },
  { group: 'other_events', label: OTHER_EVENTS, hint: OTHER_EVENTS_HINT },
];

/**
 * /calendar (ROUTE-10, CAL-01..07): the three tabs, the chosen one remembered while the member
 * moves around; each tab's events in day sections; New Event for a webmaster of some lodge
 * (CAL-05). Only the shown tab is mounted, so a tab's list is asked for when it is opened
 * (CAL-02).
 */
export function CalendarPage() {
  useDocumentTitle(`${CALENDAR_TITLE} – Lodgehall`);
  const { user } = useSession();
  const [group, setGroup] = useState<CalendarGroup>(rememberedCalendarTab);
  const mayCreate = user !== null && webmasterLodges(user).length > 0;
  const [feedOpened, setFeedOpened] = useState(false);
  const feedPanelId = useId();

  const choose = (value: string | null) => {
    const parsed = calendarGroupSchema.safeParse(value);
    if (!parsed.success) return;
    rememberCalendarTab(parsed.data);
    setGroup(parsed.data);
  };

  return (
    <Container size={760} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        <Group justify="space-between" align="center" gap="md">
          <Title order={1}>{CALENDAR_TITLE}</Title>
          {mayCreate ? (
            <Button
              component={Link}
              to={NEW_EVENT_PATH}
              size="md"
              leftSection={<IconPlus size={22} aria-hidden="true" />}
            >
              {NEW_EVENT}
            </Button>
          ) : null}
        </Group>
        {/* The member's calendar feed (D30): asked for only when the member opens it. */}
        <div>
          <CalendarFeedButton
            opened={feedOpened}
            panelId={feedPanelId}
            onToggle={() => setFeedOpened((opened) => !opened)}
          />
        </div>
        {feedOpened ? <CalendarFeedPanel id={feedPanelId} /> : null}
        <Tabs
          value={group}
          onChange={choose}
          keepMounted={false}
          variant="pills"
          radius="md"
          classNames={classes}
        >
          <Tabs.List aria-label={CALENDAR_TABS_LABEL}>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab.group} value={tab.group}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Panel key={tab.group} value={tab.group} pt="md">
              {/* Says what the tab holds: the three names alone leave members guessing. */}
              <Text size="md" mb="lg" data-testid="calendar-tab-hint">
                {tab.hint}
              </Text>
              <CalendarListView
                key={tab.group}
                scope={{ kind: 'main', group: tab.group }}
                pathOf={eventPath}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
