import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarFeedAnswerSchema, type CalendarFeed } from '../../common/schemas/calendar-feed.ts';
import { apiRequest } from '../http/client.ts';

/**
 * The member's private calendar feed address (decision D30, docs/api.md Calendar feeds): read,
 * made anew (the old address stops answering at once) and turned off. Both changes put their
 * answer straight into the query, so the screen shows the address the server now holds.
 */

export const calendarFeedKeys = {
  all: ['calendar-feed'] as const,
  current: () => [...calendarFeedKeys.all, 'current'] as const,
};

/** The address changes only when this member changes it, here; 5 minutes spares a re-read. */
export const CALENDAR_FEED_STALE_MS = 5 * 60_000;

/** The address, or null before the member made one (or after they turned it off). */
export async function fetchCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed | null> {
  const answer = await apiRequest<unknown>('GET', '/calendar_feed.json', signal ? { signal } : {});
  return calendarFeedAnswerSchema.parse(answer).data.calendar_feed;
}

/** Only while `enabled`: /calendar asks for the address when the member opens its panel. */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: calendarFeedKeys.current(),
    queryFn: ({ signal }) => fetchCalendarFeed(signal),
    enabled,
    staleTime: CALENDAR_FEED_STALE_MS,
  });
}

/** POST /calendar_feed.json: a new address in place of the old one. */
export function useRenewCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<CalendarFeed | null> => {
      const answer = await apiRequest<unknown>('POST', '/calendar_feed.json');
      return calendarFeedAnswerSchema.parse(answer).data.calendar_feed;
    },
    onSuccess: (feed) => client.setQueryData(calendarFeedKeys.current(), feed),
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
