import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
// The app loads the member's shell lazily (issue 8 §3). Loaded here once per test file, as
// before it was lazy, so a test's first wait for a signed-in screen is not spent compiling it.
import '../components/SignedInShell.tsx';

// Mantine reads these browser APIs that jsdom lacks (Mantine's own test guide asks for these shims).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverShim {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.defineProperty(window, 'ResizeObserver', {
  writable: true,
  configurable: true,
  value: ResizeObserverShim,
});

Object.defineProperty(window.HTMLElement.prototype, 'scrollIntoView', {
  writable: true,
  configurable: true,
  value: vi.fn(),
});
// jsdom has <dialog> but not its methods (OkDialog uses the browser's modal dialog).
Object.assign(window.HTMLDialogElement.prototype, {
  showModal(this: HTMLDialogElement) {
    this.open = true;
  },
  close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  },
});
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// A limit, not a wait: findBy* still returns as soon as the element is there. A whole screen with
// Mantine can take over a second to render in jsdom on a busy two-core machine, past the 1 s
// default (screens timed out behind the splash under load; issue 8 §2).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});

// Test files share their worker's modules (vitest.config.ts): each file leaves the app's
// module-level state as a fresh page would find it, so no file sees another's member or cache.
// Imported here, not above: a file that mocks one of their modules must load it after its mock.
afterAll(async () => {
  const [
    { resetSessionForTests },
    { clearOkDialogs },
    { resetClientState },
    { clearRequestedPath },
  ] = await Promise.all([
    import('../api/session.ts'),
    import('../components/ok-dialog-store.ts'),
    import('../http/client-state.ts'),
    import('../http/requested-path.ts'),
  ]);
  resetClientState();
  resetSessionForTests();
  clearOkDialogs();
  clearRequestedPath();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
