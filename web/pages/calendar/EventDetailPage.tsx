import { Button, Text } from '@mantine/core';
import {
  IconBuildingBank,
  IconCalendarOff,
  IconCalendarPlus,
  IconClock,
  IconMapPin,
  IconRepeat,
  IconSpeakerphone,
  IconTrash,
  IconWorld,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isTimeZoneId, TIME_ZONE_LABELS } from '../../../common/event-time.ts';
import {
  ADD_TO_MY_CALENDAR,
  ANNOUNCE,
  ANNOUNCE_EVENT_TITLE,
  BACK_TO_CALENDAR,
  backToLodgeCalendar,
  CANCEL_MEETING,
  CANCEL_MEETING_TITLE,
  CONFIRM_DELETE_EVENT,
  confirmCancelMeeting,
  DELETE_REPEATING_MEETING,
  DELETE_REPEATING_MEETING_TEXT,
  ERROR_CANCELLING_MEETING,
  EVENT_REPEATS,
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
  useCancelCalendarEventOccurrence,
  useDeleteCalendarEvent,
  useDeleteSeriesMeetings,
} from '../../api/calendar-events.ts';
import { RecordScreen } from '../../components/LoadStates.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { showOkDialog } from '../../components/ok-dialog-store.ts';
import { DeleteRecordButton, EditRecordButton } from '../../components/records/RecordButtons.tsx';
import { RecordActions, RecordDetail } from '../../components/records/RecordDetail.tsx';
import { saveTextFile } from '../../components/save-text-file.ts';
import { globalErrorDialog, isApiError } from '../../http/client.ts';
import { CALENDAR_PATH, clubCalendarPath, editEventPath, parseRecordId } from '../../paths.ts';
import { CancelledEventNotice, cancelledEventOf } from './CancelledEventNotice.tsx';
import { CancelledMeetingNotice } from './CancelledMeetingNotice.tsx';
import { icsFileName } from './event-download.ts';
import { EventAttendees } from './EventAttendees.tsx';
import classes from './EventDetailPage.module.css';
import { EventRsvp } from './EventRsvp.tsx';
import { SeriesScopeDialog } from './SeriesScopeDialog.tsx';

/**
 * An event (ROUTE-03, ROUTE-12, CAL-11..22): what, where and when, the description and photos,
 * the member's answer with the counts, who has answered, the comments, "Add to my calendar",
 * and Announce, Edit and Delete for those allowed (the event's `abilities`, D58). The same screen
 * inside a club's calendar, whose Back leads there. An unknown or hidden event shows the 404
 * page's content, a deleted one that it was cancelled (D81); any other failure stops the spinner without a message of its own (§8
 * "Failures loading ... event ... silently stop the spinner"; the global dialog has spoken).
 */
export function EventDetailPage() {
  const params = useParams();
  const clubSubdomain = params.club_id ?? null;
  const id = parseRecordId(params.id);
  const query = useCalendarEvent(id);
  const back = clubSubdomain === null ? CALENDAR_PATH : clubCalendarPath(clubSubdomain);

  if (id === null) return <NotFound />;
  // A deleted event's old link (an Announce mail, a notice) says it was cancelled (D81).
  const cancelled = cancelledEventOf(query.error);
  if (cancelled) {
    return <CancelledEventNotice event={cancelled} back={back} backLabel={BACK_TO_CALENDAR} />;
  }
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
  const announce = useAnnounceCalendarEvent(event.id);
  const remove = useDeleteCalendarEvent();
  const cancel = useCancelCalendarEventOccurrence(event.id);
  const [downloading, setDownloading] = useState(false);
  const inSeries = event.series_id !== null;

  const backLabel =
    clubSubdomain !== null && event.club.subdomain === clubSubdomain
      ? backToLodgeCalendar(event.club.name)
      : BACK_TO_CALENDAR;
  const zone = isTimeZoneId(event.time_zone_id) ? TIME_ZONE_LABELS[event.time_zone_id] : null;
  // What the server's policies allow this member (D58): PERM-13, PERM-14, CAL-21/PERM-07.
  // A cancelled meeting cannot be changed (D80); the page stays to say it is cancelled.
  const mayEdit = event.abilities.edit && !event.cancelled;
  const mayDelete = event.abilities.delete;

  const download = () => {
    setDownloading(true);
    fetchEventIcs(event.id)
      .then((text) => saveTextFile(text, icsFileName(event.name, event.id), 'text/calendar'))
      .catch((error: unknown) => tellFailure(error, EVENT_DOWNLOAD_FAILED))
      .finally(() => setDownloading(false));
  };

  // Announcing mails the whole lodge and cannot be taken back, so it asks first, as Delete does.
  const askAnnounce = () =>
    showOkDialog({
      title: ANNOUNCE_EVENT_TITLE,
      content: confirmAnnounceEvent(event.club.name),
      onOk: () =>
        announce.mutate(undefined, {
          onError: (error) => tellFailure(error, ERROR_ANNOUNCING_EVENT),
        }),
    });

  // One meeting of a series (D80): it stays on its page, marked cancelled; the others stay.
  const askCancel = () =>
    showOkDialog({
      title: CANCEL_MEETING_TITLE,
      content: confirmCancelMeeting(event.local_start_date_time_with_duration),
      onOk: () =>
        cancel.mutate(undefined, {
          onError: (error) => tellFailure(error, ERROR_CANCELLING_MEETING),
        }),
    });

  return (
    <RecordDetail
      back={back}
      backLabel={backLabel}
      article={{ 'data-testid': 'event-detail', 'data-event-id': event.id }}
      title={event.name}
      byline={event.cancelled ? <CancelledMeetingNotice event={event} /> : null}
      header={
        <dl className={classes.facts}>
          <Fact icon={<IconBuildingBank size={20} aria-hidden="true" />} label={EVENT_LODGE}>
            {event.club.name}
          </Fact>
          <Fact icon={<IconClock size={20} aria-hidden="true" />} label={EVENT_WHEN}>
            <span data-testid="event-when">{event.local_start_date_time_with_duration}</span>
          </Fact>
          {event.recurrence_description ? (
            <Fact icon={<IconRepeat size={20} aria-hidden="true" />} label={EVENT_REPEATS}>
              <span data-testid="event-repeats">{event.recurrence_description}</span>
            </Fact>
          ) : null}
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
      }
      body={{ html: event.calendar_event_description.body, testId: 'event-description' }}
      photos={event.photos}
      footer={
        <RecordActions>
          <Button
            variant="default"
            loading={downloading}
            leftSection={<IconCalendarPlus size={22} aria-hidden="true" />}
            onClick={download}
          >
            {ADD_TO_MY_CALENDAR}
          </Button>
          {event.abilities.announce && !event.cancelled ? (
            <Button
              variant="default"
              loading={announce.isPending}
              leftSection={<IconSpeakerphone size={22} aria-hidden="true" />}
              onClick={askAnnounce}
            >
              {ANNOUNCE}
            </Button>
          ) : null}
          {mayEdit ? <EditRecordButton to={editEventPath(event)} label={EDIT_EVENT_LINK} /> : null}
          {event.abilities.cancel ? (
            <Button
              variant="outline"
              color="red.9"
              loading={cancel.isPending}
              leftSection={<IconCalendarOff size={22} aria-hidden="true" />}
              onClick={askCancel}
            >
              {CANCEL_MEETING}
            </Button>
          ) : null}
          {mayDelete && inSeries ? <DeleteSeriesMeetingsButton event={event} /> : null}
          {mayDelete && !inSeries ? (
            <DeleteRecordButton
              label={DELETE_EVENT_BUTTON}
              id={event.id}
              remove={remove}
              confirm={{ title: DELETE_EVENT_TITLE, content: CONFIRM_DELETE_EVENT }}
              // ERR-35: the spec's fixed text, after any Network or Server Error dialog.
              failure={ERROR_DELETING_CALENDAR_EVENT}
              then={CALENDAR_PATH}
            />
          ) : null}
          <Text component="span" role="status" fw={600} c="lodge.9" data-testid="event-announced">
            {announce.isSuccess ? EVENT_ANNOUNCED : ''}
          </Text>
        </RecordActions>
      }
      panels={
        <>
          {/* A cancelled meeting takes no answers; who had answered stays listed. */}
          {event.cancelled ? null : <EventRsvp event={event} />}
          <EventAttendees eventId={event.id} />
        </>
      }
      comments={{
        containerId: event.comment_container.id,
        allowsComments: event.allows_comments,
      }}
    />
  );
}

/**
 * Delete for a meeting of a series: which meetings first (D82). "This meeting" cancels it (the
 * API's DELETE with scope=this), so a cancelled meeting is not offered it again.
 */
function DeleteSeriesMeetingsButton({ event }: { event: CalendarEventDetail }) {
  const remove = useDeleteSeriesMeetings();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        color="red.9"
        loading={remove.isPending}
        leftSection={<IconTrash size={22} aria-hidden="true" />}
        aria-haspopup="dialog"
        onClick={() => setAsking(true)}
      >
        {DELETE_EVENT_BUTTON}
      </Button>
      <SeriesScopeDialog
        opened={asking}
        title={DELETE_REPEATING_MEETING}
        question={DELETE_REPEATING_MEETING_TEXT}
        leaveOut={event.cancelled ? ['this'] : []}
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onChoose={(scope) =>
          remove.mutate(
            { id: event.id, scope },
            {
              onSuccess: () => void navigate(CALENDAR_PATH, { replace: true }),
              onError: (error) => {
                setAsking(false);
                tellFailure(error, ERROR_DELETING_CALENDAR_EVENT);
              },
            },
          )
        }
      />
    </>
  );
}
