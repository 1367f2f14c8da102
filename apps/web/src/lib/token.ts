import { LIMITS } from '@munegu/shared';

/**
 * The access token lives in localStorage under 'access_token' (spec section 9). Listeners are
 * told whenever it changes so the auth provider follows refreshes made by the API client.
 */
type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(LIMITS.accessTokenStorageKey) ?? null;
}

export function setToken(token: string | null): void {
  const store = storage();
  if (token) store?.setItem(LIMITS.accessTokenStorageKey, token);
  else store?.removeItem(LIMITS.accessTokenStorageKey);
  for (const listener of listeners) listener(token);
}

export function onTokenChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

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
