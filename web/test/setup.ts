import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// The app loads the member's shell lazily (issue 8 §3). Loaded here once per test file, as
// before it was lazy, so a test's first wait for a signed-in screen is not spent compiling it.
import '../components/SignedInShell.tsx';

// Mantine reads these browser APIs that jsdom lacks (ARCHITECTURE §2 notes).
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
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
});
