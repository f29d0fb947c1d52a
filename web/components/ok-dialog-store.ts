import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';

/**
 * The queue behind the one OK dialog of the app (NAV-12, NAV-13). Anything, including the
 * HTTP client's error mapping (ERR-01, ERR-02), can ask for a dialog; OkDialogHost shows the
 * first one and the next after it closes.
 */
export interface OkDialogRequest {
  title: string;
  content: ReactNode;
  /** When given, the dialog also shows Cancel, and this runs on OK only (NAV-13). */
  onOk?: () => void;
  /** Runs whenever the dialog closes (OK, Cancel, Escape), after onOk. */
  onClose?: () => void;
}

interface QueuedDialog extends OkDialogRequest {
  id: number;
}

let queue: readonly QueuedDialog[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly QueuedDialog[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

export function showOkDialog(request: OkDialogRequest): void {
  // Many calls failing at once (the network is down) must not stack identical dialogs.
  const duplicate = queue.some(
    (queued) =>
      queued.onOk === undefined &&
      request.onOk === undefined &&
      queued.onClose === undefined &&
      request.onClose === undefined &&
      queued.title === request.title &&
      queued.content === request.content,
  );
  if (duplicate) return;
  publish([...queue, { ...request, id: nextId++ }]);
}

/** Closes the dialog on show; runs its callback when `confirmed` (OK was pressed). */
export function closeOkDialog(id: number, confirmed: boolean): void {
  const current = queue.find((queued) => queued.id === id);
  if (!current) return;
  publish(queue.filter((queued) => queued.id !== id));
  if (confirmed) current.onOk?.();
  current.onClose?.();
}

export function clearOkDialogs(): void {
  publish([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): readonly QueuedDialog[] {
  return queue;
}

export function getOkDialogQueue(): readonly OkDialogRequest[] {
  return queue;
}

export function useCurrentOkDialog(): QueuedDialog | null {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return current[0] ?? null;
}
