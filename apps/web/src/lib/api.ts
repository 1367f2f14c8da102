import { LIMITS } from '@munegu/shared';
import { readErrorBody } from './errorBody';
import { getToken, isExpiringWithin, setToken } from './token';
import { takeEarly } from './boot/early';
import { noteSuspension } from './suspension';

/**
 * The API client of spec section 7: every path is relative to /api, cookies travel with each
 * call, the access token goes in `Authorization`, a 401 with a session triggers one refresh
 * and one retry, and an aborted call resolves to `ABORTED` instead of throwing.
 */

/** What an aborted request resolves to. Callers compare with `=== ABORTED`. */
export const ABORTED: unique symbol = Symbol('ABORTED');
export type Aborted = typeof ABORTED;

export type ApiFieldError = { path: string; message: string };

export class ApiError extends Error {
  readonly status: number;
  /** Validation details sent by the server, if any. */
  readonly errors: ApiFieldError[];
  /** Seconds to wait (429 only). */
  readonly ttl: number | undefined;
  readonly code: string | undefined;
  /** True when the server never answered (offline, DNS, CORS...). */
  readonly network: boolean;
  /** True when `message` comes from the server's error body (and may be shown to the user). */
  readonly fromServer: boolean;
  /** SUSPENDED_ACCOUNT: the sanction (ISO end, null for a ban; the moderator's reason). */
  readonly suspension: { until: string | null; reason: string | null } | undefined;

  constructor(
    status: number,
    message: string,
    extra: {
      errors?: ApiFieldError[];
      ttl?: number;
      code?: string;
      network?: boolean;
      fromServer?: boolean;
      suspension?: { until: string | null; reason: string | null };
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = extra.errors ?? [];
    this.ttl = extra.ttl;
    this.code = extra.code;
    this.network = extra.network ?? false;
    this.fromServer = extra.fromServer ?? false;
    this.suspension = extra.suspension;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's message when it sent one, otherwise `fallback` (spec section 8 pattern). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer && error.message) return error.message;
  return fallback;
}

export type ApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData (uploads) passes through untouched. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

let refreshing: Promise<string | null> | null = null;

/** Web Locks name shared by every tab of the app (same origin). */
export const REFRESH_LOCK = 'munegu-auth-refresh';

/**
 * Runs `fn` while holding the browser-wide refresh lock, so two tabs never present the same
 * session cookie at once: the server treats two refreshes racing with one cookie like a stolen
 * copy and ends the login (modules/auth/auth.service.ts). Without Web Locks (old browsers,
 * tests), `fn` runs directly and only this tab's calls are shared.
 */
function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(REFRESH_LOCK, fn) as Promise<T>) : fn();
}

async function postRefresh(): Promise<string | null> {
  const res = await fetch(`${LIMITS.apiPrefix}/auth/refresh`, {
    method: 'POST',
    credentials: 'include',
  });
  // An answer whose body could not be read keeps the token, refused or not: the page is going
  // away (a reload cuts the body short, rejected as an AbortError or, once the navigation has
  // cancelled the request, as a network TypeError). The next load refreshes again (the cookie
  // came with the headers) and hears the answer, instead of waking up a visitor on a member's
  // page. A body read whole but not JSON (a proxy's page) is read as saying nothing more.
  let text: string;
  try {
    text = await res.text();
  } catch {
    return null;
  }
  let raw: unknown = null;
  try {
    raw = JSON.parse(text);
  } catch {
    raw = null;
  }
  if (!res.ok) {
    // Suspended or banned while signed in: said before the token goes, so the app shows why
    // (lib/suspension.ts) rather than what a signed-out visitor would see.
    const body = readErrorBody(raw);
    if (body?.code === 'SUSPENDED_ACCOUNT')
      noteSuspension({
        message: body.message,
        until: body.suspension?.until ?? null,
        reason: body.suspension?.reason ?? null,
      });
    // Only a refusal ends the session: 401 (no session, expired, revoked, replayed, suspended)
    // or 403 (a request the API will not take from this page). Anything else says nothing of
    // the session: a proxy's 502 while the API restarts, a 503 while it stops or has lost its
    // database, a 429. The token stays, so a later refresh (the next call, the next load, the
    // socket's next try) can still renew it, rather than every open page of a deploy waking up
    // signed out with a session cookie still good for weeks.
    if (res.status === 401 || res.status === 403) setToken(null);
    return null;
  }
  const token =
    raw && typeof raw === 'object' && 'access_token' in raw && typeof raw.access_token === 'string'
      ? raw.access_token
      : null;
  // A success without a token is no answer of the API's (a page served in its place): as above.
  if (token) setToken(token);
  return token;
}

/**
 * POST /auth/refresh with the session cookie. Concurrent callers of this tab share one
 * request, and tabs take turns (withRefreshLock); a tab that waited finds the token another
 * tab just stored (the access token is shared through localStorage) and uses it instead of
 * rotating the cookie again. Stores the new token, or clears it when the server says the
 * session is gone. null when there is no new token: then a stored token left in place means
 * the server did not answer (retry later), none means the session is over. Never throws.
 */
export function refreshAccessToken(): Promise<string | null> {
  const before = getToken();
  refreshing ??= (async () => {
    try {
      return await withRefreshLock(async () => {
        const now = getToken();
        if (now && now !== before && !isExpiringWithin(now, LIMITS.tokenRefreshMarginApiMs)) {
          return now;
        }
        return postRefresh();
      });
    } catch {
      return null;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return (
    signal?.aborted === true ||
    (error instanceof DOMException && error.name === 'AbortError') ||
    (error instanceof Error && error.name === 'AbortError')
  );
}

async function send(path: string, options: ApiOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = `${LIMITS.apiPrefix}${path}`;
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const request = () =>
    fetch(url, { method, credentials: 'include', headers, body, signal: options.signal });
  // A read the page's first moments asked for before this code arrived (lib/boot/early.ts).
  const early = method === 'GET' && body === undefined ? takeEarly(url, token) : undefined;
  return early ? early.catch(request) : request();
}

async function toError(res: Response): Promise<ApiError> {
  const raw: unknown = await res.json().catch(() => null);
  const body = readErrorBody(raw);
  if (body) {
    const { message, errors, ttl, code, suspension } = body;
    return new ApiError(res.status, message, { errors, ttl, code, suspension, fromServer: true });
  }
  return new ApiError(res.status, res.statusText || `HTTP ${res.status}`);
}

async function parseBody<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

/** One API call. Resolves to the parsed body, or `ABORTED`; throws `ApiError` otherwise. */
export async function apiRequest<T>(path: string, options: ApiOptions = {}): Promise<T | Aborted> {
  try {
    let token = getToken();
    // A token about to expire is renewed before the call rather than after a 401; either way,
    // one refresh per call: one that just got nothing would get nothing again.
    const renewFirst = token !== null && isExpiringWithin(token, LIMITS.tokenRefreshMarginApiMs);
    if (renewFirst) token = (await refreshAccessToken()) ?? token;
    let res = await send(path, options, token);
    if (res.status === 401 && token && !renewFirst) {
      const fresh = await refreshAccessToken();
      if (fresh) res = await send(path, options, fresh);
    }
    if (!res.ok) throw await toError(res);
    return await parseBody<T>(res);
  } catch (error) {
    if (isAbort(error, options.signal)) return ABORTED;
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error', {
      network: true,
    });
  }
}

/**
 * For calls that only make sense signed in and whose caller accepts "nothing" (spec section
 * 6): without a token no request is made and the result is null.
 */
export async function apiRequestIfAuthenticated<T>(
  path: string,
  options: ApiOptions = {},
): Promise<T | null | Aborted> {
  if (!getToken()) return null;
  return apiRequest<T>(path, options);
}

/**
 * For TanStack Query functions: an aborted call only happens when the query itself was
 * cancelled, and the library then discards the result; throwing keeps the types honest.
 */
export function unwrap<T>(result: T | Aborted): T {
  if (result === ABORTED) throw new DOMException('Aborted', 'AbortError');
  return result;
}

export const api = {
  get: <T>(path: string, options: Omit<ApiOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<ApiOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: Omit<ApiOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options: Omit<ApiOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options: Omit<ApiOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Query-function flavour: `getJson<T>(path)({ signal })`, never resolves to ABORTED. */
export function getJson<T>(path: string) {
  return async ({ signal }: { signal?: AbortSignal }): Promise<T> =>
    unwrap(await api.get<T>(path, { signal }));
}
