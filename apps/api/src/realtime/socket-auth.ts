import type { Clock } from '../lib/clock.js';
import { hashToken, type TokenSigner } from '../lib/tokens.js';
import type { AuthRepository } from '../modules/auth/auth.repository.js';
import type { CallerRepository } from '../modules/auth/caller.repository.js';

export interface SocketAuthDeps {
  callers: Pick<CallerRepository, 'resolve'>;
  sessions: Pick<AuthRepository, 'findSessionByHash'>;
  tokens: TokenSigner;
  clock: Clock;
}

/** Who a socket belongs to: the member and the login (session family) it was opened with. */
export interface SocketIdentity {
  userId: number;
  familyId: string;
}

/**
 * Who opens a socket: the access token of `auth.token` (the same checks as plugins/auth.ts:
 * signature, expiry, ACTIVE account, live login), or else the `session_id` cookie (current,
 * not rotated, not revoked, not expired). null = the connection is refused. Runs at every
 * connection, reconnections included.
 */
export function socketAuthenticator({ callers, sessions, tokens, clock }: SocketAuthDeps) {
  async function fromToken(token: string): Promise<SocketIdentity | null> {
    const claims = await tokens.verify(token, clock.now());
    if (!claims) return null;
    const user = await callers.resolve(claims.sub, claims.sid, clock.now());
    return user && { userId: user.id, familyId: claims.sid };
  }

  async function fromCookie(value: string): Promise<SocketIdentity | null> {
    const session = await sessions.findSessionByHash(hashToken(value));
    if (!session || session.revokedAt || session.rotatedAt) return null;
    if (session.expiresAt.getTime() <= clock.now().getTime()) return null;
    if (session.user.status !== 'ACTIVE') return null;
    return { userId: session.user.id, familyId: session.familyId };
  }

  return async (
    token: unknown,
    sessionCookie: string | undefined,
  ): Promise<SocketIdentity | null> => {
    if (typeof token === 'string' && token.length > 0 && token.length < 4096) {
      const identity = await fromToken(token);
      if (identity !== null) return identity;
    }
    if (sessionCookie && sessionCookie.length < 512) return fromCookie(sessionCookie);
    return null;
  };
}
export type SocketAuthenticator = ReturnType<typeof socketAuthenticator>;
