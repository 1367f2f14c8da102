import { endpoints, hasRole, silencedMessage, type EndpointSpec, type Role } from '@munegu/shared';
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
  /** A silence in force (moderation): the member reads but cannot write to others. */
  silence: Silence | null;
}

export interface Silence {
  until: Date;
  reason: string | null;
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

/** The silence of a caller row as the lookup returns it (null: not silenced, or over). */
export function silenceOf(row: {
  silencedUntil: Date | null;
  silenceReason: string | null;
}): Silence | null {
  return row.silencedUntil ? { until: row.silencedUntil, reason: row.silenceReason } : null;
}

/**
 * THE check of a silence, for every write that reaches other members. Where it runs:
 * - HTTP: on every route of an endpoint marked `reachesMembers` in the shared endpoint table
 *   (packages/shared/src/endpoints), added below when the route is registered, so a new such
 *   write is guarded by being marked, and a marked route without authentication fails at boot.
 *   Marked today: messages (private and group), carpool proposals and requests, reports,
 *   ratings, coach-trip sign-ups and announcements, and the staff's words: news items, contests
 *   and sanctions (their reason is mailed). A silence binds staff too: an admin who silences a
 *   moderator or an editor stops what they write to members, not their other powers (dismiss,
 *   lift, delete), which a demotion takes away.
 * - The socket's 'sendMessage' (modules/messages/messages.service.ts `send`): its one-statement
 *   store skips a silenced sender, and the login check after it calls this.
 * 403 with the end date and the moderator's reason.
 */
export function refuseIfSilenced(caller: { silence: Silence | null }): void {
  if (caller.silence)
    throw new AppError('FORBIDDEN', silencedMessage(caller.silence.until, caller.silence.reason));
}

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
/** Whether the shared endpoint table marks this route as a write that reaches other members. */
function reachesMembers(method: string | string[], path: string): boolean {
  const table = endpoints as Record<string, EndpointSpec>;
  return [method].flat().some((m) => table[`${m} ${path}`]?.reachesMembers === true);
}

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
      return (
        user && { id: user.id, role: user.role, sessionId: claims.sid, silence: silenceOf(user) }
      );
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
    // Callback style, after the route's guard has set the caller (onRequest hooks run in order).
    const silenceCheck = (request: FastifyRequest, _reply: unknown, done: (e?: Error) => void) => {
      try {
        if (request.caller) refuseIfSilenced(request.caller);
        done();
      } catch (err) {
        done(err as Error);
      }
    };
    app.addHook('onRoute', (route) => {
      const hooks = [route.onRequest, route.preValidation, route.preHandler].flat();
      const guarded = hooks.some((h) => h && guards.has(h));
      if (guarded) route.onRequest = [startLookup, ...[route.onRequest ?? []].flat()];
      if (!reachesMembers(route.method, route.routePath)) return;
      // The guard must have run by then: only an onRequest guard is accepted here.
      if (!guarded || ![route.onRequest ?? []].flat().some((h) => guards.has(h)))
        throw new Error(`${route.routePath} écrit aux membres : il lui faut app.authenticate.`);
      route.onRequest = [...[route.onRequest ?? []].flat(), silenceCheck];
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
