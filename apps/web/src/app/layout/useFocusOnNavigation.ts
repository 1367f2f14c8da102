import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a page's title may take to arrive (its code or its reads) before <main> gets the focus. */
const WAIT_FOR_TITLE_MS = 2000;

/**
 * A navigation inside the app gives the focus to the new page: its h1 (made focusable, without
 * scrolling: ScrollRestoration places the page), else <main>. Without this the focus stayed on
 * the navbar link or the menu that led there, and a screen reader said nothing of the new page;
 * a keyboard user tabbed through the navbar again. A page that placed the focus itself inside
 * <main> (the chat's field) keeps it; the first page of a full load keeps the browser's start,
 * and a change of the query alone (a filter) moves nothing.
 *
 * So do the load's own redirects, made before the user did anything (a signed-out bookmark
 * sent to /login, an expired e-mailed link to the 404): the user did not navigate, and a focus
 * placed by script without a prior click shows the keyboard's ring around the page's title.
 */
export function useFocusOnNavigation(mainId: string): void {
  const { pathname } = useLocation();
  // The page shown last: the first one, from a full load, keeps the browser's start.
  const shown = useRef(pathname);
  const acted = useUserActed();

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (!acted.current) return;
    const main = document.getElementById(mainId);
    if (!main) return;
    /** True once the focus is in the page, placed by it or here. */
    const place = (fallback: boolean): boolean => {
      const active = document.activeElement;
      if (active && active !== document.body && main.contains(active)) return true;
      const title = main.querySelector<HTMLElement>('h1');
      const target = title ?? (fallback ? main : null);
      if (!target) return false;
      if (target === title && !title.hasAttribute('tabindex')) title.tabIndex = -1;
      target.focus({ preventScroll: true });
      return true;
    };
    if (place(false)) return;
    // The page's title comes with its code or its data.
    const observer = new MutationObserver(() => {
      if (place(false)) stop();
    });
    const timer = setTimeout(() => {
      place(true);
      stop();
    }, WAIT_FOR_TITLE_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname, mainId, acted]);
}

/** Becomes true at the user's first tap, click or key press in the page (then stops listening). */
function useUserActed(): { readonly current: boolean } {
  const acted = useRef(false);
  useEffect(() => {
    const events = ['pointerdown', 'keydown', 'click'] as const;
    // Capture on the document: it runs before the handler that navigates.
    const onAct = () => {
      acted.current = true;
      stop();
    };
    function stop() {
      for (const type of events) document.removeEventListener(type, onAct, true);
    }
    for (const type of events) document.addEventListener(type, onAct, true);
    return stop;
  }, []);
  return acted;
}
