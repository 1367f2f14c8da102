import type { Clock } from '../lib/clock.js';
import { hashToken, type TokenSigner } from '../lib/tokens.js';
import type { AuthRepository } from '../modules/auth/auth.repository.js';
import type { CallerRepository } from '../modules/auth/caller.repository.js';

export interface SocketAuthDeps {
  callers: CallerRepository;
  sessions: Pick<AuthRepository, 'findSessionByHash'>;
  tokens: TokenSigner;
  clock: Clock;
}

/**
 * Who opens a socket: the access token of `auth.token` (the same checks as plugins/auth.ts:
 * signature, expiry, ACTIVE account, login not revoked), or else the `session_id` cookie
 * (current, not rotated, not revoked, not expired). null = the connection is refused.
 */
export function socketAuthenticator({ callers, sessions, tokens, clock }: SocketAuthDeps) {
  async function fromToken(token: string): Promise<number | null> {
    const claims = await tokens.verify(token, clock.now());
    if (!claims) return null;
    const [user, revoked] = await Promise.all([
      callers.findById(claims.sub),
      callers.isSessionRevoked(claims.sid),
    ]);
    if (revoked || !user || user.status !== 'ACTIVE') return null;
    return user.id;
  }

  async function fromCookie(value: string): Promise<number | null> {
    const session = await sessions.findSessionByHash(hashToken(value));
    if (!session || session.revokedAt || session.rotatedAt) return null;
    if (session.expiresAt.getTime() <= clock.now().getTime()) return null;
    return session.user.status === 'ACTIVE' ? session.user.id : null;
  }

  return async (token: unknown, sessionCookie: string | undefined): Promise<number | null> => {
    if (typeof token === 'string' && token.length > 0 && token.length < 4096) {
      const id = await fromToken(token);
      if (id !== null) return id;
    }
    if (sessionCookie && sessionCookie.length < 512) return fromCookie(sessionCookie);
    return null;
  };
}
export type SocketAuthenticator = ReturnType<typeof socketAuthenticator>;
