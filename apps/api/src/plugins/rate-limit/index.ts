import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RateBudgets } from '../../config/rate-budgets.js';
import { addressKey } from '../../lib/client-address.js';
import type { RateCounters } from './counters.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route budgets (config/rate-budgets.ts): `config: { rateLimit: app.rateBudgets.contact }`. */
    rateBudgets: RateBudgets;
  }
}

/**
 * Thrown by the rate limiter (and by the socket's budgets); the error handler turns it into
 * `{ message, ttl }`.
 */
export class RateLimitedError extends Error {
  readonly statusCode = 429;
  constructor(readonly ttl: number) {
    super(`Trop de tentatives : ${ttl}s`);
  }
}

export interface ApiRateLimitOptions {
  /** Requests per address and minute over every API route without a budget of its own. */
  max: number;
  budgets: RateBudgets;
  /** Shared counters (several instances); absent: each instance counts in its memory. */
  counters?: RateCounters;
  log: FastifyBaseLogger;
}

/**
 * Per-address request budgets, attached to the matched route and never to a test on the raw
 * URL: the limiter hooks every route registered in the scope it is given (the /api scope), so
 * `/%61pi/matchs/next` and `/api/matchs/next`, which the router resolves to one route, share
 * one budget. Static files live outside that scope: one page load fetches dozens of them and
 * members behind one address (a supporters' bus on one mobile network) must not lock each
 * other out of the web app. Routes with `config.rateLimit` get their own, smaller budget.
 *
 * Not wrapped in fastify-plugin on purpose: call it inside the scope it must cover, before
 * the routes (they read `rateBudgets` from it).
 */
export async function registerApiRateLimit(api: FastifyInstance, opts: ApiRateLimitOptions) {
  api.decorate('rateBudgets', opts.budgets);
  await api.register(rateLimit, {
    global: true,
    max: opts.max,
    timeWindow: '1 minute',
    // One definition of a client for the budgets and the secrets throttle (IPv6 by its /64).
    keyGenerator: (req) => addressKey(req.ip),
    ...(opts.counters ? { store: sharedStore(opts.counters, opts.log) } : {}),
    // A counter store that cannot be reached (Redis restarting) must not take the API down
    // with it: requests pass unlimited meanwhile, and the login throttle, kept in PostgreSQL,
    // still guards passwords.
    skipOnError: true,
    errorResponseBuilder: (_req, context) =>
      new RateLimitedError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}

/**
 * @fastify/rate-limit's store contract over shared counters: the global budget counts under
 * `api:<address>`, each route with its own budget under `<METHOD><url>:<address>`.
 */
function sharedStore(counters: RateCounters, log: FastifyBaseLogger) {
  let lastWarning = 0;
  const warn = (err: unknown) => {
    // At most one line a minute while the store is down, not one per request.
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    log.warn({ err }, 'compteurs de limite de débit injoignables : requêtes non limitées');
  };
  class SharedStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(prefix: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'api:';
    }
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counters.hit(this.prefix + key, timeWindow).then(
        (hit) => callback(null, hit),
        (err: Error) => {
          warn(err);
          callback(err);
        },
      );
    }
    // Called with the route's merged limiter options, the route itself under `routeInfo`
    // (what the bundled RedisStore reads too; the published type says otherwise).
    child(options: object) {
      const route = (options as { routeInfo: { method: string | string[]; url: string } })
        .routeInfo;
      return new SharedStore(`${[route.method].flat().join(',')}${route.url}:`);
    }
  }
  return SharedStore;
}
