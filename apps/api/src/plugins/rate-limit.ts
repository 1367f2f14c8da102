import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/** Thrown by the rate limiter; the error handler turns it into `{ message, ttl }`. */
class RateLimitedError extends Error {
  readonly statusCode = 429;
  constructor(readonly ttl: number) {
    super(`Trop de tentatives : ${ttl}s`);
  }
}

export interface ApiRateLimitOptions {
  /** Requests per address and minute over every API route without a budget of its own. */
  max: number;
}

/**
 * Per-address request budgets, attached to the matched route and never to a test on the raw
 * URL: the limiter hooks every route registered in the scope it is given (the /api scope), so
 * `/%61pi/matchs/next` and `/api/matchs/next`, which the router resolves to one route, share
 * one budget. Static files live outside that scope: one page load fetches dozens of them and
 * members behind one address (a supporters' bus on one mobile network) must not lock each
 * other out of the web app. Routes with `config.rateLimit` get their own, smaller budget.
 *
 * Not wrapped in fastify-plugin on purpose: call it inside the scope it must cover.
 */
export async function registerApiRateLimit(api: FastifyInstance, opts: ApiRateLimitOptions) {
  await api.register(rateLimit, {
    global: true,
    max: opts.max,
    timeWindow: '1 minute',
    errorResponseBuilder: (_req, context) =>
      new RateLimitedError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
