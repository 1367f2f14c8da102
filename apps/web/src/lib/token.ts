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

export { decodeJwtExp, isExpiringWithin } from './jwt';
