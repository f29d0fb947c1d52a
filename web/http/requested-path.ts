/**
 * The requested path (ACC-07, SIGNIN-03, AMB-38): where a visitor was going when the guard
 * sent them to sign in. It lives in sessionStorage so it survives a reload of the sign-in
 * page, and falls back to memory when the browser refuses storage (blocked cookies do that).
 * Paths are relative to the /app base path, e.g. `/calendar/5?x=1#top`.
 */
const STORAGE_KEY = 'lodgehall.requestedPath';

let memoryValue: string | null = null;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberRequestedPath(path: string): void {
  memoryValue = path;
  try {
    storage()?.setItem(STORAGE_KEY, path);
  } catch {
    // Storage full or refused: memory still holds it for this page.
  }
}

export function peekRequestedPath(): string | null {
  try {
    const stored = storage()?.getItem(STORAGE_KEY);
    if (stored !== undefined && stored !== null) return stored;
  } catch {
    // fall through to memory
  }
  return memoryValue;
}

export function clearRequestedPath(): void {
  memoryValue = null;
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // nothing to clear
  }
}

/** Reads the remembered path and clears it (SIGNIN-03: "then cleared"). */
export function takeRequestedPath(): string | null {
  const path = peekRequestedPath();
  clearRequestedPath();
  return path;
}
