import { randomUUID } from 'node:crypto';
import type { LoginInput } from '@munegu/shared';
import { AUTH_MESSAGES } from '@munegu/shared';
import type { Tx } from '../../db/tx.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, randomToken, type TokenSigner } from '../../lib/tokens.js';
import type { AuthRepository } from './auth.repository.js';
import { accountKey, ipKey, loginThrottle } from './throttle.js';

/** How long a refresh cookie (and its session) lives without use. */
export const SESSION_TTL_MS = 30 * 24 * 3_600_000;

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

export interface Signed {
  accessToken: string;
  /** The raw session_id cookie value (only its hash is stored). */
  sessionToken: string;
}

export type RefreshResult = ({ ok: true } & Signed) | { ok: false; clearCookie: boolean };

export interface AuthServiceDeps {
  repo: AuthRepository;
  tokens: TokenSigner;
  clock: Clock;
}

/**
 * A password hash to verify against when the e-mail is unknown, so a wrong e-mail costs the
 * same argon2 time as a wrong password and the answer time reveals nothing.
 */
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(randomToken()));

export function authService({ repo, tokens, clock }: AuthServiceDeps) {
  const throttle = loginThrottle({ repo, clock });

  async function openSession(
    user: { id: number; role: 'UTILISATEUR' | 'REDACTEUR' | 'MODERATEUR' | 'ADMIN' },
    familyId: string,
    meta: ClientMeta | null,
  ) {
    const now = clock.now();
    const sessionToken = randomToken();
    const session = {
      familyId,
      userId: user.id,
      tokenHash: hashToken(sessionToken),
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      userAgent: meta?.userAgent?.slice(0, 300) ?? null,
      ip: meta?.ip.slice(0, 45) ?? null,
    };
    const accessToken = await tokens.sign({ sub: user.id, role: user.role, sid: familyId }, now);
    return { session, sessionToken, accessToken };
  }

  return {
    /**
     * Locked keys answer 429 before the password is even looked at. Unknown e-mail, wrong
     * password, suspended or deleted account: one identical 401. A PENDING account with the
     * right password gets INACTIVE_ACCOUNT so the page can offer to resend the mail.
     */
    async login(input: LoginInput, meta: ClientMeta): Promise<Signed> {
      const email = input.email.toLowerCase();
      await throttle.assertNotLocked([accountKey(email), ipKey(meta.ip)]);
      const user = await repo.findUserByEmail(email);
      const ok = await verifyPassword(input.password, user?.passwordHash ?? (await getDummyHash()));
      if (!user || !ok) {
        await throttle.recordFailure(email, meta.ip);
        throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.invalidCredentials);
      }
      await throttle.recordSuccess(email);
      if (user.status === 'PENDING') throw new AppError('INACTIVE_ACCOUNT', 'INACTIVE_ACCOUNT');
      if (user.status !== 'ACTIVE') {
        throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.invalidCredentials);
      }
      const opened = await openSession(user, randomUUID(), meta);
      await repo.createSession(opened.session);
      await repo.touchActivity(user.id, clock.now());
      return { accessToken: opened.accessToken, sessionToken: opened.sessionToken };
    },

    /**
     * Rotating refresh (RFC 9700 §4.14): each cookie works once. Presenting a cookie that was
     * already exchanged means it leaked (or was replayed): the whole family is revoked, so the
     * newest cookie of that login stops working too.
     */
    async refresh(cookie: string | undefined, meta: ClientMeta): Promise<RefreshResult> {
      if (!cookie || cookie.length > 128) return { ok: false, clearCookie: Boolean(cookie) };
      const now = clock.now();
      const current = await repo.findSessionByHash(hashToken(cookie));
      if (!current || current.revokedAt || current.expiresAt <= now) {
        return { ok: false, clearCookie: true };
      }
      if (current.rotatedAt) {
        await repo.revokeFamily(current.familyId, now, 'reuse');
        return { ok: false, clearCookie: true };
      }
      if (current.user.status !== 'ACTIVE') return { ok: false, clearCookie: true };
      const opened = await openSession(current.user, current.familyId, meta);
      // The loser of two simultaneous refreshes must not clear the winner's new cookie.
      if (!(await repo.rotate(current.id, opened.session, now))) {
        return { ok: false, clearCookie: false };
      }
      await repo.touchActivity(current.user.id, now);
      return { ok: true, accessToken: opened.accessToken, sessionToken: opened.sessionToken };
    },

    /** Ends the login the cookie belongs to (its whole family). */
    async logout(cookie: string | undefined): Promise<void> {
      if (!cookie || cookie.length > 128) return;
      const current = await repo.findSessionByHash(hashToken(cookie));
      if (current) await repo.revokeFamily(current.familyId, clock.now(), 'logout');
    },

    /**
     * Daily housekeeping: drops sessions expired for 30 days (kept a while for the data
     * export and for reuse detection) and throttle rows idle for a day.
     */
    async purgeExpired(): Promise<number> {
      const now = clock.now().getTime();
      return repo.purgeExpired(new Date(now - 30 * 86_400_000), new Date(now - 86_400_000));
    },

    /** Signs the user out everywhere (or everywhere but `keepFamilyId`). */
    async revokeSessions(
      userId: number,
      reason: string,
      options: { keepFamilyId?: string; tx?: Tx } = {},
    ): Promise<void> {
      await repo.revokeUserSessions(userId, clock.now(), reason, options.keepFamilyId, options.tx);
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
