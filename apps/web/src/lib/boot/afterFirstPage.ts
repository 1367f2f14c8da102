import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';

/*
 * What no page needs to paint (the member's menu with its socket and counters, the toasts, the
 * carousels' library, the service worker) starts once the page the visitor arrived on has
 * painted its content. On a phone's network, whatever downloads before the page's largest
 * paint shares the connections and the main thread with it.
 *
 * "Painted" is read as: the window's load event has passed, the first page has rendered (the
 * app shell calls markFirstPageRendered once it has committed the page), the browser has
 * shown its first contentful paint, none of the app's queries is fetching any more, then the
 * browser had an idle moment. The paint is waited for on its own: the main thread is idle
 * while the frame is still being drawn, so an idle moment alone let these downloads start,
 * and end, before the page appeared. Capped, so a read that never ends delays nothing for
 * long. Once settled, it stays so: later pages start these at once.
 */

/** The longest the deferred parts wait for the first page, whatever it is doing. */
export const SETTLE_CAP_MS = 3_000;

let settled: Promise<void> | undefined;
let rendered = false;
const onRendered = new Set<() => void>();

/** Called by the app shell once the page the visitor arrived on is committed. */
export function markFirstPageRendered(): void {
  if (rendered) return;
  rendered = true;
  for (const listener of onRendered) listener();
  onRendered.clear();
}

/** Each step below returns what cancels it, or null when it has already called `done`. */
type Cancel = () => void;

function whenRendered(done: () => void): Cancel | null {
  if (rendered) {
    done();
    return null;
  }
  onRendered.add(done);
  return () => onRendered.delete(done);
}

function whenQueriesQuiet(queryClient: QueryClient, done: () => void): Cancel | null {
  if (queryClient.isFetching() === 0) {
    done();
    return null;
  }
  const unsubscribe = queryClient.getQueryCache().subscribe(() => {
    if (queryClient.isFetching() > 0) return;
    unsubscribe();
    done();
  });
  return unsubscribe;
}

/** Once the browser has shown the page's first text or image (its paint timing entry). */
function whenPainted(done: () => void): Cancel | null {
  const painted = () => performance.getEntriesByName('first-contentful-paint', 'paint').length > 0;
  // A browser without paint timing: nothing to wait for.
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint') ||
    painted()
  ) {
    done();
    return null;
  }
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    done();
  });
  observer.observe({ type: 'paint' });
  return () => observer.disconnect();
}

function afterIdle(done: () => void): Cancel {
  // Where the browser has no requestIdleCallback, a short timer stands in for the idle moment.
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => done(), { timeout: 1_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(done, 50);
  return () => window.clearTimeout(id);
}

/** What cancels the wait in progress, if any (resetFirstPageSettled). */
let cancelPending: Cancel | null = null;

/** Resolves once the first page has painted its content (see above), at most SETTLE_CAP_MS after the call. */
export function whenFirstPageSettled(queryClient: QueryClient): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    // The step in progress: a step that ends starts the next, which replaces it.
    let cancelStep: Cancel = () => {};
    const next = (step: Cancel | null) => {
      if (step) cancelStep = step;
    };
    const cap = window.setTimeout(() => finish(), SETTLE_CAP_MS);
    const finish = () => {
      cancelPending = null;
      cancelStep();
      window.clearTimeout(cap);
      resolve();
    };
    const onLoad = () => next(whenRendered(afterRender));
    const afterRender = () =>
      next(whenPainted(() => next(whenQueriesQuiet(queryClient, () => next(afterIdle(finish))))));
    cancelPending = () => {
      cancelStep();
      window.clearTimeout(cap);
    };
    if (document.readyState === 'complete') onLoad();
    else {
      window.addEventListener('load', onLoad, { once: true });
      cancelStep = () => window.removeEventListener('load', onLoad);
    }
  });
  return settled;
}

/** False until the first page has painted its content (whenFirstPageSettled), then true. */
export function useFirstPageSettled(): boolean {
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    // A transition: what appears then (the member's menu, with its socket and counters) is
    // rendered in pieces React can interrupt for the visitor's input.
    void whenFirstPageSettled(queryClient).then(
      () => live && startTransition(() => setReady(true)),
    );
    return () => {
      live = false;
    };
  }, [queryClient]);
  return ready;
}

/**
 * The component `load` resolves to, loaded once the first page has settled and while `wanted`,
 * then rendered in a transition; null before (and if its chunk cannot be fetched, offline: the
 * page goes on without it). Not React.lazy in a Suspense boundary: React reveals what such a
 * boundary held in one uninterruptible commit, whereas a transition render can yield.
 * `load` must be the same function at every render (declare it at module level).
 */
export function useLoadedAfterFirstPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  wanted = true,
): ComponentType<P> | null {
  const settled = useFirstPageSettled();
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    if (!settled || !wanted || component) return;
    let live = true;
    load().then(
      (loaded) => live && startTransition(() => setComponent(() => loaded)),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [settled, wanted, component, load]);
  return component;
}

/** Tests: the wait in progress is dropped and the next call waits again, as on a new page load. */
export function resetFirstPageSettled(): void {
  cancelPending?.();
  cancelPending = null;
  settled = undefined;
  rendered = false;
  onRendered.clear();
}
