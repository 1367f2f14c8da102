import cookie from '@fastify/cookie';
import { errorBodySchema, LIMITS } from '@munegu/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { SESSION_TTL_MS, type AuthService, type ClientMeta } from './auth.service.js';
import { endpoint } from '../../lib/endpoint.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  publicUrl: string;
}

const COOKIE = LIMITS.sessionCookie;
const COOKIE_PATH = '/api/auth';
const SESSION_EXPIRED = 'Session expirée, reconnecte-toi.';

export const clientMeta = (req: FastifyRequest): ClientMeta => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? null,
});

/**
 * login, refresh and logout (spec section 7, Auth and account). resend-confirmation, on the
 * same path prefix, is the account module's (account.routes.ts): it acts on a PENDING account.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, publicUrl },
) => {
  // The refresh cookie is read and written by these routes only: @fastify/cookie's hooks (parse
  // every request's Cookie header into a new object, then an onSend pass) run in this scope,
  // not on every request of the API (bench/api.bench.ts). Sockets parse it themselves
  // (realtime/install.ts).
  await app.register(cookie);
  const secure = publicUrl.startsWith('https:');
  const allowedOrigin = new URL(publicUrl).origin;

  const setCookie = (reply: FastifyReply, value: string) =>
    reply.setCookie(COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: COOKIE_PATH,
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });
  const clearCookie = (reply: FastifyReply) =>
    reply.clearCookie(COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: COOKIE_PATH });

  /**
   * The cookie routes act on an ambient credential: besides SameSite=Lax, a request whose
   * Origin (or Referer) names another site is refused (CSRF defence in depth).
   */
  const sameOrigin = async (req: FastifyRequest) => {
    const origin = req.headers.origin ?? req.headers.referer;
    if (!origin) return;
    let actual: string | null = null;
    try {
      actual = new URL(origin).origin;
    } catch {
      actual = null;
    }
    if (actual !== allowedOrigin) throw new AppError('FORBIDDEN', 'Origine de la requête refusée.');
  };

  app.route({
    ...endpoint('POST /auth/login', {
      tags: ['auth'],
      summary: 'Connexion (cookie session_id + jeton d’accès de 15 minutes)',
      errors: {
        400: errorBodySchema,
        401: errorBodySchema,
        403: errorBodySchema,
        429: errorBodySchema,
      },
    }),
    handler: async (req, reply) => {
      const signed = await auth.login(req.body, clientMeta(req));
      setCookie(reply, signed.sessionToken);
      return { access_token: signed.accessToken };
    },
  });

  app.route({
    ...endpoint('POST /auth/refresh', {
      tags: ['auth'],
      summary: 'Nouveau jeton d’accès depuis le cookie session_id (rotation)',
      errors: { 401: errorBodySchema, 403: errorBodySchema },
    }),
    preHandler: sameOrigin,
    handler: async (req, reply) => {
      const result = await auth.refresh(req.cookies[COOKIE], clientMeta(req));
      if (!result.ok) {
        if (result.clearCookie) clearCookie(reply);
        // A suspended member's 401 SUSPENDED_ACCOUNT says why (the web shows its page).
        if (result.suspended) throw result.suspended;
        return reply.code(401).send({ message: SESSION_EXPIRED, code: 'UNAUTHENTICATED' });
      }
      setCookie(reply, result.sessionToken);
      return { access_token: result.accessToken };
    },
  });

  app.route({
    ...endpoint('POST /auth/logout', {
      tags: ['auth'],
      summary: 'Déconnexion (204, cookie effacé)',
    }),
    preHandler: sameOrigin,
    handler: async (req, reply) => {
      await auth.logout(req.cookies[COOKIE]);
      clearCookie(reply);
      return reply.code(204).send();
    },
  });
};
