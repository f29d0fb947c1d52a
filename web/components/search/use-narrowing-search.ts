import { useCallback, useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../common/constants.ts';
import { isSearchable } from '../../../common/member-search.ts';
import { onClientStateReset } from '../../http/client-state.ts';

/** One page of a search's answer. */
export interface SearchPage<T> {
  items: readonly T[];
  hasMore: boolean;
}

export interface NarrowingSearchConfig<T> {
  /** Where the search keeps its text and results while the member visits other screens. */
  memoryKey: string;
  /** The text as the search uses it (lodge search strips slashes, SRCH-12). */
  clean: (typed: string) => string;
  search: (text: string, page: number, signal: AbortSignal) => Promise<SearchPage<T>>;
  /** Whether a result still fits a longer text: the same rule the server applies. */
  matches: (item: T, text: string) => boolean;
  /** What to say when a search fails (ERR-22..24). */
  errorText: (error: unknown) => string;
}

export type SearchStatus = 'prompt' | 'searching' | 'results' | 'error';

interface SearchState<T> {
  /** What the box shows, as typed. */
  typed: string;
  status: SearchStatus;
  items: readonly T[];
  hasMore: boolean;
  /** Pages fetched for the current text (the next page to ask for). */
  pages: number;
  error: string | null;
}

export interface NarrowingSearch<T> extends SearchState<T> {
  setTyped: (typed: string) => void;
  loadMore: () => void;
  loadingMore: boolean;
  retry: () => void;
}

function emptyState<T>(): SearchState<T> {
  return { typed: '', status: 'prompt', items: [], hasMore: false, pages: 0, error: null };
}

// The directory's searches keep their text and results for the session (AMB-12: a member who
// opens a result and comes back finds the list as they left it); sign-in and sign-out forget.
const memory = new Map<string, SearchState<unknown>>();
onClientStateReset(() => memory.clear());

/**
 * Member and lodge search as §4 and §5 say (SRCH-01, SRCH-02, SRCH-09..13):
 * - fewer than 2 characters (trimmed) clears the results and shows the prompt, sending nothing;
 * - otherwise a request goes 250 ms after the last key, and an answer to an older text is
 *   dropped (its request is aborted);
 * - a text that extends the previous one narrows the results held, with no request, when they
 *   are the whole answer (decision D38: a capped answer would narrow to a wrong "No Matches",
 *   so a text that extends one whose answer had more pages is searched again, its held results
 *   narrowed meanwhile);
 * - a shortened or changed text, or no results held, searches again, showing meanwhile only the
 *   held results that fit it.
 */
export function useNarrowingSearch<T>(config: NarrowingSearchConfig<T>): NarrowingSearch<T> {
  const { memoryKey } = config;
  const [state, setState] = useState<SearchState<T>>(
    () => (memory.get(memoryKey) as SearchState<T> | undefined) ?? emptyState<T>(),
  );
  const [loadingMore, setLoadingMore] = useState(false);
  const stateRef = useRef(state);
  const update = useCallback((next: SearchState<T>) => {
    stateRef.current = next;
    setState(next);
  }, []);
  const configRef = useRef(config);
  useEffect(() => {
    configRef.current = config;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => {
    memory.set(memoryKey, state);
  }, [memoryKey, state]);

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    inFlight.current?.abort();
    inFlight.current = null;
    setLoadingMore(false);
  }, []);

  useEffect(() => cancel, [cancel]);

  const fetchPage = useCallback(
    (text: string, page: number) => {
      const controller = new AbortController();
      inFlight.current = controller;
      const { search, errorText } = configRef.current;
      search(text, page, controller.signal).then(
        (answer) => {
          if (controller.signal.aborted) return;
          inFlight.current = null;
          setLoadingMore(false);
          const current = stateRef.current;
          update({
            ...current,
            status: 'results',
            items: page === 0 ? answer.items : [...current.items, ...answer.items],
            hasMore: answer.hasMore,
            pages: page + 1,
            error: null,
          });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          inFlight.current = null;
          setLoadingMore(false);
          const current = stateRef.current;
          update(
            page === 0
              ? { ...current, status: 'error', items: [], hasMore: false, error: errorText(error) }
              : { ...current, error: errorText(error) },
          );
        },
      );
    },
    [update],
  );

  // A search left under way when the member went to another screen is asked again on return.
  // Runs on mount only (fetchPage never changes). No "done once" flag: StrictMode's trial unmount
  // cancels the call, and its second run must ask again or the search would spin forever.
  useEffect(() => {
    const current = stateRef.current;
    if (current.status === 'searching' && inFlight.current === null && timer.current === null)
      fetchPage(configRef.current.clean(current.typed), 0);
  }, [fetchPage]);

  const schedule = useCallback(
    (text: string) => {
      cancel();
      timer.current = setTimeout(() => {
        timer.current = null;
        fetchPage(text, 0);
      }, SEARCH_DEBOUNCE_MS);
    },
    [cancel, fetchPage],
  );

  const setTyped = useCallback(
    (typed: string) => {
      const { clean, matches } = configRef.current;
      const current = stateRef.current;
      const text = clean(typed);
      const before = clean(current.typed);
      if (!isSearchable(text)) {
        cancel();
        update({ ...emptyState<T>(), typed });
        return;
      }
      if (text === before && current.status !== 'prompt') {
        update({ ...current, typed });
        return;
      }
      const held = current.status === 'results' && current.items.length > 0;
      if (held && text.startsWith(before)) {
        const items = current.items.filter((item) => matches(item, text));
        if (!current.hasMore) {
          cancel();
          update({ ...current, typed, items });
          return;
        }
        schedule(text);
        update({ ...current, typed, items, status: 'searching' });
        return;
      }
      // Held results that do not fit the new text go at once (those of "jo" under "ma"); a
      // shortened text keeps them all, as they fit it too.
      schedule(text);
      update({
        ...current,
        typed,
        items: current.items.filter((item) => matches(item, text)),
        status: 'searching',
        error: null,
      });
    },
    [cancel, schedule, update],
  );

  const loadMore = useCallback(() => {
    if (inFlight.current || !state.hasMore) return;
    setLoadingMore(true);
    fetchPage(configRef.current.clean(state.typed), state.pages);
  }, [fetchPage, state.hasMore, state.pages, state.typed]);

  const retry = useCallback(() => {
    const text = configRef.current.clean(state.typed);
    if (!isSearchable(text)) return;
    cancel();
    update({ ...stateRef.current, status: 'searching', error: null });
    fetchPage(text, 0);
  }, [cancel, fetchPage, state.typed, update]);

  return { ...state, setTyped, loadMore, loadingMore, retry };
}
