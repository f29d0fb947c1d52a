import { queryClient } from './client.ts';
import { resetBadgeCounts } from './user-metadata.ts';

/**
 * Everything the browser keeps about a member outside the session itself (SESS-07): the
 * TanStack Query cache (lists, chats, notices, the user's memberships), the badge counts and
 * whatever a screen remembers, such as the directory's selected tabs. Sign-in, sign-out and a
 * 401 reset all of it, so nothing of one member ever shows to the next, even for a moment.
 *
 * A module that keeps such state registers its reset with onClientStateReset.
 */
const resets = new Set<() => void>();

export function onClientStateReset(reset: () => void): () => void {
  resets.add(reset);
  return () => resets.delete(reset);
}

export function resetClientState(): void {
  // Answers still under way are dropped rather than written into the emptied cache.
  void queryClient.cancelQueries();
  queryClient.clear();
  resetBadgeCounts();
  for (const reset of resets) reset();
}
