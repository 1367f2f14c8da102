import type { Clock } from '../../src/lib/clock.js';

export interface TestClock extends Clock {
  /** Freezes the clock at `date`. */
  set(date: Date | string): void;
  /** Moves the clock forward by `ms` (freezing it first if it was following real time). */
  advance(ms: number): void;
  /** Follows real time again. */
  reset(): void;
}

/** A clock tests can set; follows real time until `set` or `advance` is called. */
export function testClock(): TestClock {
  let fixed: Date | null = null;
  return {
    now: () => (fixed ? new Date(fixed) : new Date()),
    set: (date) => {
      fixed = new Date(date);
    },
    advance: (ms) => {
      fixed = new Date((fixed ?? new Date()).getTime() + ms);
    },
    reset: () => {
      fixed = null;
    },
  };
}
