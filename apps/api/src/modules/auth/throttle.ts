import type { Clock } from '../../lib/clock.js';
import type { AuthRepository } from './auth.repository.js';

/**
 * Login throttling, counted in the auth_throttles table so every API instance and a restart
 * see the same counters. Per account (the e-mail typed) and per client IP:
 * - account: 5 failures within 15 minutes lock it for 60 s (the spec's default wait);
 * - IP: 20 failures within 15 minutes (several people may share one address);
 * each further lock within the window doubles the wait, up to 15 minutes.
 */
export const THROTTLE_RULES = {
  windowMs: 15 * 60_000,
  accountMaxFailures: 5,
  ipMaxFailures: 20,
  baseLockMs: 60_000,
  maxLockMs: 15 * 60_000,
} as const;

/** Thrown while locked; the error handler answers 429 `{ message, code, ttl }`. */
export class ThrottledError extends Error {
  readonly statusCode = 429;
  constructor(readonly ttl: number) {
    super(`Trop de tentatives : ${ttl}s`);
    this.name = 'ThrottledError';
  }
}

export const accountKey = (email: string) => `account:${email.toLowerCase()}`.slice(0, 300);
export const ipKey = (ip: string) => `ip:${ip}`.slice(0, 300);

export function loginThrottle({ repo, clock }: { repo: AuthRepository; clock: Clock }) {
  const lockMs = (failures: number, max: number) => {
    const locks = Math.floor(failures / max);
    return Math.min(THROTTLE_RULES.baseLockMs * 2 ** (locks - 1), THROTTLE_RULES.maxLockMs);
  };

  async function fail(key: string, max: number) {
    const now = clock.now();
    const windowStart = new Date(now.getTime() - THROTTLE_RULES.windowMs);
    const failures = await repo.recordFailure(key, now, windowStart);
    if (failures % max === 0) {
      await repo.lock(key, new Date(now.getTime() + lockMs(failures, max)), now);
    }
  }

  return {
    /** Throws ThrottledError (seconds left, rounded up) when any of the keys is locked. */
    async assertNotLocked(keys: string[]): Promise<void> {
      const now = clock.now();
      const locks = await repo.findLocks(keys, now);
      const until = Math.max(0, ...locks.map((l) => l.lockedUntil?.getTime() ?? 0));
      if (until > now.getTime())
        throw new ThrottledError(Math.ceil((until - now.getTime()) / 1000));
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      await fail(accountKey(email), THROTTLE_RULES.accountMaxFailures);
      await fail(ipKey(ip), THROTTLE_RULES.ipMaxFailures);
    },
    /** A successful login forgets the account's failures (not the IP's). */
    async recordSuccess(email: string): Promise<void> {
      await repo.clear(accountKey(email));
    },
  };
}
export type LoginThrottle = ReturnType<typeof loginThrottle>;
