import { useEffect, useRef } from 'react';
import { CHAT_POLL_MS } from '../../../../common/constants.ts';
import { fetchLastActivityId } from '../../../api/chats.ts';

/**
 * The open chat's poll (CHAT-15..17, AMB-26, D45), run only while the event stream is not open:
 * every CHAT_POLL_MS it asks for the chat's newest message id and calls `onNewer` when that
 * differs from the newest shown. A tick is skipped while the last poll is still out (never
 * overlapping) and while the page is hidden; leaving the chat (unmount, another chat id) stops
 * it and drops the poll under way. Failures are ignored; a 401 ends the session in the client.
 */
export function useChatPoll(
  chatId: number,
  newestShownId: number | null,
  enabled: boolean,
  onNewer: () => void,
): void {
  const newest = useRef(newestShownId);
  const notify = useRef(onNewer);
  useEffect(() => {
    newest.current = newestShownId;
    notify.current = onNewer;
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let inFlight = false;
    // The id a refetch was asked for, so an id the refetch did not bring is not asked again
    // every tick; the next different id asks again.
    let askedFor: number | null = null;
    const tick = async () => {
      if (inFlight || document.hidden) return;
      inFlight = true;
      try {
        const id = await fetchLastActivityId(chatId, controller.signal);
        if (controller.signal.aborted) return;
        if (id !== null && id !== newest.current && id !== askedFor) {
          askedFor = id;
          notify.current();
        }
      } catch {
        // AMB-26: a failed poll is ignored; the next tick asks again.
      } finally {
        inFlight = false;
      }
    };
    const timer = setInterval(() => void tick(), CHAT_POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [chatId, enabled]);
}
