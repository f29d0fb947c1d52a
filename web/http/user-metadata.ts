import { useSyncExternalStore } from 'react';
import { loadSessionSchemas } from './session-schemas.ts';

/**
 * The badge counts (META-01..04, NAV-04, NAV-05): read from the `x-user-metadata` header of
 * every successful answer. Both start null (META-04): no badge until the first header.
 */
export interface BadgeCounts {
  unseenNoticeCount: number | null;
  unseenChatMessagesCount: number | null;
}

const EMPTY: BadgeCounts = { unseenNoticeCount: null, unseenChatMessagesCount: null };

let counts: BadgeCounts = EMPTY;
/** Bumped by every reset, so an answer to a call made before a sign-out is not read after it. */
let epoch = 0;
const listeners = new Set<() => void>();

function publish(next: BadgeCounts): void {
  counts = next;
  for (const listener of listeners) listener();
}

export function getBadgeCounts(): BadgeCounts {
  return counts;
}

export function useBadgeCounts(): BadgeCounts {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getBadgeCounts,
    getBadgeCounts,
  );
}

/** The current epoch; pass it back to applyUserMetadataHeader with the answer. */
export function userMetadataEpoch(): number {
  return epoch;
}

/**
 * Decodes the header: base64 of `{unseen_notice_count, unseen_chat_messages_count}`. Null when
 * it is not that, or when its schema could not be downloaded: the badges wait for the next one.
 */
export async function decodeUserMetadata(header: string): Promise<BadgeCounts | null> {
  try {
    const bytes = Uint8Array.from(atob(header.trim()), (char) => char.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
    const { userMetadataSchema } = await loadSessionSchemas();
    const parsed = userMetadataSchema.safeParse(json);
    if (!parsed.success) return null;
    return {
      unseenNoticeCount: parsed.data.unseen_notice_count,
      unseenChatMessagesCount: parsed.data.unseen_chat_messages_count,
    };
  } catch {
    return null;
  }
}

/** META-01: called by the HTTP client with each successful answer's header (or null). */
export async function applyUserMetadataHeader(
  header: string | null,
  callEpoch: number,
): Promise<void> {
  if (header === null || callEpoch !== epoch) return;
  const next = await decodeUserMetadata(header);
  // A reset while the schema was on its way makes this answer stale too.
  if (!next || callEpoch !== epoch) return;
  if (
    next.unseenNoticeCount === counts.unseenNoticeCount &&
    next.unseenChatMessagesCount === counts.unseenChatMessagesCount
  ) {
    return;
  }
  publish(next);
}

/** Screens that change a count themselves (a notice read) set it here. */
export function setBadgeCounts(patch: Partial<BadgeCounts>): void {
  publish({ ...counts, ...patch });
}

/** SESS-07: back to null, and answers of calls already under way are ignored. */
export function resetBadgeCounts(): void {
  epoch += 1;
  publish(EMPTY);
}
