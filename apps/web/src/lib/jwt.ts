/*
 * Reading a JWT's expiry without verifying it (the server does), for deciding when to renew.
 * No imports: lib/boot/early.ts, which runs before the app's code has arrived, uses it too.
 */

/** Reads the `exp` claim (seconds) of a JWT without verifying it; null when unreadable. */
export function decodeJwtExp(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const claims: unknown = JSON.parse(atob(padded));
    if (claims && typeof claims === 'object' && 'exp' in claims && typeof claims.exp === 'number') {
      return claims.exp;
    }
    return null;
  } catch {
    return null;
  }
}

/** True when the token cannot be read or expires within `marginMs` of `now`. */
export function isExpiringWithin(token: string, marginMs: number, now = Date.now()): boolean {
  const exp = decodeJwtExp(token);
  if (exp === null) return true;
  return exp * 1000 - now <= marginMs;
}
