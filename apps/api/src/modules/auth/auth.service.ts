import { randomUUID } from 'node:crypto';
import type { LoginInput } from '@munegu/shared';
import { AUTH_TEXTS, suspendedAccountMessage } from '@munegu/shared';
import type { Tx } from '../../db/tx.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, type Suspension } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, randomToken, type TokenSigner } from '../../lib/tokens.js';
import type { AuthRepository } from './auth.repository.js';
import { secretThrottle, type ThrottleRules } from './throttle.js';

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

export type RefreshResult =
  | ({ ok: true } & Signed)
  | {
      ok: false;
      clearCookie: boolean;
      /** A suspended or banned member: told why and until when rather than 'session expirée'. */
      suspended?: AppError;
    };

/**
 * What a suspended or banned member is answered at login and refresh: 401 SUSPENDED_ACCOUNT,
 * the sentence with the end and the moderator's reason, and both apart for the web's page.
 */
function suspendedAccount(user: {
  suspendedUntil: Date | null;
  suspensionReason: string | null;
}): AppError {
  const suspension: Suspension = {
    until: user.suspendedUntil?.toISOString() ?? null,
    reason: user.suspensionReason,
  };
  const message = suspendedAccountMessage(user.suspendedUntil, user.suspensionReason);
  return new AppError('SUSPENDED_ACCOUNT', message, { suspension });
}

/**
 * Ends the live connections (sockets) of logins the database no longer honours. Implemented by
 * the realtime layer; it reaches every instance through the socket.io adapter.
 */
export interface SessionEndings {
  /** One login (session family): logout, reuse detection. */
  loginEnded(familyId: string): void;
  /** Every login of a member but `exceptFamilyId`: password change, suspension, deletion. */
  userLoginsEnded(userId: number, exceptFamilyId?: string): void;
}

export interface AuthServiceDeps {
  repo: AuthRepository;
  tokens: TokenSigner;
  clock: Clock;
  /** Default: no live connections to end (tests of the service alone). */
  endings?: SessionEndings;
  throttleRules?: ThrottleRules;
}

/**
 * A password hash to verify against when the e-mail is unknown, so a wrong e-mail costs the
 * same argon2 time as a wrong password and the answer time reveals nothing.
 */
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(randomToken()));

const noEndings: SessionEndings = { loginEnded: () => {}, userLoginsEnded: () => {} };

export function authService({
  repo,
  tokens,
  clock,
  endings = noEndings,
  throttleRules,
}: AuthServiceDeps) {
  const throttle = secretThrottle({ repo, clock, rules: throttleRules });

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
     * password or deleted account: one identical 401. A PENDING account with the right
     * password gets INACTIVE_ACCOUNT so the page can offer to resend the mail; a suspended one
     * (right password only) a 401 saying until when, or that it is banned, and why.
     */
    async login(input: LoginInput, meta: ClientMeta): Promise<Signed> {
      const email = input.email.toLowerCase();
      const user = await throttle.guard({ email, ip: meta.ip }, async () => {
        const found = await repo.findUserByEmail(email);
        const hash = found?.passwordHash ?? (await getDummyHash());
        const ok = (await verifyPassword(input.password, hash)) && found !== null;
        return { verdict: ok ? 'success' : 'failure', value: ok ? found : null };
      });
      if (!user) throw new AppError('UNAUTHENTICATED', AUTH_TEXTS.invalidCredentials);
      if (user.status === 'PENDING') throw new AppError('INACTIVE_ACCOUNT', 'INACTIVE_ACCOUNT');
      if (user.status === 'SUSPENDED') throw suspendedAccount(user);
      if (user.status !== 'ACTIVE') {
        throw new AppError('UNAUTHENTICATED', AUTH_TEXTS.invalidCredentials);
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
      if (!current || current.expiresAt <= now) return { ok: false, clearCookie: true };
      // Suspension revoked the session too: its owner is told why rather than 'expired'. The
      // cookie stays (it opens nothing), so every refresh says it again: an answer the browser
      // lost (a reload cutting the request short) would otherwise leave only 'expired' to say.
      if (current.user.status === 'SUSPENDED')
        return { ok: false, clearCookie: false, suspended: suspendedAccount(current.user) };
      if (current.revokedAt) return { ok: false, clearCookie: true };
      if (current.rotatedAt) {
        await repo.revokeFamily(current.familyId, now, 'reuse');
        endings.loginEnded(current.familyId);
        return { ok: false, clearCookie: true };
      }
      if (current.user.status !== 'ACTIVE') return { ok: false, clearCookie: true };
      const opened = await openSession(current.user, current.familyId, meta);
      // Two refreshes raced with one cookie: one of them may be a thief's copy, and nothing
      // tells which. Like a replay, the loser revokes the whole family (the winner's new
      // cookie and access token included), so no login is left usable by the wrong party;
      // the member signs in again.
      if (!(await repo.rotate(current.id, opened.session, now))) {
        await repo.revokeFamily(current.familyId, now, 'reuse');
        endings.loginEnded(current.familyId);
        return { ok: false, clearCookie: true };
      }
      await repo.touchActivity(current.user.id, now);
      return { ok: true, accessToken: opened.accessToken, sessionToken: opened.sessionToken };
    },

    /** Ends the login the cookie belongs to (its whole family). */
    async logout(cookie: string | undefined): Promise<void> {
      if (!cookie || cookie.length > 128) return;
      const current = await repo.findSessionByHash(hashToken(cookie));
      if (!current) return;
      await repo.revokeFamily(current.familyId, clock.now(), 'logout');
      endings.loginEnded(current.familyId);
    },

    /**
     * A password the signed-in member must retype (password or e-mail change): checked under
     * the same throttle as logins, for the account and the caller's address. false = wrong.
     */
    async checkPassword(
      account: { email: string; passwordHash: string },
      password: string,
      ip: string,
    ): Promise<boolean> {
      return throttle.guard({ email: account.email, ip }, async () => {
        const ok = await verifyPassword(password, account.passwordHash);
        return { verdict: ok ? 'success' : 'failure', value: ok };
      });
    },

    /**
     * An e-mailed token presented by an address (password reset): a wrong one counts against
     * that address like a failed login. `check` resolves to null for an unknown token.
     */
    async guardTokenGuess<T>(ip: string, check: () => Promise<T | null>): Promise<T | null> {
      return throttle.guard({ ip }, async () => {
        const value = await check();
        return { verdict: value === null ? 'failure' : 'success', value };
      });
    },

    /**
     * Daily housekeeping: drops sessions expired for 30 days (kept a while for the data
     * export and for reuse detection) and throttle rows idle for a day.
     */
    async purgeExpired(): Promise<number> {
      const now = clock.now().getTime();
      return repo.purgeExpired(new Date(now - 30 * 86_400_000), new Date(now - 86_400_000));
    },

    /**
     * Signs the user out everywhere (or everywhere but `keepFamilyId`). Inside a transaction,
     * call `endConnections` once it has committed: a socket cut before the commit could
     * reconnect while the old login still looks live.
     */
    async revokeSessions(
      userId: number,
      reason: string,
      options: { keepFamilyId?: string; tx?: Tx } = {},
    ): Promise<void> {
      await repo.revokeUserSessions(userId, clock.now(), reason, options.keepFamilyId, options.tx);
      if (!options.tx) endings.userLoginsEnded(userId, options.keepFamilyId);
    },

    /** Cuts the live sockets of a member's revoked logins (after `revokeSessions` in a tx). */
    endConnections(userId: number, keepFamilyId?: string): void {
      endings.userLoginsEnded(userId, keepFamilyId);
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
