import type { Clock } from '../../src/lib/clock.js';

/** A clock tests can set; follows real time until `set` is called. */
export function testClock(): Clock & { set(date: Date | string): void; reset(): void } {
  let fixed: Date | null = null;
  return {
    now: () => (fixed ? new Date(fixed) : new Date()),
    set: (date) => {
      fixed = new Date(date);
    },
    reset: () => {
      fixed = null;
    },
  };
}
