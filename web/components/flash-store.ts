import { onClientStateReset } from '../http/client-state.ts';

/**
 * A one-time message for the next screen, e.g. "Your password has been changed." after a form
 * goes back (GEN-02). Taken once; forgotten when the session changes (SESS-07).
 */
let message: string | null = null;

export function setFlashMessage(next: string): void {
  message = next;
}

/** Read without taking: safe to call more than once while a screen first renders. */
export function peekFlashMessage(): string | null {
  return message;
}

export function clearFlashMessage(): void {
  message = null;
}

onClientStateReset(() => {
  message = null;
});
