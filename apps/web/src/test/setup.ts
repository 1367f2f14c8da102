import { configure } from '@testing-library/react';
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
});

// jsdom lacks these browser APIs that the carousel and media queries use.
if (typeof window !== 'undefined') {
  window.scrollTo = () => {};
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  class NoopObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
  globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
}

// findBy*/waitFor default to 1 s, which a loaded CI machine (2 cores, builds running beside
// the tests) sometimes exceeds, and a lazy dialog (React.lazy) is compiled on its first use in
// a test file; a wider window changes nothing for passing tests.
configure({ asyncUtilTimeout: 10_000 });
