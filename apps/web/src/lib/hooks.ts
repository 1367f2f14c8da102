import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

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
 * shows a countdown per upcoming match, and their seconds change together instead of each on
 * its own beat.
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
 * One submission at a time for a form whose request must not go twice. A mutation's
 * `isPending` reaches the button only after a render, and a double click's second click can
 * come before it: `start()` answers false to that one. `done()` (on error, or when the form
 * may be sent again) lets the next one through.
 */
export function useSingleSubmit() {
  const busy = useRef(false);
  return {
    start: (): boolean => {
      if (busy.current) return false;
      busy.current = true;
      return true;
    },
    done: (): void => {
      busy.current = false;
    },
  };
}

/**
 * A form's values and whether they still are what it opened with (field by field): a dialog's
 * `unsaved`, so that a stray close asks before dropping an edit.
 */
export function useDraft<T extends object>(initial: () => T) {
  const [opened] = useState(initial);
  const [values, setValues] = useState<T>(opened);
  const unsaved = (Object.keys(opened) as (keyof T)[]).some((key) => values[key] !== opened[key]);
  return { values, setValues, unsaved };
}
