import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { afterNextPaint } from './afterNextPaint';
import { nextTask } from './nextTask';

/*
 * What no page needs to paint (the member's menu with its socket and counters, the toasts, the
 * service worker) starts once the page the visitor arrived on has painted its content. On a
 * phone's network, anything downloaded before the page's largest paint shares the 6
 * connections and the main thread with it: the member's menu (about 60 kB of code in 12 files)
 * used to arrive while /jeu_prono's title was waiting, and Lighthouse's mobile estimate of the
 * largest paint moved by up to 500 ms depending on which of the two ended first.
 *
 * "Painted" is read as: the window's load event has passed, the first page has rendered (the
 * app shell calls markFirstPageRendered once it has committed the page) and a frame has been
 * drawn since, none of the app's queries is fetching any more, then the browser had an idle
 * moment. Capped, so a read that never ends delays nothing by more than SETTLE_CAP_MS. Once
 * settled, it stays so: later pages start these at once.
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

function afterIdle(done: () => void): Cancel {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => done(), { timeout: 1_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(done, 50);
  return () => window.clearTimeout(id);
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

/** What cancels the wait in progress, if any (resetFirstPageSettled). */
let cancelPending: Cancel | null = null;

/** Resolves once the first page has painted its content (see above), at most SETTLE_CAP_MS after the call. */
export function whenFirstPageSettled(queryClient: QueryClient): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    // Cancels the step in progress: a step that ends starts the next, which replaces it. (A
    // test tearing its page down mid-wait drops the wait through resetFirstPageSettled.)
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
    const afterRender = () => next(afterNextPaint(afterPaint));
    const afterPaint = () => next(whenQueriesQuiet(queryClient, () => next(afterIdle(finish))));
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
    // rendered in pieces React can interrupt, not in one task of the phone's main thread.
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
 * page goes on without it). Not React.lazy in a Suspense boundary: React commits what such a
 * boundary reveals from a timer, in one piece, effects included (throttled reveals), measured
 * at 25-35 ms of main thread for the member's menu; a transition render is split in pieces.
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
    // The import starts in a task of its own: Vite's loader adds a <link rel="modulepreload">
    // per chunk the component needs (12 for the member's menu), several milliseconds of main
    // thread that used to lengthen the commit whose effect asked for it.
    nextTask()
      .then(() => (live ? load() : null))
      .then(
        (loaded) => loaded && live && startTransition(() => setComponent(() => loaded)),
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
