import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  calendarFeedAnswerSchema,
  newCalendarFeedAnswerSchema,
  type CalendarFeed,
  type NewCalendarFeed,
} from '../../common/schemas/calendar-feed.ts';
import { apiRequest } from '../http/client.ts';

/**
 * The member's private calendar feed (decisions D30, D54, docs/api.md Calendar feeds): whether
 * there is one, a new address (the old one stops answering at once) and turning it off. The
 * server keeps only a hash of the address, so the address itself is in the answer of the call
 * that makes it and nowhere else: the screen shows it from that mutation, and the query holds
 * only that a feed exists and since when.
 */

export const calendarFeedKeys = {
  all: ['calendar-feed'] as const,
  current: () => [...calendarFeedKeys.all, 'current'] as const,
};

/** The feed changes only when this member changes it, here; 5 minutes spares a re-read. */
export const CALENDAR_FEED_STALE_MS = 5 * 60_000;

/** That the member has a feed and since when, or null before they made one (or turned it off). */
export async function fetchCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed | null> {
  const answer = await apiRequest<unknown>('GET', '/calendar_feed.json', signal ? { signal } : {});
  return calendarFeedAnswerSchema.parse(answer).data.calendar_feed;
}

/** Only while `enabled`: /calendar asks when the member opens its panel. */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: calendarFeedKeys.current(),
    queryFn: ({ signal }) => fetchCalendarFeed(signal),
    enabled,
    staleTime: CALENDAR_FEED_STALE_MS,
  });
}

/** POST /calendar_feed.json: a new address in place of the old one, answered this once. */
export function useRenewCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<NewCalendarFeed> => {
      const answer = await apiRequest<unknown>('POST', '/calendar_feed.json');
      return newCalendarFeedAnswerSchema.parse(answer).data.calendar_feed;
    },
    // The query says what a later GET would: a feed, without its address.
    onSuccess: (feed) => {
      const state: CalendarFeed = { url: null, created_at: feed.created_at };
      client.setQueryData(calendarFeedKeys.current(), state);
    },
  });
}

/** DELETE /calendar_feed.json: no address any more; calendar programs get nothing new. */
export function useTurnOffCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('DELETE', '/calendar_feed.json'),
    onSuccess: () => client.setQueryData(calendarFeedKeys.current(), null),
  });
}
