import { addressKey } from '../../lib/client-address.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthRepository, ThrottleRow } from './auth.repository.js';

/**
 * One throttle for every secret guessed against the server: logins, the current password asked
 * by the settings page (password and e-mail changes) and e-mailed tokens (password reset).
 * Counted in the auth_throttles table so every API instance and a restart see the same counters,
 * per account (its e-mail) and per client address (an IPv6 client by its /64, as the route
 * budgets count it: lib/client-address.ts):
 * - account: 5 failures within 15 minutes lock it for 60 s (the spec's default wait);
 * - address: 20 failures within 15 minutes (several members may share one address);
 * each further lock within the window doubles the wait, up to 15 minutes. Every limit can be
 * changed by the operator (AUTH_* variables, see config/env.ts).
 *
 * Race-free: a check is *reserved* (rows locked, `pending` + 1) before the secret is verified,
 * and a key refuses new reservations once its failures plus the checks in flight reach the next
 * lock threshold. However many guesses arrive at once, on one instance or several, at most
 * `accountMaxFailures` of them are ever verified per lock.
 */
export interface ThrottleRules {
  windowMs: number;
  accountMaxFailures: number;
  ipMaxFailures: number;
  baseLockMs: number;
  maxLockMs: number;
}

export const DEFAULT_THROTTLE_RULES: ThrottleRules = {
  windowMs: 15 * 60_000,
  accountMaxFailures: 5,
  ipMaxFailures: 20,
  baseLockMs: 60_000,
  maxLockMs: 15 * 60_000,
};

/** Thrown while locked; the error handler answers 429 `{ message, code, ttl }`. */
export class ThrottledError extends Error {
  readonly statusCode = 429;
  constructor(readonly ttl: number) {
    super(`Trop de tentatives : ${ttl}s`);
    this.name = 'ThrottledError';
  }
}

export const accountKey = (email: string) => `account:${email.toLowerCase()}`.slice(0, 300);
export const ipKey = (ip: string) => `ip:${addressKey(ip)}`.slice(0, 300);

/** Who is guessing: the account aimed at (when known) and the caller's address. */
export interface Guesser {
  email?: string;
  ip: string;
}

/** The outcome of one check, told to the throttle after the secret was verified. */
export type Verdict = 'success' | 'failure';

export function secretThrottle({
  repo,
  clock,
  rules = DEFAULT_THROTTLE_RULES,
}: {
  repo: Pick<AuthRepository, 'updateThrottles'>;
  clock: Clock;
  rules?: ThrottleRules;
}) {
  const maxOf = (key: string) =>
    key.startsWith('account:') ? rules.accountMaxFailures : rules.ipMaxFailures;
  const lockMs = (failures: number, max: number) =>
    Math.min(rules.baseLockMs * 2 ** (Math.floor(failures / max) - 1), rules.maxLockMs);
  const keysOf = (who: Guesser) => [...(who.email ? [accountKey(who.email)] : []), ipKey(who.ip)];

  /** Locks the rows, refuses (ttl in seconds) or counts the check in flight. */
  async function reserve(keys: string[]): Promise<void> {
    const now = clock.now();
    const windowStart = now.getTime() - rules.windowMs;
    const ttl = await repo.updateThrottles(keys, now, (rows) => {
      const fresh = rows.map((row) =>
        row.windowStartedAt.getTime() < windowStart && !isLocked(row, now)
          ? { ...row, failures: 0, pending: 0, windowStartedAt: now }
          : row,
      );
      const lockedUntil = Math.max(0, ...fresh.map((r) => r.lockedUntil?.getTime() ?? 0));
      if (lockedUntil > now.getTime()) {
        return { rows: [], result: Math.ceil((lockedUntil - now.getTime()) / 1000) };
      }
      // Full: the checks in flight may already reach the next lock; wait for them to settle.
      const full = fresh.some((row) => {
        const max = maxOf(row.key);
        const nextLock = (Math.floor(row.failures / max) + 1) * max;
        return row.failures + row.pending >= nextLock;
      });
      if (full) return { rows: [], result: 1 };
      return { rows: fresh.map((row) => ({ ...row, pending: row.pending + 1 })), result: 0 };
    });
    if (ttl > 0) throw new ThrottledError(ttl);
  }

  /** Ends a reserved check: a failure counts (and may lock), a success forgets the account. */
  async function settle(keys: string[], verdict: Verdict): Promise<void> {
    const now = clock.now();
    await repo.updateThrottles(keys, now, (rows) => ({
      result: undefined,
      rows: rows.map((row): ThrottleRow => {
        const pending = Math.max(0, row.pending - 1);
        if (verdict === 'success') {
          return row.key.startsWith('account:')
            ? { ...row, pending, failures: 0, lockedUntil: null }
            : { ...row, pending };
        }
        const failures = row.failures + 1;
        const max = maxOf(row.key);
        if (failures % max !== 0) return { ...row, pending, failures };
        // The window restarts with the lock, so a persistent guesser's next lock doubles.
        return {
          ...row,
          pending,
          failures,
          windowStartedAt: now,
          lockedUntil: new Date(now.getTime() + lockMs(failures, max)),
        };
      }),
    }));
  }

  return {
    /**
     * Runs `verify` only if neither the account nor the address is locked or full, and counts
     * its outcome. Throws ThrottledError (429 with ttl) without calling `verify` otherwise.
     */
    async guard<T>(who: Guesser, verify: () => Promise<{ verdict: Verdict; value: T }>) {
      const keys = keysOf(who);
      await reserve(keys);
      let verdict: Verdict = 'failure';
      try {
        const outcome = await verify();
        verdict = outcome.verdict;
        return outcome.value;
      } finally {
        await settle(keys, verdict);
      }
    },
  };
}
export type SecretThrottle = ReturnType<typeof secretThrottle>;

function isLocked(row: ThrottleRow, now: Date): boolean {
  return row.lockedUntil !== null && row.lockedUntil.getTime() > now.getTime();
}
