import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOAD_MORE,
  LOADING_NOTICES,
  NO_NOTICES,
  TRY_AGAIN,
  UNREAD_NOTICE,
} from '../../../common/messages.ts';
import type { Notice } from '../../../common/schemas/notice.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { queryClient } from '../../http/client.ts';
import { resetClientState } from '../../http/client-state.ts';
import { resetServerClockForTests } from '../../http/server-clock.ts';
import { getBadgeCounts, resetBadgeCounts } from '../../http/user-metadata.ts';
import { fakeApi, respond, testUser, userMetadataHeader } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { noticeTarget } from './notice-target.ts';
import { NoticesPage } from './NoticesPage.tsx';

const fetchMock = vi.fn<typeof fetch>();
const HOUR = 60 * 60 * 1000;

function notice(id: number, overrides: Partial<Notice> = {}): Notice {
  return {
    id,
    message: `Notice ${id}`,
    is_read: false,
    last_set_at: Date.now() - 2 * HOUR,
    noticeable_type: 'Post',
    noticeable_id: 100 + id,
    parent_noticeable_type: null,
    parent_noticeable_id: null,
    ...overrides,
  };
}

function listAnswer(notices: Notice[], nextBefore: string | null = null, unseen = 3) {
  return respond(
    200,
    { data: { notices, next_before: nextBefore } },
    { 'x-user-metadata': userMetadataHeader(unseen, 0) },
  );
}

/** Where the router is, and the state it carries, for the navigation checks. */
function Landed() {
  const location = useLocation();
  return (
    <p data-testid="landed" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </p>
  );
}

function renderNotices() {
  const router = createMemoryRouter(
    [
      { path: '/notices', element: <NoticesPage /> },
      { path: '/news/:id', element: <Landed /> },
      { path: '/calendar/:id', element: <Landed /> },
    ],
    { initialEntries: ['/notices'] },
  );
  const { unmount } = renderWithProviders(<RouterProvider router={router} />);
  return Object.assign(router, { unmount });
}

function calls(): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return `${(init?.method ?? 'GET').toUpperCase()} ${url.replace(/^.*\/api\/private\/mobile\/v1/, '')}`;
  });
}

function rowOf(id: number): HTMLElement {
  const row = screen
    .getAllByTestId('notice-row')
    .find((element) => element.dataset.noticeId === String(id));
  if (!row) throw new Error(`no notice row ${id}`);
  return row;
}

beforeEach(() => {
  clearOkDialogs();
  queryClient.clear();
  resetBadgeCounts();
  resetServerClockForTests();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  resetSessionForTests({ status: 'signedIn', user: testUser() });
});

afterEach(() => {
  act(() => clearOkDialogs());
  vi.unstubAllGlobals();
});

describe('the notices list (ROUTE-30, NOTE-01..05)', () => {
  it('shows the spinner, then the notices from GET /notices.json (NOTE-01)', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /notices.json': listAnswer([notice(1), notice(2)]) }),
    );
    renderNotices();
    expect(screen.getByText(LOADING_NOTICES)).toBeTruthy();
    expect(await screen.findByTestId('notice-list')).toBeTruthy();
    expect(screen.getAllByTestId('notice-message').map((m) => m.textContent)).toEqual([
      'Notice 1',
      'Notice 2',
    ]);
    expect(screen.queryByText(LOADING_NOTICES)).toBeNull();
  });

  it('an unread notice shows a dot, with words for screen readers; a read one none (NOTE-02)', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /notices.json': listAnswer([notice(1), notice(2, { is_read: true })]),
      }),
    );
    renderNotices();
    await screen.findByTestId('notice-list');
    expect(within(rowOf(1)).getByTestId('notice-unread-dot')).toBeTruthy();
    expect(within(rowOf(1)).getByText(UNREAD_NOTICE)).toBeTruthy();
    expect(within(rowOf(2)).queryByTestId('notice-unread-dot')).toBeNull();
    expect(within(rowOf(2)).queryByText(UNREAD_NOTICE)).toBeNull();
  });

  it('renders the message as HTML: <b>Hi</b> is bold, not escaped (NOTE-03)', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /notices.json': listAnswer([notice(1, { message: '<b>Hi</b> there' })]) }),
    );
    renderNotices();
    const message = await screen.findByTestId('notice-message');
    expect(message.querySelector('b')?.textContent).toBe('Hi');
    expect(message.textContent).toBe('Hi there');
  });

  it('shows the age from last_set_at, fromNow style (NOTE-04, AMB-30)', async () => {
    const now = Date.now();
    fetchMock.mockImplementation(
      fakeApi({
        'GET /notices.json': listAnswer([
          notice(1, { last_set_at: now - 2 * HOUR }),
          notice(2, { last_set_at: now - 3 * 24 * HOUR }),
          notice(3, { last_set_at: now - 5 * 60 * 1000 }),
        ]),
      }),
    );
    renderNotices();
    await screen.findByTestId('notice-list');
    expect(screen.getAllByTestId('notice-time').map((t) => t.textContent)).toEqual([
      '2 hours ago',
      '3 days ago',
      '5 minutes ago',
    ]);
  });

  it('an empty list says No notices to display. (NOTE-05)', async () => {
    fetchMock.mockImplementation(fakeApi({ 'GET /notices.json': listAnswer([]) }));
    renderNotices();
    expect(await screen.findByText(NO_NOTICES)).toBeTruthy();
    expect(screen.queryByTestId('notice-list')).toBeNull();
  });

  it('a failed load stops the spinner with no message of its own, and Try again (ERR-60)', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /notices.json': respond(404, { type: 'x/not-found', status: 404 }) }),
    );
    renderNotices();
    expect(await screen.findByTestId('notices-load-failed')).toBeTruthy();
    expect(screen.queryByText(LOADING_NOTICES)).toBeNull();
    expect(screen.queryByText(NO_NOTICES)).toBeNull();
    fetchMock.mockImplementation(fakeApi({ 'GET /notices.json': listAnswer([notice(1)]) }));
    fireEvent.click(screen.getByRole('button', { name: TRY_AGAIN }));
    expect(await screen.findByTestId('notice-list')).toBeTruthy();
  });

  it('pages with Load More, sending the answer’s next_before', async () => {
    fetchMock.mockImplementation((input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const answer = url.includes('before=500.1')
        ? listAnswer([notice(1)])
        : listAnswer([notice(2)], '500.1');
      return fakeApi({ 'GET /notices.json': answer })(input, init);
    });
    renderNotices();
    await screen.findByTestId('notice-list');
    fireEvent.click(screen.getByRole('button', { name: LOAD_MORE }));
    await waitFor(() => expect(screen.getAllByTestId('notice-row')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: LOAD_MORE })).toBeNull();
  });
});

describe('opening a notice (NOTE-06..11, AMB-29)', () => {
  function answerMarkRead(id: number, unseenAfter: number) {
    return () =>
      respond(
        200,
        { data: { notice: { ...notice(id), is_read: true } } },
        { 'x-user-metadata': userMetadataHeader(unseenAfter, 0) },
      );
  }

  it('an unread Post notice: PUT mark_read, the badge 3 -> 2, then /news/{id} (NOTE-06, NOTE-07, NOTE-09)', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /notices.json': listAnswer([notice(1)], null, 3),
        'PUT /notices/1/mark_read': answerMarkRead(1, 2),
      }),
    );
    const router = renderNotices();
    await screen.findByTestId('notice-list');
    await waitFor(() => expect(getBadgeCounts().unseenNoticeCount).toBe(3));
    fireEvent.click(rowOf(1));
    expect((await screen.findByTestId('landed')).textContent).toBe('/news/101');
    expect(calls()).toContain('PUT /notices/1/mark_read');
    expect(getBadgeCounts().unseenNoticeCount).toBe(2);
    expect(router.state.location.pathname).toBe('/news/101');
  });

  it('a CalendarEvent notice goes to /calendar/{id} (NOTE-08)', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /notices.json': listAnswer([
          notice(4, { noticeable_type: 'CalendarEvent', noticeable_id: 77 }),
        ]),
        'PUT /notices/4/mark_read': answerMarkRead(4, 2),
      }),
    );
    renderNotices();
    await screen.findByTestId('notice-list');
    fireEvent.click(rowOf(4));
    expect((await screen.findByTestId('landed')).textContent).toBe('/calendar/77');
  });

  it('a Comment notice opens its parent with the comment id in the navigation state (NOTE-10)', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /notices.json': listAnswer([
          notice(5, {
            noticeable_type: 'Comment',
            noticeable_id: 900,
            parent_noticeable_type: 'Post',
            parent_noticeable_id: 12,
          }),
        ]),
        'PUT /notices/5/mark_read': answerMarkRead(5, 2),
      }),
    );
    renderNotices();
    await screen.findByTestId('notice-list');
    fireEvent.click(rowOf(5));
    const landed = await screen.findByTestId('landed');
    expect(landed.textContent).toBe('/news/12');
    expect(JSON.parse(landed.dataset.state ?? 'null')).toEqual({ commentId: 900 });
    // And an event's comment goes to the event.
    expect(
      noticeTarget(
        notice(6, {
          noticeable_type: 'Comment',
          noticeable_id: 901,
          parent_noticeable_type: 'CalendarEvent',
          parent_noticeable_id: 13,
        }),
      ),
    ).toEqual({ path: '/calendar/13', state: { commentId: 901 } });
  });

  it('any other type stays on /notices, still marked read (NOTE-11)', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /notices.json': listAnswer([
          notice(7, { noticeable_type: 'Other', noticeable_id: null }),
        ]),
        'PUT /notices/7/mark_read': answerMarkRead(7, 2),
      }),
    );
    const router = renderNotices();
    await screen.findByTestId('notice-list');
    fireEvent.click(rowOf(7));
    await waitFor(() => expect(calls()).toContain('PUT /notices/7/mark_read'));
    await waitFor(() => expect(rowOf(7).dataset.unread).toBeUndefined());
    expect(router.state.location.pathname).toBe('/notices');
  });

  it('a read notice just navigates: no mark_read, no count change (AMB-29)', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /notices.json': listAnswer([notice(8, { is_read: true })], null, 3) }),
    );
    renderNotices();
    await screen.findByTestId('notice-list');
    await waitFor(() => expect(getBadgeCounts().unseenNoticeCount).toBe(3));
    fireEvent.click(rowOf(8));
    expect((await screen.findByTestId('landed')).textContent).toBe('/news/108');
    expect(calls().filter((call) => call.startsWith('PUT'))).toEqual([]);
    expect(getBadgeCounts().unseenNoticeCount).toBe(3);
  });
});

describe('NOTE-12: nothing stale after a sign-out', () => {
  it("the reset of sign-out drops one member's notices; the next sees only their own", async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /notices.json': listAnswer([notice(1, { message: 'For M only' })]) }),
    );
    const first = renderNotices();
    expect(await screen.findByText('For M only')).toBeTruthy();
    first.unmount();
    act(() => resetClientState());
    let answerSecond: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(
      () =>
        new Promise<Response>((resolve) => {
          answerSecond = resolve;
        }),
    );
    renderNotices();
    // Before M2's answer: the spinner, not M's notice.
    expect(screen.getAllByText(LOADING_NOTICES).length).toBeGreaterThan(0);
    expect(screen.queryByText('For M only')).toBeNull();
    answerSecond(listAnswer([notice(2, { message: 'For M2' })]));
    expect(await screen.findByText('For M2')).toBeTruthy();
    expect(screen.queryByText('For M only')).toBeNull();
  });
});
