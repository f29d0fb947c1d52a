import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACK_TO_CALENDAR,
  CANCELLED_EVENT_TITLE,
  CHANGE_REMINDERS,
  cancelledEventText,
  ERROR_RETRIEVING_EVENT_ATTENDEES,
  ERROR_SAVING_RSVP,
  LOADING_EVENT,
  MAIL_SETTINGS_ANCHOR,
  NO_ATTENDEES,
  NOT_FOUND_TITLE,
  otherOrganizationsAttendees,
  reminderHint,
  RSVP_GUESTS_LABEL,
  RSVP_NOT_GOING,
  RSVP_QUESTION,
  SAVE_RSVP,
  TRY_AGAIN,
} from '../../../common/messages.ts';
import type { CalendarEventDetail } from '../../../common/schemas/calendar-event.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { OkDialogHost } from '../../components/OkDialog.tsx';
import { queryClient } from '../../http/client.ts';
import { fakeApi, respond, testCalendarEvent, testParty, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CancelledEventNotice } from './CancelledEventNotice.tsx';
import { EventDetailPage } from './EventDetailPage.tsx';

const fetchMock = vi.fn<typeof fetch>();

function detail(overrides: Partial<CalendarEventDetail> = {}) {
  return respond(200, {
    data: {
      calendar_event: {
        ...testCalendarEvent(5, { name: 'Ladies’ Night', allows_comments: false }),
        calendar_event_description: { id: 5, body: '<p>Dinner at six.</p>' },
        ...overrides,
      },
    },
  });
}

const comments = respond(200, {
  data: {
    comment_container: { id: 1005, comment_count: 0, allows_comments: false, comments: [] },
  },
});
const noAttendees = respond(200, { data: { event_attendees: [], hidden_attendee_count: 0 } });

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/calendar', element: <p>The calendar</p> },
      { path: '/calendar/:id', element: <EventDetailPage /> },
      { path: '/clubs/:club_id/calendar/:id', element: <EventDetailPage /> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <OkDialogHost />
    </>,
  );
  return router;
}

beforeEach(() => {
  clearOkDialogs();
  queryClient.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  resetSessionForTests({ status: 'signedIn', user: testUser() });
});

afterEach(() => {
  act(() => clearOkDialogs());
  vi.unstubAllGlobals();
});

describe('the event screen’s loads (CAL-11, CAL-19, ERR-36, §8)', () => {
  it('shows the spinner, then the event, its description and the empty attendee list', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /calendar_events/5.json': detail(),
        'GET /calendar_events/5/attendees': noAttendees,
        'GET /comment_containers/1005.json': comments,
      }),
    );
    renderAt('/calendar/5');
    expect(screen.getByText(LOADING_EVENT)).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ladies’ Night' })).toBeTruthy();
    expect(screen.getByText('Dinner at six.')).toBeTruthy();
    expect(screen.getByText('Tuesday, November 24, 2026 7:30pm EST')).toBeTruthy();
    expect(screen.getByText('Eastern Time (US & Canada)')).toBeTruthy();
    expect(await screen.findByText(NO_ATTENDEES)).toBeTruthy();
    expect(screen.getByRole('link', { name: BACK_TO_CALENDAR }).getAttribute('href')).toBe(
      '/calendar',
    );
  });

  it('shows the 404 page for an event one may not see', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /calendar_events/5.json': respond(404, { type: 'x/not-found' }) }),
    );
    renderAt('/calendar/5');
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeTruthy();
  });

  it('says a deleted event was cancelled, with its name, time and lodge, and the way back (D81)', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /calendar_events/5.json': respond(410, {
          type: 'https://lodgehall.org/problems/event-cancelled',
          title: 'This event was cancelled.',
          status: 410,
          calendar_event: {
            id: 5,
            name: 'Stated Communication',
            club_id: 11,
            club_name: 'Harmony Lodge No. 412',
            location: null,
            start_time: 1_796_772_600_000,
            time_zone_id: 1,
            local_start_date_time_with_duration: 'Tuesday, December 8, 2026 6:30pm - 9:00pm EST',
          },
        }),
      }),
    );
    const router = renderAt('/calendar/5');
    expect(await screen.findByRole('heading', { name: CANCELLED_EVENT_TITLE })).toBeTruthy();
    const notice = screen.getByTestId('event-cancelled');
    expect(notice.textContent).toContain(
      cancelledEventText('Stated Communication', 'Tuesday, December 8, 2026 6:30pm - 9:00pm EST'),
    );
    expect(notice.textContent).toContain('Harmony Lodge No. 412');
    expect(screen.queryByRole('heading', { name: NOT_FOUND_TITLE })).toBeNull();
    fireEvent.click(within(notice).getByRole('link', { name: BACK_TO_CALENDAR }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar'));
  });

  it('shows the same for a cancelled occurrence given as a record', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <CancelledEventNotice
              event={{
                name: 'Stated Communication',
                club_name: 'Harmony Lodge No. 412',
                local_start_date_time_with_duration: 'Tuesday, July 13, 2027 7:30pm EDT',
              }}
              back="/calendar"
              backLabel={BACK_TO_CALENDAR}
            />
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: CANCELLED_EVENT_TITLE })).toBeTruthy();
    expect(screen.getByTestId('event-cancelled').textContent).toContain(
      'Tuesday, July 13, 2027 7:30pm EDT',
    );
  });

  it('stops the spinner on any other failure with no message of its own, and Try again loads it', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /calendar_events/5.json': respond(422, { type: 'x/unprocessable' }) }),
    );
    renderAt('/clubs/olentangy614/calendar/5');
    expect(await screen.findByRole('button', { name: TRY_AGAIN })).toBeTruthy();
    expect(screen.queryByText(LOADING_EVENT)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: BACK_TO_CALENDAR }).getAttribute('href')).toBe(
      '/clubs/olentangy614/calendar',
    );
    fetchMock.mockImplementation(
      fakeApi({
        'GET /calendar_events/5.json': detail(),
        'GET /calendar_events/5/attendees': noAttendees,
        'GET /comment_containers/1005.json': comments,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: TRY_AGAIN }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ladies’ Night' })).toBeTruthy();
  });

  it('says ERR-36 when the attendees cannot be loaded, and lists them after Try again', async () => {
    let attendees = respond(422, { type: 'x/unprocessable' });
    fetchMock.mockImplementation(
      fakeApi({
        'GET /calendar_events/5.json': detail(),
        'GET /calendar_events/5/attendees': () => attendees.clone(),
        'GET /comment_containers/1005.json': comments,
      }),
    );
    renderAt('/calendar/5');
    expect(await screen.findByText(ERROR_RETRIEVING_EVENT_ATTENDEES)).toBeTruthy();
    attendees = respond(200, {
      data: {
        event_attendees: [
          { id: 1, status: 'YES', guests: 3, party: testParty(8, 'Bill Harper') },
          { id: 2, status: 'NO', guests: 0, party: testParty(9, 'Julio Fry') },
        ],
        hidden_attendee_count: 0,
      },
    });
    fireEvent.click(screen.getByRole('button', { name: TRY_AGAIN }));
    const rows = await screen.findAllByTestId('attendee');
    expect(rows.map((row) => row.textContent)).toEqual([
      'BHBill HarperGoing +3 guests',
      'JFJulio FryNot Going',
    ]);
  });
});

describe('attendees of other organisations are a count, not names (CAL-19, D37, D53)', () => {
  function renderWithAttendees(list: unknown) {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /calendar_events/5.json': detail(),
        'GET /calendar_events/5/attendees': respond(200, { data: list }),
        'GET /comment_containers/1005.json': comments,
      }),
    );
    renderAt('/calendar/5');
  }

  it('closes the names with the number of the others', async () => {
    renderWithAttendees({
      event_attendees: [{ id: 1, status: 'YES', guests: 0, party: testParty(8, 'Bill Harper') }],
      hidden_attendee_count: 12,
    });
    const rows = await screen.findAllByTestId('attendee');
    expect(rows.map((row) => row.textContent)).toEqual(['BHBill HarperGoing']);
    const line = screen.getByTestId('hidden-attendees');
    expect(line.textContent).toBe(otherOrganizationsAttendees(12, true));
    expect(line.textContent).toBe('and 12 members of other organizations');
    // The line follows the list inside the same section.
    const section = screen.getByTestId('event-attendees');
    expect(within(section).getByRole('list').compareDocumentPosition(line)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('says the number alone when no one the member may see has answered', async () => {
    renderWithAttendees({ event_attendees: [], hidden_attendee_count: 1 });
    const line = await screen.findByTestId('hidden-attendees');
    expect(line.textContent).toBe('1 member of another organization');
    expect(screen.queryByTestId('attendee')).toBeNull();
    expect(screen.queryByText(NO_ATTENDEES)).toBeNull();
    expect(within(screen.getByTestId('event-attendees')).queryByRole('list')).toBeNull();
  });

  it('shows no count when every attendee is named', async () => {
    renderWithAttendees({
      event_attendees: [{ id: 1, status: 'NO', guests: 0, party: testParty(8, 'Bill Harper') }],
      hidden_attendee_count: 0,
    });
    expect(await screen.findAllByTestId('attendee')).toHaveLength(1);
    expect(screen.queryByTestId('hidden-attendees')).toBeNull();
  });
});

describe('the RSVP dialog (CAL-15..18, AMB-43)', () => {
  it('under a Going answer says when the reminder comes, by the member’s setting, with the way to change it (D81)', async () => {
    const settings = (event_reminder: string) =>
      respond(200, {
        data: {
          mail_settings: { notice_mail: 'daily', announcement_mail: true, event_reminder },
        },
      });
    let mailSettings = settings('3_days');
    fetchMock.mockImplementation(
      fakeApi({
        'GET /calendar_events/5.json': detail({
          event_attendee: { id: 77, status: 'YES', guests: 0 },
          event_attendance_counts: { yes: 1, no: 0, guests: 0 },
        }),
        'GET /calendar_events/5/attendees': noAttendees,
        'GET /comment_containers/1005.json': comments,
        'GET /mail_settings.json': () => mailSettings.clone(),
      }),
    );
    renderAt('/calendar/5');
    const hint = await screen.findByTestId('rsvp-reminder');
    expect(hint.textContent).toBe(`${reminderHint('3_days')}${CHANGE_REMINDERS}`);
    expect(within(hint).getByRole('link', { name: CHANGE_REMINDERS }).getAttribute('href')).toBe(
      `/my_account#${MAIL_SETTINGS_ANCHOR}`,
    );
    mailSettings = settings('off');
    await act(() => queryClient.invalidateQueries());
    await waitFor(() =>
      expect(screen.getByTestId('rsvp-reminder').textContent).toBe(
        `${reminderHint('off')}${CHANGE_REMINDERS}`,
      ),
    );
  });

  it('has no reminder line without a Going answer', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /calendar_events/5.json': detail({
          event_attendee: { id: 77, status: 'NO', guests: 0 },
        }),
        'GET /calendar_events/5/attendees': noAttendees,
        'GET /comment_containers/1005.json': comments,
      }),
    );
    renderAt('/calendar/5');
    await screen.findByTestId('rsvp-button');
    expect(screen.queryByTestId('rsvp-reminder')).toBeNull();
  });

  it('changes an answer by PUT with its id, Not Going with 0 guests, and says so when it fails', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    let saveAnswer = respond(422, { type: 'x/unprocessable' });
    const routes = fakeApi({
      'GET /calendar_events/5.json': detail({
        event_attendee: { id: 77, status: 'YES', guests: 2 },
        event_attendance_counts: { yes: 1, no: 0, guests: 2 },
      }),
      'GET /calendar_events/5/attendees': noAttendees,
      'GET /comment_containers/1005.json': comments,
      'PUT /event_attendees/77.json': () => saveAnswer.clone(),
    });
    fetchMock.mockImplementation((input, init) => {
      sent.push({
        method: init?.method ?? 'GET',
        url: String(input),
        body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      });
      return routes(input, init);
    });
    renderAt('/calendar/5');
    const button = await screen.findByTestId('rsvp-button');
    expect(button.textContent).toBe('Going+2 guests');
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: RSVP_QUESTION });
    expect((within(dialog).getByLabelText(RSVP_GUESTS_LABEL) as HTMLSelectElement).value).toBe('2');
    fireEvent.click(within(dialog).getByRole('radio', { name: RSVP_NOT_GOING }));
    expect(within(dialog).queryByLabelText(RSVP_GUESTS_LABEL)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: SAVE_RSVP }));
    expect(await within(dialog).findByText(ERROR_SAVING_RSVP)).toBeTruthy();

    saveAnswer = respond(200, {
      data: {
        event_attendee: { id: 77, status: 'NO', guests: 0 },
        event_attendance_counts: { yes: 0, no: 1, guests: 0 },
      },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: SAVE_RSVP }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const puts = sent.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.body)).toEqual([
      { status: 'NO', guests: 0 },
      { status: 'NO', guests: 0 },
    ]);
    // CAL-17: the event is asked for again after the answer is saved.
    const lastPut = puts[1];
    const afterSave = lastPut ? sent.slice(sent.indexOf(lastPut) + 1) : [];
    expect(afterSave.some((call) => call.url.endsWith('/calendar_events/5.json'))).toBe(true);
  });
});
