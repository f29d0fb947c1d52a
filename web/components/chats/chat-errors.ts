import { isApiError } from '../../http/client.ts';

/**
 * ERR-10..13: a 422's messages joined by ', ' (the server's VAL-05, VAL-06 and "already in this
 * chat" included, AMB-50); anything else, or a 422 with no message, the screen's default text.
 */
export function alertText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status === 422) {
    const messages = error.allErrorMessages();
    if (messages.length > 0) return messages.join(', ');
  }
  return fallback;
}
