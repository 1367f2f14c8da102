import type { FastifyInstance } from 'fastify';
import type { ApiRoutes } from '../modules/module.js';
import { registerApiRateLimit, type ApiRateLimitOptions } from './rate-limit/index.js';
import { jsonNotFound } from './web.js';

/**
 * The /api scope (registered with that prefix): its per-route policies, then every module's
 * routes in the order given. Every per-route policy of the API hangs on this scope, i.e. on
 * the matched route.
 */
export async function apiScope(
  api: FastifyInstance,
  opts: {
    rateLimit: Pick<ApiRateLimitOptions, 'max' | 'budgets'>;
    counters: ApiRateLimitOptions['counters'];
    routes: ApiRoutes[];
  },
) {
  await registerApiRateLimit(api, { ...opts.rateLimit, counters: opts.counters, log: api.log });
  api.setNotFoundHandler(jsonNotFound);
  // API answers are personal more often than not (profiles, messages, tokens): no cache
  // keeps them unless a route says otherwise (e.g. a public calendar), by setting its own
  // Cache-Control, which replaces this one. Set as the request arrives, in a callback hook,
  // rather than checked in an async onSend hook: that cost every answer a promise and an
  // onSend pass (bench/api.bench.ts); errors, 404s and 429s keep it like the security headers.
  api.addHook('onRequest', (_request, reply, done) => {
    reply.header('Cache-Control', 'no-store');
    done();
  });
  for (const register of opts.routes) await register(api);
}
