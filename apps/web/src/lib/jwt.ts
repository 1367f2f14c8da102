/*
 * Reading a JWT's claims without verifying them (the server does): its expiry, for deciding
 * when to renew, and the login it belongs to.
 * No imports: lib/boot/early.ts, which runs before the app's code has arrived, uses it too.
 */

/** A JWT's claims, read without verifying them; null when unreadable. */
export function jwtClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const claims: unknown = JSON.parse(atob(padded));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads the `exp` claim (seconds) of a JWT without verifying it; null when unreadable. */
export function decodeJwtExp(token: string): number | null {
  const exp = jwtClaims(token)?.['exp'];
  return typeof exp === 'number' ? exp : null;
}

/** True when the token cannot be read or expires within `marginMs` of `now`. */
export function isExpiringWithin(token: string, marginMs: number, now = Date.now()): boolean {
  const exp = decodeJwtExp(token);
  if (exp === null) return true;
  return exp * 1000 - now <= marginMs;
}
