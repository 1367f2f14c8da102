import { configure } from '@testing-library/react';
import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { resetFirstPageSettled } from '../lib/boot';

/**
 * A field's hint (a format, a length counter, what cannot change) that its control does not
 * name in aria-describedby is never read to a screen-reader user. Checked on whatever each test
 * rendered, so a form added later cannot forget it: a FormField's hint (`data-hint-for`) must
 * be read by its own control, any other `…-hint` element by some control.
 */
function unreadHints(): string[] {
  const describedBy = (el: Element | null) =>
    el?.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  const read = new Set(
    [...document.querySelectorAll('[aria-describedby]')].flatMap((el) => describedBy(el)),
  );
  return [...document.querySelectorAll<HTMLElement>('[data-hint-for], [id$="-hint"]')]
    .filter((hint) => {
      const owner = hint.dataset['hintFor'];
      if (owner) return !describedBy(document.getElementById(owner)).includes(hint.id);
      return !read.has(hint.id);
    })
    .map((hint) => `#${hint.id} n’est lue par aucun champ : « ${hint.textContent} »`);
}

afterEach(() => {
  const unread = typeof document === 'undefined' ? [] : unreadHints();
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  // Sonner keeps its toasts in a module-wide store and replays the active ones to the next
  // Toaster that mounts: a test's toasts would reappear, stacked over the next test's own.
  toast.dismiss();
  if (unread.length > 0) throw new Error(unread.join('\n'));
});
// The wait for the first page to settle (lib/boot/afterFirstPage) is module state shared by a
// file's tests; one still running when the file ends would fire its timers after jsdom is gone.
afterAll(() => resetFirstPageSettled());

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

// A toast fades in: sonner renders it at opacity 0 and raises it once its mount effect has run.
// `expect(await findByText(toast)).toBeVisible()` could land between the two on a loaded
// machine (seen in CI); the fade is sonner's animation, not what these tests check. Display,
// visibility and the hidden attribute are still checked.
if (typeof document !== 'undefined') {
  const style = document.createElement('style');
  style.textContent = '[data-sonner-toast] { opacity: 1 !important; }';
  document.head.appendChild(style);
}
