import { useEffect, useState, useSyncExternalStore } from 'react';
import { afterNextPaint } from './afterNextPaint';

/** Live result of a CSS media query, e.g. `useMediaQuery('(max-width: 1260px)')`. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () =>
      typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false,
    () => false,
  );
}

/*
 * One browser interval per period, shared by every component showing the time: the home page
 * shows a countdown per upcoming match, and each used to arm its own interval in the commit
 * that shows the page (a timer call costs more than its work when the browser records a trace
 * with stacks, as Lighthouse does). The ticks also stay in step across the page's countdowns.
 */
const tickers = new Map<number, { listeners: Set<() => void>; id: number }>();

function onTick(intervalMs: number, listener: () => void): () => void {
  let ticker = tickers.get(intervalMs);
  if (!ticker) {
    const listeners = new Set<() => void>();
    const id = window.setInterval(() => listeners.forEach((l) => l()), intervalMs);
    ticker = { listeners, id };
    tickers.set(intervalMs, ticker);
  }
  ticker.listeners.add(listener);
  const mine = ticker;
  return () => {
    mine.listeners.delete(listener);
    if (mine.listeners.size === 0) {
      window.clearInterval(mine.id);
      tickers.delete(intervalMs);
    }
  };
}

/** The current time, refreshed every `intervalMs` (the match countdown uses 1 s). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => onTick(intervalMs, () => setNow(Date.now())), [intervalMs]);
  return now;
}

/**
 * False until `ready` has been true through one painted frame: a timer set from an animation
 * frame fires after that frame is painted. Work that only matters once the content is on screen
 * (a carousel library measuring its slides, which forces the page's layout) then runs in its
 * own task after the paint instead of inside the task that renders the content.
 */
export function usePaintedAfter(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    return afterNextPaint(() => setPainted(true));
  }, [ready, painted]);
  return painted;
}
