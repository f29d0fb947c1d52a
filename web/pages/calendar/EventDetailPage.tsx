import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconBuildingBank,
  IconCalendarPlus,
  IconClock,
  IconMapPin,
  IconPencil,
  IconSpeakerphone,
  IconTrash,
  IconWorld,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isTimeZoneId, TIME_ZONE_LABELS } from '../../../common/event-time.ts';
import {
  ADD_TO_MY_CALENDAR,
  ANNOUNCE,
  ANNOUNCE_EVENT_TITLE,
  BACK_TO_CALENDAR,
  backToLodgeCalendar,
  CONFIRM_DELETE_EVENT,
  confirmAnnounceEvent,
  DELETE_EVENT_BUTTON,
  DELETE_EVENT_TITLE,
  EDIT_EVENT_LINK,
  ERROR_ANNOUNCING_EVENT,
  ERROR_DELETING_CALENDAR_EVENT,
  ERROR_TITLE,
  EVENT_ANNOUNCED,
  EVENT_DOWNLOAD_FAILED,
  EVENT_LODGE,
  EVENT_TIME_ZONE,
  EVENT_WHEN,
  EVENT_WHERE,
  LOADING_EVENT,
} from '../../../common/messages.ts';
import type { CalendarEventDetail } from '../../../common/schemas/calendar-event.ts';
import {
  fetchEventIcs,
  useAnnounceCalendarEvent,
  useCalendarEvent,
  useDeleteCalendarEvent,
} from '../../api/calendar-events.ts';
import { useSession } from '../../api/session.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { CommentsSection } from '../../components/comments/CommentsSection.tsx';
import { RecordScreen } from '../../components/LoadStates.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { showOkDialog } from '../../components/ok-dialog-store.ts';
import { PhotoMosaic } from '../../components/photos/PhotoMosaic.tsx';
import { globalErrorDialog, isApiError } from '../../http/client.ts';
import { CALENDAR_PATH, clubCalendarPath, editEventPath, parseRecordId } from '../../paths.ts';
import { icsFileName, saveTextFile } from './event-download.ts';
import { mayAnnounceEvent, mayChangeEvent, mayDeleteEvent } from './event-permissions.ts';
import { EventAttendees } from './EventAttendees.tsx';
import classes from './EventDetailPage.module.css';
import { EventRsvp } from './EventRsvp.tsx';

/**
 * An event (ROUTE-03, ROUTE-12, CAL-11..22): what, where and when, the description and photos,
 * the member's answer with the counts, who has answered, the comments, "Add to my calendar",
 * and Announce, Edit and Delete for those allowed (event-permissions.ts). The same screen
 * inside a club's calendar, whose Back leads there. An unknown or hidden event shows the 404
 * page's content; any other failure stops the spinner without a message of its own (§8
 * "Failures loading ... event ... silently stop the spinner"; the global dialog has spoken).
 */
export function EventDetailPage() {
  const params = useParams();
  const clubSubdomain = params.club_id ?? null;
  const id = parseRecordId(params.id);
  const query = useCalendarEvent(id);
  const back = clubSubdomain === null ? CALENDAR_PATH : clubCalendarPath(clubSubdomain);

  if (id === null) return <NotFound />;
  return (
    <RecordScreen
      query={query}
      loadingLabel={LOADING_EVENT}
      testId="event"
      back={back}
      backLabel={BACK_TO_CALENDAR}
    >
      {(event) => <EventDetail event={event} clubSubdomain={clubSubdomain} back={back} />}
    </RecordScreen>
  );
}

/** A failure the global dialog has not already told of gets the screen's own words. */
function tellFailure(error: unknown, content: string): void {
  if (isApiError(error) && globalErrorDialog(error) !== null) return;
  showOkDialog({ title: ERROR_TITLE, content });
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt className={classes.factLabel}>
        {icon}
        {label}
      </dt>
      <dd className={classes.factValue}>{children}</dd>
    </div>
  );
}

function EventDetail({
  event,
  clubSubdomain,
  back,
}: {
  event: CalendarEventDetail;
  clubSubdomain: string | null;
  back: string;
}) {
  const { user } = useSession();
  const navigate = useNavigate();
  const announce = useAnnounceCalendarEvent(event.id);
  const remove = useDeleteCalendarEvent();
  const [downloading, setDownloading] = useState(false);
  useDocumentTitle(`${event.name} – Lodgehall`);

  const backLabel =
    clubSubdomain !== null && event.club.subdomain === clubSubdomain
      ? backToLodgeCalendar(event.club.name)
      : BACK_TO_CALENDAR;
  const zone = isTimeZoneId(event.time_zone_id) ? TIME_ZONE_LABELS[event.time_zone_id] : null;
  const mayEdit = mayChangeEvent(user, event);
  const mayDelete = mayDeleteEvent(user, event);

  const download = () => {
    setDownloading(true);
    fetchEventIcs(event.id)
      .then((text) => saveTextFile(text, icsFileName(event.name, event.id), 'text/calendar'))
      .catch((error: unknown) => tellFailure(error, EVENT_DOWNLOAD_FAILED))
      .finally(() => setDownloading(false));
  };

  // AMB-17: a delete asks first; CAL-22: then the lists reload and the member goes to
  // /calendar, in place of the deleted event's entry, so Back does not lead to its 404.
  const askDelete = () =>
    showOkDialog({
      title: DELETE_EVENT_TITLE,
      content: CONFIRM_DELETE_EVENT,
      onOk: () =>
        remove.mutate(event.id, {
          onSuccess: () => void navigate(CALENDAR_PATH, { replace: true }),
          // ERR-35: the spec's fixed text, after any Network or Server Error dialog.
          onError: () =>
            showOkDialog({ title: ERROR_TITLE, content: ERROR_DELETING_CALENDAR_EVENT }),
        }),
    });

  // Announcing mails the whole lodge and cannot be taken back, so it asks first too.
  const askAnnounce = () =>
    showOkDialog({
      title: ANNOUNCE_EVENT_TITLE,
      content: confirmAnnounceEvent(event.club.name),
      onOk: () =>
        announce.mutate(undefined, {
          onError: (error) => tellFailure(error, ERROR_ANNOUNCING_EVENT),
        }),
    });

  return (
    <Container size={760} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        <BackLink to={back} label={backLabel} />
        <article className={classes.article} data-testid="event-detail" data-event-id={event.id}>
          <Title order={1} className={classes.name}>
            {event.name}
          </Title>
          <dl className={classes.facts}>
            <Fact icon={<IconBuildingBank size={20} aria-hidden="true" />} label={EVENT_LODGE}>
              {event.club.name}
            </Fact>
            <Fact icon={<IconClock size={20} aria-hidden="true" />} label={EVENT_WHEN}>
              <span data-testid="event-when">{event.local_start_date_time_with_duration}</span>
            </Fact>
            {zone ? (
              <Fact icon={<IconWorld size={20} aria-hidden="true" />} label={EVENT_TIME_ZONE}>
                {zone}
              </Fact>
            ) : null}
            {event.location ? (
              <Fact icon={<IconMapPin size={20} aria-hidden="true" />} label={EVENT_WHERE}>
                {event.location}
              </Fact>
            ) : null}
          </dl>
          <div
            className={classes.body}
            data-testid="event-description"
            // Safe: the server cleans every description with a sanitize-html allow-list when it
            // is saved (server/services/rich-text.ts), as it does a post's body.
            dangerouslySetInnerHTML={{ __html: event.calendar_event_description.body }}
          />
          {event.photos.length > 0 ? <PhotoMosaic photos={event.photos} /> : null}
          <div className={classes.actions}>
            <Button
              variant="default"
              loading={downloading}
              leftSection={<IconCalendarPlus size={22} aria-hidden="true" />}
              onClick={download}
            >
              {ADD_TO_MY_CALENDAR}
            </Button>
            {mayAnnounceEvent(user, event) ? (
              <Button
                variant="default"
                loading={announce.isPending}
                leftSection={<IconSpeakerphone size={22} aria-hidden="true" />}
                onClick={askAnnounce}
              >
                {ANNOUNCE}
              </Button>
            ) : null}
            {mayEdit ? (
              <Button
                component={Link}
                to={editEventPath(event)}
                variant="default"
                leftSection={<IconPencil size={22} aria-hidden="true" />}
              >
                {EDIT_EVENT_LINK}
              </Button>
            ) : null}
            {mayDelete ? (
              <Button
                variant="outline"
                color="red.9"
                loading={remove.isPending}
                leftSection={<IconTrash size={22} aria-hidden="true" />}
                onClick={askDelete}
              >
                {DELETE_EVENT_BUTTON}
              </Button>
            ) : null}
            <Text component="span" role="status" fw={600} c="lodge.9" data-testid="event-announced">
              {announce.isSuccess ? EVENT_ANNOUNCED : ''}
            </Text>
          </div>
        </article>
        <EventRsvp event={event} />
        <EventAttendees eventId={event.id} />
        <CommentsSection
          containerId={event.comment_container.id}
          allowsComments={event.allows_comments}
        />
      </Stack>
    </Container>
  );
}
