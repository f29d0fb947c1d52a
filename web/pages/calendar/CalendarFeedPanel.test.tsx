import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CALENDAR_FEED_ADDRESS,
  CALENDAR_FEED_COPIED,
  CALENDAR_FEED_COPY,
  CALENDAR_FEED_COPY_BY_HAND,
  CALENDAR_FEED_MAKE,
  CALENDAR_FEED_MAKE_FAILED,
  CALENDAR_FEED_RENEW,
  CALENDAR_FEED_RENEWED,
  CALENDAR_FEED_TITLE,
  CALENDAR_FEED_TURN_OFF,
  CALENDAR_FEED_TURNED_OFF,
  CANCEL,
  OK,
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
/** The address the fake server holds; the POST answer, or a failure. */
let held: string | null = FIRST;
let nextUrl: string | 'fail' = SECOND;

function feedAnswer(url: string | null) {
  return respond(200, { data: { calendar_feed: url ? { url, created_at: 1 } : null } });
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

function renderPanel() {
  renderWithProviders(<Harness />);
  fireEvent.click(screen.getByRole('button', { name: CALENDAR_FEED_TITLE }));
}

function address(): HTMLInputElement {
  return screen.getByRole('textbox', { name: CALENDAR_FEED_ADDRESS }) as HTMLInputElement;
}

function confirm(answer: typeof OK | typeof CANCEL) {
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: answer }));
}

beforeEach(() => {
  clearOkDialogs();
  resetClientState();
  resetSessionForTests({ status: 'signedIn', user: testUser() });
  held = FIRST;
  nextUrl = SECOND;
  fetchMock.mockReset();
  fetchMock.mockImplementation((_input, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'POST') {
      if (nextUrl === 'fail') return Promise.resolve(respond(422, { type: 'x/no', status: 422 }));
      held = nextUrl;
      return Promise.resolve(feedAnswer(held));
    }
    if (method === 'DELETE') {
      held = null;
      return Promise.resolve(respond(204, null));
    }
    return Promise.resolve(feedAnswer(held));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => clearOkDialogs());
  vi.unstubAllGlobals();
});

describe('the calendar feed panel on /calendar (D30)', () => {
  it('asks for the address only when opened, and shows it read-only', async () => {
    renderWithProviders(<Harness />);
    const button = screen.getByRole('button', { name: CALENDAR_FEED_TITLE });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(feedCalls()).toEqual([]);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(address().value).toBe(FIRST));
    expect(address().readOnly).toBe(true);
    expect(feedCalls()).toEqual(['GET']);
  });

  it('copies the address and says so; without a clipboard it selects the text instead', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPanel();
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

  it('makes a new address only after the member confirms', async () => {
    renderPanel();
    await waitFor(() => expect(address().value).toBe(FIRST));
    fireEvent.click(screen.getByRole('button', { name: CALENDAR_FEED_RENEW }));
    confirm(CANCEL);
    expect(feedCalls()).toEqual(['GET']);

    fireEvent.click(screen.getByRole('button', { name: CALENDAR_FEED_RENEW }));
    confirm(OK);
    await waitFor(() => expect(address().value).toBe(SECOND));
    expect(screen.getByRole('status').textContent).toBe(CALENDAR_FEED_RENEWED);
    expect(feedCalls()).toEqual(['GET', 'POST']);
  });

  it('says when a new address could not be made, and keeps the old one', async () => {
    nextUrl = 'fail';
    renderPanel();
    await waitFor(() => expect(address().value).toBe(FIRST));
    fireEvent.click(screen.getByRole('button', { name: CALENDAR_FEED_RENEW }));
    confirm(OK);
    expect((await screen.findByRole('alert')).textContent).toBe(CALENDAR_FEED_MAKE_FAILED);
    expect(address().value).toBe(FIRST);
  });

  it('turns the address off after confirming, then offers to make one', async () => {
    renderPanel();
    await waitFor(() => expect(address().value).toBe(FIRST));
    fireEvent.click(screen.getByRole('button', { name: CALENDAR_FEED_TURN_OFF }));
    confirm(OK);
    const make = await screen.findByRole('button', { name: CALENDAR_FEED_MAKE });
    expect(screen.getByRole('status').textContent).toBe(CALENDAR_FEED_TURNED_OFF);
    expect(screen.queryByRole('textbox', { name: CALENDAR_FEED_ADDRESS })).toBeNull();
    fireEvent.click(make);
    await waitFor(() => expect(address().value).toBe(SECOND));
    expect(feedCalls()).toEqual(['GET', 'DELETE', 'POST']);
  });
});
