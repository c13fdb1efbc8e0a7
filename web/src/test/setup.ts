import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearLocalSession } from '../lib/session/logout';

// Screens fetch some of their parts when first shown (a dialog's form code): waits allow for it
// on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks the layout APIs antd's responsive components ask for.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoResizeObserver });
}

afterEach(() => {
  cleanup();
  clearLocalSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
