import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, UNPROCESSABLE_ENTITY_ERROR } from '../../../common/constants.ts';
import { matchesMemberSearch } from '../../../common/member-search.ts';
import {
  MEMBER_SEARCH_LABEL,
  MORE_RESULTS,
  NO_MATCHES,
  SEARCH_TO_NARROW,
  SEARCHING,
  SEARCHING_ERROR,
  SERVER_ERROR_TITLE,
  TRY_AGAIN,
} from '../../../common/messages.ts';
import type { MemberSearchParty } from '../../../common/schemas/member-search.ts';
import { searchMembers } from '../../api/member-search.ts';
import type * as MemberSearchApi from '../../api/member-search.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { OkDialogHost } from '../../components/OkDialog.tsx';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { resetClientState } from '../../http/client-state.ts';
import { respond, testParty, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { MembersByNamePanel } from './MembersByNamePanel.tsx';

// The real search call, watched: a test that drops a stale answer waits for that answer's whole
// way through the client (its promise) instead of waiting for time.
vi.mock('../../api/member-search.ts', async (importOriginal) => {
  const original = await importOriginal<typeof MemberSearchApi>();
  return { searchMembers: vi.fn(original.searchMembers) };
});

const fetchMock = vi.fn<typeof fetch>();

function member(id: number, name: string, lodge: string): MemberSearchParty {
  return { ...testParty(id, name), club_names: [lodge] };
}

const HARMONY = 'Harmony Lodge No. 412';
const JOHN = member(1, 'John Smith', HARMONY);
const JOSEPH = member(2, 'Joseph Brown', 'Olentangy Lodge No. 614');
const MARTIN = member(3, 'Martin Jones', HARMONY);
const MARK = member(4, 'Mark Adams', 'Cornerstone Lodge No. 725');
/** Whom the stand-in server finds, by the rule the real one applies. */
const ROSTER = [JOHN, JOSEPH, MARTIN, MARK];

/** Answers the tests set for one `text:page`; any other search answers from ROSTER, complete. */
let answers: Map<string, () => Promise<Response>>;

function found(parties: readonly MemberSearchParty[], hasMore = false) {
  return respond(200, { data: { parties, has_more: hasMore } });
}

function answer(key: string, response: Response | Promise<Response>) {
  answers.set(key, () => Promise.resolve(response));
}

/** An answer the test lets arrive when it chooses. */
function later(key: string): (response: Response) => void {
  let arrive: (response: Response) => void = () => undefined;
  const arrival = new Promise<Response>((resolve) => {
    arrive = resolve;
  });
  answers.set(key, () => arrival);
  return arrive;
}

/** The searches sent, as `text:page`. */
function searches(): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/contacts_by_name'))
    .map((url) => `${url.searchParams.get('search_text')}:${url.searchParams.get('page')}`);
}

function renderPanel() {
  const router = createMemoryRouter(
    [
      {
        path: '/directory',
        element: (
          <>
            <MembersByNamePanel />
            <OkDialogHost />
          </>
        ),
      },
      { path: '/parties/:id', element: <h1>A member</h1> },
    ],
    { initialEntries: ['/directory'] },
  );
  const view = renderWithProviders(<RouterProvider router={router} />);
  return { router, view };
}

function box(): HTMLInputElement {
  return screen.getByRole('searchbox', { name: MEMBER_SEARCH_LABEL }) as HTMLInputElement;
}

function type(text: string) {
  fireEvent.change(box(), { target: { value: text } });
}

/**
 * Types `text` and lets `ms` pass on a fake clock, so the test decides exactly when a search
 * leaves. The debounce's timer is made and run on that clock: give at least the debounce, so
 * no timer is left behind when the real clock comes back.
 */
function typeAndWait(text: string, ms = SEARCH_DEBOUNCE_MS) {
  expect(ms).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    type(text);
    act(() => vi.advanceTimersByTime(ms));
  } finally {
    vi.useRealTimers();
  }
}

/** The names listed, in order. */
function listed(): string[] {
  const list = screen.queryByTestId('member-search-results');
  if (!list) return [];
  return within(list)
    .getAllByRole('link')
    .map((link) => link.querySelector('span > span')?.textContent ?? '');
}

/** Waits for exactly these names to be listed (held results may show first). */
async function showsNames(names: string[]) {
  await waitFor(() => expect(listed()).toEqual(names));
}

/** Waits for the search call made `index`-th to have finished its way through the client. */
async function settled(index: number) {
  const result = vi.mocked(searchMembers).mock.results[index];
  if (!result) throw new Error(`no search call ${index}`);
  await act(async () => {
    await Promise.resolve(result.value).catch(() => undefined);
  });
}

beforeEach(() => {
  clearOkDialogs();
  resetClientState();
  resetSessionForTests({ status: 'signedIn', user: testUser() });
  vi.mocked(searchMembers).mockClear();
  answers = new Map();
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) => {
    const url = new URL(String(input), 'http://localhost');
    const text = url.searchParams.get('search_text') ?? '';
    const page = url.searchParams.get('page') ?? '0';
    const set = answers.get(`${text}:${page}`);
    if (set) return set();
    return Promise.resolve(
      found(page === '0' ? ROSTER.filter((party) => matchesMemberSearch(party, text)) : []),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  act(() => clearOkDialogs());
  vi.unstubAllGlobals();
});

describe('Members › By Name: when a search is sent (SRCH-01, SRCH-02, DIR-15)', () => {
  it('sends nothing for " j " and one search for "jo" (SRCH-01)', async () => {
    renderPanel();
    expect(screen.getByText(SEARCH_TO_NARROW)).toBeTruthy();
    typeAndWait(' j ', 1000);
    expect(searches()).toEqual([]);
    expect(screen.getByText(SEARCH_TO_NARROW)).toBeTruthy();

    typeAndWait('jo');
    expect(searches()).toEqual(['jo:0']);
    await showsNames(['John Smith', 'Joseph Brown', 'Martin Jones']);
  });

  it('sends "john" typed quickly once, 250 ms after the last key (SRCH-02, CONST-04)', async () => {
    renderPanel();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const text of ['j', 'jo', 'joh', 'john']) {
      type(text);
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
      expect(searches()).toEqual([]);
    }
    // 249 ms after the last key: still nothing; at 250 ms, the one search.
    act(() => vi.advanceTimersByTime(1));
    expect(searches()).toEqual(['john:0']);
    act(() => vi.advanceTimersByTime(10 * SEARCH_DEBOUNCE_MS));
    vi.useRealTimers();
    expect(searches()).toEqual(['john:0']);
    await showsNames(['John Smith']);
  });

  it('says it is searching until the answer comes, then lists each member with their lodge, opening their page (DIR-13)', async () => {
    const { router } = renderPanel();
    const arrive = later('jo:0');
    typeAndWait('jo');
    expect(screen.getByRole('status').textContent).toContain(SEARCHING);
    arrive(found([JOHN]));
    const link = await screen.findByRole('link', { name: /John Smith/ });
    expect(link.textContent).toContain(HARMONY);
    expect(link.getAttribute('href')).toBe('/parties/1');
    expect(screen.queryByText(SEARCHING)).toBeNull();
    fireEvent.click(link);
    await screen.findByRole('heading', { name: 'A member' });
    expect(router.state.location.pathname).toBe('/parties/1');
  });
});

describe('Members › By Name: narrowing and searching again (SRCH-09..11, D38)', () => {
  it('clears the results and shows the prompt when "jo" becomes "j" (SRCH-09)', async () => {
    renderPanel();
    typeAndWait('jo');
    await showsNames(['John Smith', 'Joseph Brown', 'Martin Jones']);
    typeAndWait('j', 1000);
    expect(listed()).toEqual([]);
    expect(screen.getByText(SEARCH_TO_NARROW)).toBeTruthy();
    expect(searches()).toEqual(['jo:0']);
  });

  it('narrows a complete answer for "jo" to "joh" with no request (SRCH-10)', async () => {
    renderPanel();
    typeAndWait('jo');
    await showsNames(['John Smith', 'Joseph Brown', 'Martin Jones']);
    typeAndWait('joh', 1000);
    expect(listed()).toEqual(['John Smith']);
    typeAndWait('john sm', 1000);
    expect(listed()).toEqual(['John Smith']);
    expect(searches()).toEqual(['jo:0']);
  });

  it('searches "joh" again when the answer for "jo" had more pages, narrowing meanwhile (D38)', async () => {
    renderPanel();
    answer('jo:0', found([JOHN, JOSEPH], true));
    typeAndWait('jo');
    await showsNames(['John Smith', 'Joseph Brown']);
    const arrive = later('joh:0');
    typeAndWait('joh');
    expect(searches()).toEqual(['jo:0', 'joh:0']);
    // What was held and no longer fits goes at once; the answer brings the rest.
    expect(listed()).toEqual(['John Smith']);
    arrive(found([JOHN, member(5, 'Johnny Walker', HARMONY)]));
    await showsNames(['John Smith', 'Johnny Walker']);
  });

  it('searches again when the text is shortened or changed (SRCH-11)', async () => {
    renderPanel();
    typeAndWait('joh');
    await showsNames(['John Smith']);
    typeAndWait('jo');
    expect(searches()).toEqual(['joh:0', 'jo:0']);
    await showsNames(['John Smith', 'Joseph Brown', 'Martin Jones']);
    typeAndWait('ma');
    expect(searches()).toEqual(['joh:0', 'jo:0', 'ma:0']);
    await showsNames(['Martin Jones', 'Mark Adams']);
  });

  it('searches again after an empty answer: no results are held (SRCH-11, DIR-14)', async () => {
    renderPanel();
    typeAndWait('zz');
    expect(await screen.findByText(NO_MATCHES)).toBeTruthy();
    typeAndWait('zzz');
    expect(searches()).toEqual(['zz:0', 'zzz:0']);
    expect(await screen.findByText(NO_MATCHES)).toBeTruthy();
  });

  it('never shows, while a changed text is searched, held results that do not fit it', async () => {
    renderPanel();
    typeAndWait('jo');
    await showsNames(['John Smith', 'Joseph Brown', 'Martin Jones']);
    const arriveAd = later('ad:0');
    typeAndWait('ad');
    expect(listed()).toEqual([]);
    expect(screen.getByRole('status').textContent).toContain(SEARCHING);
    arriveAd(found([MARK]));
    await showsNames(['Mark Adams']);

    // Mark Adams fits "ma" too: he stays while "ma" is searched.
    const arriveMa = later('ma:0');
    typeAndWait('ma');
    expect(listed()).toEqual(['Mark Adams']);
    arriveMa(found([MARTIN, MARK]));
    await showsNames(['Martin Jones', 'Mark Adams']);
  });

  it('drops an answer for an older text that arrives after the newer one', async () => {
    renderPanel();
    const arriveJo = later('jo:0');
    typeAndWait('jo');
    typeAndWait('ma');
    expect(searches()).toEqual(['jo:0', 'ma:0']);
    await showsNames(['Martin Jones', 'Mark Adams']);
    // The stand-in server answers "jo" anyway, as one that answered just before the abort would.
    arriveJo(found([JOHN, JOSEPH, MARTIN]));
    await settled(0);
    expect(listed()).toEqual(['Martin Jones', 'Mark Adams']);
    expect(box().value).toBe('ma');
  });

  it('shows "No Matches" for a search that finds nobody (DIR-14)', async () => {
    renderPanel();
    typeAndWait('qx');
    expect(await screen.findByTestId('member-search-empty')).toHaveProperty(
      'textContent',
      NO_MATCHES,
    );
    expect(listed()).toEqual([]);
  });
});

describe('Members › By Name: more results and failures (D38, ERR-22, ERR-23)', () => {
  it('appends page 1 on More results, then offers no more', async () => {
    renderPanel();
    answer('jo:0', found([JOHN, JOSEPH], true));
    answer('jo:1', found([MARTIN], false));
    typeAndWait('jo');
    await showsNames(['John Smith', 'Joseph Brown']);
    fireEvent.click(screen.getByRole('button', { name: MORE_RESULTS }));
    await showsNames(['John Smith', 'Joseph Brown', 'Martin Jones']);
    expect(searches()).toEqual(['jo:0', 'jo:1']);
    expect(screen.queryByRole('button', { name: MORE_RESULTS })).toBeNull();
  });

  it('shows the server’s messages of a 422 joined by ", " (ERR-22)', async () => {
    renderPanel();
    answer(
      'jo:0',
      respond(422, {
        type: `https://lodgehall.example/problems/${UNPROCESSABLE_ENTITY_ERROR}`,
        status: 422,
        errors: { base: ['a', 'b'] },
      }),
    );
    typeAndWait('jo');
    const error = await screen.findByTestId('member-search-error');
    expect(error.textContent).toContain('a, b');
    expect(listed()).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows "Searching Error" after the Server Error dialog for a 500, and searches again on Try again (ERR-23)', async () => {
    renderPanel();
    answer('jo:0', respond(500, { type: 'x/internal', status: 500 }));
    typeAndWait('jo');
    expect(await screen.findByRole('dialog', { name: SERVER_ERROR_TITLE })).toBeTruthy();
    const error = await screen.findByTestId('member-search-error');
    expect(error.textContent).toContain(SEARCHING_ERROR);

    answers.delete('jo:0');
    fireEvent.click(within(error).getByRole('button', { name: TRY_AGAIN }));
    await showsNames(['John Smith', 'Joseph Brown', 'Martin Jones']);
    expect(searches()).toEqual(['jo:0', 'jo:0']);
  });
});

describe('Members › By Name: kept for the session (AMB-12, SESS-07)', () => {
  it('keeps the text and results when the member leaves and comes back, with no new search', async () => {
    const first = renderPanel();
    typeAndWait('jo');
    await showsNames(['John Smith', 'Joseph Brown', 'Martin Jones']);
    first.view.unmount();

    renderPanel();
    expect(box().value).toBe('jo');
    expect(listed()).toEqual(['John Smith', 'Joseph Brown', 'Martin Jones']);
    expect(searches()).toEqual(['jo:0']);
  });

  it('forgets them at resetClientState (sign-in, sign-out)', async () => {
    const first = renderPanel();
    typeAndWait('jo');
    await showsNames(['John Smith', 'Joseph Brown', 'Martin Jones']);
    first.view.unmount();
    act(() => resetClientState());

    renderPanel();
    expect(box().value).toBe('');
    expect(listed()).toEqual([]);
    expect(screen.getByText(SEARCH_TO_NARROW)).toBeTruthy();
  });

  it('asks again, on return, a search left under way, also under StrictMode', async () => {
    const first = renderPanel();
    later('jo:0');
    typeAndWait('jo');
    first.view.unmount();

    answers.delete('jo:0');
    configure({ reactStrictMode: true });
    try {
      renderPanel();
    } finally {
      configure({ reactStrictMode: false });
    }
    expect(box().value).toBe('jo');
    await showsNames(['John Smith', 'Joseph Brown', 'Martin Jones']);
    expect(searches().at(0)).toBe('jo:0');
    expect(searches().at(-1)).toBe('jo:0');
  });
});
