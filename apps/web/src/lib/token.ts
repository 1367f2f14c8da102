import { LIMITS } from '@munegu/shared';

/**
 * The access token lives in localStorage under 'access_token' (spec section 9). Listeners are
 * told whenever it changes so the auth provider follows refreshes made by the API client, and
 * sign-ins and sign-outs made in another tab of the browser (they share the storage).
 */
type Listener = (token: string | null, change: { fromAnotherTab: boolean }) => void;
const listeners = new Set<Listener>();

/** Another tab's writes arrive as 'storage' events: a tab never hears its own. */
function onStorage(event: StorageEvent) {
  if (event.key !== LIMITS.accessTokenStorageKey && event.key !== null) return;
  const token = getToken(); // a null key is localStorage.clear(): read what is left
  for (const listener of listeners) listener(token, { fromAnotherTab: true });
}

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
  for (const listener of listeners) listener(token, { fromAnotherTab: false });
}

if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);

export function onTokenChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export { decodeJwtExp, isExpiringWithin } from './jwt';
