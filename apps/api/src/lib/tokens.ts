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
  // Imported once as a CryptoKey: handed raw bytes, jose imports them again on every call,
  // which made a verify about 130 µs instead of 32 and was a fifth of the API's busy time
  // while members sent messages (bench/realtime.bench.ts, `--cpu-prof`). Non-extractable.
  const keyFor = (usage: 'sign' | 'verify') =>
    crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      [usage],
    );
  const signKey = keyFor('sign');
  const verifyKey = keyFor('verify');
  const verified = verifiedTokens();
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
        .sign(await signKey);
    },
    async verify(token, now) {
      const known = verified.get(token, now);
      if (known !== undefined) return known;
      try {
        const { payload } = await jwtVerify(token, await verifyKey, {
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
        const claims = { sub, role: payload.role as Role, sid: payload.sid };
        verified.add(token, claims, payload.iat!, payload.exp!);
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}

/** How many verified access tokens each instance remembers (about 300 B each). */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Access tokens already verified, by their exact text. A member's page sends the same token
 * with every request for up to 15 minutes, and the signature check goes through WebCrypto's
 * thread pool (about 32 µs of CPU and a hop off the event loop, while the rest of a small
 * request costs less): it was the largest share of the API's busy time while members sent
 * messages (bench/realtime.bench.ts, `--cpu-prof`). Only the signature and the fixed claims
 * are remembered: the time checks (expiry, age, iat not in the future) run again at every use,
 * as jose runs them, and the login and account are read from the database at every request
 * (plugins/auth.ts), so logout, suspension and password change still end access at once. The
 * text names the signature, so a changed token is never a hit. Oldest forgotten first.
 */
function verifiedTokens() {
  const known = new Map<string, { claims: AccessClaims; iat: number; exp: number }>();
  return {
    /** The claims of a token verified before and still in its time window; undefined: ask jose. */
    get(token: string, now: Date): AccessClaims | null | undefined {
      const entry = known.get(token);
      if (!entry) return undefined;
      const at = Math.floor(now.getTime() / 1000);
      const age = at - entry.iat;
      if (entry.exp <= at || age > ACCESS_TOKEN_TTL_SECONDS) {
        known.delete(token);
        return null;
      }
      // Issued in the future (a clock set back): refused like jose does, not forgotten.
      return age < 0 ? null : entry.claims;
    },
    add(token: string, claims: AccessClaims, iat: number, exp: number): void {
      if (known.size >= VERIFIED_TOKENS_KEPT) known.delete(known.keys().next().value!);
      known.set(token, { claims, iat, exp });
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
