import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '@munegu/shared';

/** Access tokens live 15 minutes at most (sessions are renewed through the refresh cookie). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'munegu';
const AUDIENCE = 'munegu-web';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  /** User id. */
  sub: number;
  role: Role;
  /** Session family (the login): a token whose family is revoked or unknown is refused. */
  sid: string;
}

export interface TokenSigner {
  sign(claims: AccessClaims, now: Date): Promise<string>;
  /** null when the token is malformed, badly signed or expired. */
  verify(token: string, now: Date): Promise<AccessClaims | null>;
}

/** HS256 access tokens signed with JWT_SECRET (jose). */
export function tokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims, now) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ role: claims.role, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.sub))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    async verify(token, now) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: now,
          // Whatever its exp says, a token is refused once older than the access TTL, and when
          // its iat lies in the future (jose checks both from iat).
          maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
          // A token without an expiry would live for ever; without a login it could not be
          // revoked. Both are refused rather than defaulted.
          requiredClaims: ['exp', 'iat', 'sub', 'sid'],
        });
        // The signer writes the id in its canonical form; '5.0' or ' 5' is not what it signed.
        if (!/^[1-9][0-9]{0,9}$/.test(payload.sub ?? '') || typeof payload.role !== 'string')
          return null;
        const sub = Number(payload.sub);
        if (typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
        return { sub, role: payload.role as Role, sid: payload.sid };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}

/** An opaque random token for cookies and e-mailed links (256 bits, URL-safe). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
