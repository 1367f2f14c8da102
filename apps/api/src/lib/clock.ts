/** Services read time through this so tests can set it (never `new Date()` in a service). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
