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

/** The current time, refreshed every `intervalMs` (the match countdown uses 1 s). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
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
