import { hasRole, type Role } from '@munegu/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import type { TokenSigner } from '../lib/tokens.js';
import type { CallerRepository } from '../modules/auth/caller.repository.js';

/** Who is calling, as every service receives it. */
export interface Caller {
  id: number;
  role: Role;
  /** The login (session family) the access token belongs to. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`/`app.optionalAuth`; null for anonymous callers. */
    caller: Caller | null;
    /** The caller's lookup, started as the request arrives on routes that need it. */
    callerLookup: Promise<Caller | null> | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid Bearer token of an active account is sent. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler: like authenticate, but anonymous callers pass with `caller = null`. */
    optionalAuth: (request: FastifyRequest) => Promise<void>;
    /** preHandler factory: 401 when anonymous, 403 below `minimum` (spec roles, ascending). */
    requireRole: (minimum: Role) => (request: FastifyRequest) => Promise<void>;
    tokens: TokenSigner;
  }
}

export const UNAUTHENTICATED_MESSAGE = 'Tu dois être connecté(e).';
export const FORBIDDEN_MESSAGE = "Vous n'êtes pas autorisé à effectuer cette action.";

/** The caller of a route guarded by `app.authenticate` (never null there). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('UNAUTHENTICATED', UNAUTHENTICATED_MESSAGE);
  return request.caller;
}

export interface AuthPluginOptions {
  callers: Pick<CallerRepository, 'resolve'>;
  tokens: TokenSigner;
  clock: Clock;
}

/**
 * Reads `Authorization: Bearer <jwt>`, verifies it with jose, then checks the account is still
 * ACTIVE, that its login was not revoked, and takes its current role from the database, so a
 * suspended, deleted, signed-out or demoted member loses access at once rather than when the
 * token expires.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: AuthPluginOptions) => {
    app.decorateRequest('caller', null);
    app.decorateRequest('callerLookup', null);
    app.decorate('tokens', opts.tokens);

    async function resolve(request: FastifyRequest): Promise<Caller | null> {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return null;
      const claims = await opts.tokens.verify(header.slice(7).trim(), opts.clock.now());
      if (!claims) return null;
      const user = await opts.callers.resolve(claims.sub, claims.sid, opts.clock.now());
      return user && { id: user.id, role: user.role, sessionId: claims.sid };
    }

    /**
     * On a route that needs the caller, the lookup (token, then one statement) starts as the
     * request arrives, side by side with the rate limiter's counter (Redis or PostgreSQL),
     * instead of after it: every authenticated request waited for both round trips one after
     * the other (bench/realtime.bench.ts). The guards below still decide, after the limiter:
     * a refused request is answered 429 and its lookup's result is dropped. Only a token that
     * passes the signature check costs the database anything, one indexed read.
     *
     * The starting hook is put first on those routes only (`onRoute`), not on every request:
     * a global hook cost each request of the other routes (the health probe, public reads) a
     * call and a `request.routeOptions` object built only to read one flag (bench/api.bench.ts).
     * Plugins register their `onRoute` hooks in order, so this runs before the rate limiter's
     * (registered later, in the /api scope) appends its own hook.
     */
    const guards = new WeakSet<object>();
    // Callback style: an async hook would cost each request a promise.
    const startLookup = (request: FastifyRequest, _reply: unknown, done: () => void) => {
      const lookup = resolve(request);
      // Awaited by the guard; a request refused before it is never left with a rejection.
      lookup.catch(() => {});
      request.callerLookup = lookup;
      done();
    };
    app.addHook('onRoute', (route) => {
      const hooks = [route.onRequest, route.preValidation, route.preHandler].flat();
      if (hooks.some((h) => h && guards.has(h)))
        route.onRequest = [startLookup, ...[route.onRequest ?? []].flat()];
    });
    const lookup = (request: FastifyRequest) => request.callerLookup ?? resolve(request);
    const guard = <T extends (request: FastifyRequest) => Promise<void>>(hook: T): T => {
      guards.add(hook);
      return hook;
    };

    app.decorate(
      'optionalAuth',
      guard(async (request: FastifyRequest) => {
        request.caller = await lookup(request);
      }),
    );
    app.decorate(
      'authenticate',
      guard(async (request: FastifyRequest) => {
        request.caller = await lookup(request);
        if (!request.caller) throw new AppError('UNAUTHENTICATED', UNAUTHENTICATED_MESSAGE);
      }),
    );
    app.decorate('requireRole', (minimum: Role) =>
      guard(async (request: FastifyRequest) => {
        request.caller = await lookup(request);
        if (!request.caller) throw new AppError('UNAUTHENTICATED', UNAUTHENTICATED_MESSAGE);
        if (!hasRole(request.caller.role, minimum))
          throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
      }),
    );
  },
  { name: 'auth', dependencies: ['db'] },
);
