import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CALENDAR_FEED_ADDRESS,
  CALENDAR_FEED_COPIED,
  CALENDAR_FEED_COPY,
  CALENDAR_FEED_COPY_BY_HAND,
  CALENDAR_FEED_IF_LOST,
  CALENDAR_FEED_MAKE,
  CALENDAR_FEED_MAKE_FAILED,
  CALENDAR_FEED_NOT_SHOWN_AGAIN,
  CALENDAR_FEED_RENEW,
  CALENDAR_FEED_RENEWED,
  CALENDAR_FEED_SHOWN_ONCE,
  CALENDAR_FEED_TITLE,
  CALENDAR_FEED_TURN_OFF,
  CALENDAR_FEED_TURNED_OFF,
  CANCEL,
  OK,
  calendarFeedMadeOn,
} from '../../../common/messages.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { OkDialogHost } from '../../components/OkDialog.tsx';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { resetClientState } from '../../http/client-state.ts';
import { respond, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CalendarFeedButton, CalendarFeedPanel } from './CalendarFeedPanel.tsx';
import { useState } from 'react';

const fetchMock = vi.fn<typeof fetch>();
const FIRST = 'http://localhost/feeds/calendar/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.ics';
const SECOND = 'http://localhost/feeds/calendar/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.ics';
/** 3 May 2026, midday UTC: the same date in any zone the test runs in. */
const MADE_AT = Date.UTC(2026, 4, 3, 12);
/** When the fake server's feed was made, or null for none; the addresses POST hands out. */
let madeAt: number | null = MADE_AT;
let nextUrls: (string | 'fail')[] = [];

/** GET as the server answers it (D54): that a feed exists and since when, never its address. */
function stateAnswer() {
  return respond(200, {
    data: { calendar_feed: madeAt === null ? null : { url: null, created_at: madeAt } },
  });
}

/** The feed calls made, as `METHOD`. */
function feedCalls(): string[] {
  return fetchMock.mock.calls
    .filter(([input]) => String(input).endsWith('/calendar_feed.json'))
    .map(([, init]) => init?.method ?? 'GET');
}

function Harness() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <CalendarFeedButton
        opened={opened}
        panelId="feed"
        onToggle={() => setOpened((was) => !was)}
      />
      {opened ? <CalendarFeedPanel id="feed" /> : null}
      <OkDialogHost />
    </>
  );
}

function togglePanel() {
  fireEvent.click(screen.getByRole('button', { name: CALENDAR_FEED_TITLE }));
}

function renderPanel() {
  renderWithProviders(<Harness />);
  togglePanel();
}

function address(): HTMLInputElement {
  return screen.getByRole('textbox', { name: CALENDAR_FEED_ADDRESS }) as HTMLInputElement;
}

function confirm(answer: typeof OK | typeof CANCEL) {
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: answer }));
}

const MADE_BEFORE = calendarFeedMadeOn('May 3, 2026');

/** The panel of a feed made earlier: when, why no address, and the two changes. */
async function expectMadeBefore() {
  expect(await screen.findByText(MADE_BEFORE)).toBeTruthy();
  expect(screen.getByText(CALENDAR_FEED_NOT_SHOWN_AGAIN)).toBeTruthy();
  expect(screen.getByRole('button', { name: CALENDAR_FEED_RENEW })).toBeTruthy();
  expect(screen.getByRole('button', { name: CALENDAR_FEED_TURN_OFF })).toBeTruthy();
  expect(screen.queryByRole('textbox', { name: CALENDAR_FEED_ADDRESS })).toBeNull();
  expect(screen.queryByRole('button', { name: CALENDAR_FEED_COPY })).toBeNull();
}

beforeEach(() => {
  clearOkDialogs();
  resetClientState();
  resetSessionForTests({ status: 'signedIn', user: testUser() });
  madeAt = MADE_AT;
  nextUrls = [FIRST, SECOND];
  fetchMock.mockReset();
  fetchMock.mockImplementation((_input, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'POST') {
      const url = nextUrls.shift() ?? 'fail';
      if (url === 'fail') return Promise.resolve(respond(422, { type: 'x/no', status: 422 }));
      madeAt = MADE_AT;
      return Promise.resolve(
        respond(200, { data: { calendar_feed: { url, created_at: MADE_AT } } }),
      );
    }
    if (method === 'DELETE') {
      madeAt = null;
      return Promise.resolve(respond(204, null));
    }
    return Promise.resolve(stateAnswer());
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => clearOkDialogs());
  vi.unstubAllGlobals();
});

describe('the calendar feed panel on /calendar (D30, D54)', () => {
  it('asks only when opened; a feed made before shows when, and offers a new address or turning off, but no address', async () => {
    renderWithProviders(<Harness />);
    const button = screen.getByRole('button', { name: CALENDAR_FEED_TITLE });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(feedCalls()).toEqual([]);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await expectMadeBefore();
    expect(feedCalls()).toEqual(['GET']);
  });

  it('shows a new address once, read-only, saying so; closed and opened again, it is gone', async () => {
    madeAt = null;
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: CALENDAR_FEED_MAKE }));
    await waitFor(() => expect(address().value).toBe(FIRST));
    expect(address().readOnly).toBe(true);
    // Said where the address is, and read out with it.
    const described = (address().getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(CALENDAR_FEED_SHOWN_ONCE);
    expect(screen.getByText(CALENDAR_FEED_IF_LOST)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(CALENDAR_FEED_RENEWED);
    expect(screen.getByRole('button', { name: CALENDAR_FEED_RENEW })).toBeTruthy();
    expect(screen.getByRole('button', { name: CALENDAR_FEED_TURN_OFF })).toBeTruthy();

    togglePanel();
    togglePanel();
    await expectMadeBefore();
    expect(document.body.textContent).not.toContain(FIRST);
    expect(feedCalls()).toEqual(['GET', 'POST']);
  });

  it('copies the address and says so; without a clipboard it selects the text instead', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    madeAt = null;
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: CALENDAR_FEED_MAKE }));
    await waitFor(() => expect(address().value).toBe(FIRST));
    fireEvent.click(screen.getByRole('button', { name: CALENDAR_FEED_COPY }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(CALENDAR_FEED_COPIED));
    expect(writeText).toHaveBeenCalledWith(FIRST);

    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    fireEvent.click(screen.getByRole('button', { name: CALENDAR_FEED_COPY }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(CALENDAR_FEED_COPY_BY_HAND),
    );
    expect(document.activeElement).toBe(address());
    expect(address().selectionStart).toBe(0);
    expect(address().selectionEnd).toBe(FIRST.length);
  });

  it('makes a new address in place of one made before only after the member confirms', async () => {
    renderPanel();
    await expectMadeBefore();
    fireEvent.click(screen.getByRole('button', { name: CALENDAR_FEED_RENEW }));
    confirm(CANCEL);
    expect(feedCalls()).toEqual(['GET']);

    fireEvent.click(screen.getByRole('button', { name: CALENDAR_FEED_RENEW }));
    confirm(OK);
    await waitFor(() => expect(address().value).toBe(FIRST));
    expect(screen.getByRole('status').textContent).toBe(CALENDAR_FEED_RENEWED);

    fireEvent.click(screen.getByRole('button', { name: CALENDAR_FEED_RENEW }));
    confirm(OK);
    await waitFor(() => expect(address().value).toBe(SECOND));
    expect(feedCalls()).toEqual(['GET', 'POST', 'POST']);
  });

  it('says when a new address could not be made, and keeps the one in hand', async () => {
    nextUrls = [FIRST, 'fail'];
    madeAt = null;
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: CALENDAR_FEED_MAKE }));
    await waitFor(() => expect(address().value).toBe(FIRST));
    fireEvent.click(screen.getByRole('button', { name: CALENDAR_FEED_RENEW }));
    confirm(OK);
    expect((await screen.findByRole('alert')).textContent).toBe(CALENDAR_FEED_MAKE_FAILED);
    expect(address().value).toBe(FIRST);
  });

  it('turns the address off after confirming, then offers to make one', async () => {
    renderPanel();
    await expectMadeBefore();
    fireEvent.click(screen.getByRole('button', { name: CALENDAR_FEED_TURN_OFF }));
    confirm(OK);
    const make = await screen.findByRole('button', { name: CALENDAR_FEED_MAKE });
    expect(screen.getByRole('status').textContent).toBe(CALENDAR_FEED_TURNED_OFF);
    expect(screen.queryByText(MADE_BEFORE)).toBeNull();
    fireEvent.click(make);
    await waitFor(() => expect(address().value).toBe(FIRST));
    expect(feedCalls()).toEqual(['GET', 'DELETE', 'POST']);
  });
});
