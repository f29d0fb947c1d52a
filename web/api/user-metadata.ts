import { useSyncExternalStore } from 'react';
import { userMetadataSchema } from '../../common/schemas/session.ts';

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

/** Decodes the header: base64 of `{unseen_notice_count, unseen_chat_messages_count}`. */
export function decodeUserMetadata(header: string): BadgeCounts | null {
  try {
    const bytes = Uint8Array.from(atob(header.trim()), (char) => char.charCodeAt(0));
    const parsed = userMetadataSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
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
export function applyUserMetadataHeader(header: string | null, callEpoch: number): void {
  if (header === null || callEpoch !== epoch) return;
  const next = decodeUserMetadata(header);
  if (!next) return;
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
