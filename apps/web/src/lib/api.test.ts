// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ABORTED,
  ApiError,
  REFRESH_LOCK,
  api,
  apiRequestIfAuthenticated,
  refreshAccessToken,
} from './api';
import { getToken, setToken } from './token';

/** A real HTTP server standing in for the API; each test sets `handler`. */
type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let handler: Handler;
let server: Server;
let origin: string;
const seen: {
  method: string;
  url: string;
  auth: string | undefined;
  type: string | undefined;
  body: string;
}[] = [];

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function jwt(expSecondsFromNow: number): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256' })}.${b64({ exp: Math.floor(Date.now() / 1000) + expSecondsFromNow })}.sig`;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        auth: req.headers.authorization,
        type: req.headers['content-type'],
        body,
      });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

beforeEach(() => {
  seen.length = 0;
  // Node has no localStorage: a minimal one, and a fetch that resolves relative URLs against
  // the test server (the browser would resolve them against the page).
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
  });
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
    realFetch(`${origin}${input}`, init),
  );
});

describe('api client', () => {
  it('prefixes /api, sends JSON and the bearer token', async () => {
    setToken(jwt(3600));
    handler = (_req, body, res) => json(res, 200, { echo: JSON.parse(body) });
    const result = await api.post<{ echo: unknown }>('/contact', { prenom: 'Léa' });
    expect(result).toEqual({ echo: { prenom: 'Léa' } });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/contact',
      type: 'application/json',
    });
    expect(seen[0]?.auth).toMatch(/^Bearer /);
  });

  it('lets FormData through as multipart', async () => {
    handler = (_req, _body, res) => json(res, 200, { ok: true });
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await api.post('/users/upload-profile-picture', form);
    expect(seen[0]?.type).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('throws ApiError with status, message, errors and ttl', async () => {
    handler = (_req, _body, res) =>
      json(res, 429, {
        message: 'Trop de tentatives',
        ttl: 42,
        errors: [{ path: 'email', message: 'x' }],
      });
    const error = await api.post('/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: 'Trop de tentatives', ttl: 42 });
    expect((error as ApiError).errors).toEqual([{ path: 'email', message: 'x' }]);
  });

  it('refreshes once on a 401 when a session exists, then retries', async () => {
    setToken(jwt(3600));
    let calls = 0;
    handler = (req, _body, res) => {
      if (req.url === '/api/auth/refresh') return json(res, 200, { access_token: 'fresh.token.x' });
      calls += 1;
      if (req.headers.authorization === 'Bearer fresh.token.x') return json(res, 200, { id: 1 });
      return json(res, 401, { message: 'expired' });
    };
    await expect(api.get('/users/me')).resolves.toEqual({ id: 1 });
    expect(calls).toBe(2);
    expect(seen.map((s) => s.url)).toEqual(['/api/users/me', '/api/auth/refresh', '/api/users/me']);
    expect(getToken()).toBe('fresh.token.x');
  });

  it('does not refresh on a 401 without a session, and clears a dead session', async () => {
    handler = (_req, _body, res) => json(res, 401, { message: 'Non authentifié' });
    await expect(api.get('/users/me')).rejects.toMatchObject({ status: 401 });
    expect(seen.map((s) => s.url)).toEqual(['/api/users/me']);

    seen.length = 0;
    setToken(jwt(3600));
    await expect(api.get('/users/me')).rejects.toMatchObject({ status: 401 });
    expect(seen.map((s) => s.url)).toEqual(['/api/users/me', '/api/auth/refresh']);
    expect(getToken()).toBeNull();
  });

  it('resolves an aborted request to ABORTED', async () => {
    handler = (_req, _body, res) => setTimeout(() => json(res, 200, {}), 200);
    const controller = new AbortController();
    const pending = api.get('/matchs/next', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).resolves.toBe(ABORTED);
  });

  it('skips unauthenticated calls when the caller accepts null', async () => {
    handler = (_req, _body, res) => json(res, 200, { count: 3 });
    await expect(apiRequestIfAuthenticated('/messages/unread-count')).resolves.toBeNull();
    expect(seen).toHaveLength(0);
    setToken(jwt(3600));
    await expect(apiRequestIfAuthenticated('/messages/unread-count')).resolves.toEqual({
      count: 3,
    });
  });

  it('renews a token about to expire before the call', async () => {
    setToken(jwt(10));
    handler = (req, _body, res) =>
      req.url === '/api/auth/refresh'
        ? json(res, 200, { access_token: 'renewed.t.x' })
        : json(res, 200, {});
    await api.get('/users/me');
    expect(seen.map((s) => s.url)).toEqual(['/api/auth/refresh', '/api/users/me']);
    expect(seen[1]?.auth).toBe('Bearer renewed.t.x');
  });
});

describe('refresh across tabs (Web Locks)', () => {
  /** A browser-wide lock as navigator.locks gives it: one holder at a time, in order. */
  function fakeLocks(beforeGrant?: () => void) {
    const names: string[] = [];
    let tail: Promise<unknown> = Promise.resolve();
    const locks = {
      request: (name: string, fn: () => Promise<unknown>) => {
        names.push(name);
        const run = tail.then(() => {
          beforeGrant?.();
          return fn();
        });
        tail = run.catch(() => undefined);
        return run;
      },
    };
    vi.stubGlobal('navigator', { locks });
    return names;
  }

  it('refreshes under the shared lock', async () => {
    const names = fakeLocks();
    setToken(jwt(10));
    handler = (req, _body, res) =>
      req.url === '/api/auth/refresh'
        ? json(res, 200, { access_token: jwt(900) })
        : json(res, 200, {});
    await api.get('/users/me');
    expect(names).toEqual([REFRESH_LOCK]);
    expect(seen.map((s) => s.url)).toEqual(['/api/auth/refresh', '/api/users/me']);
    vi.unstubAllGlobals();
  });

  it('uses the token another tab stored while it waited instead of rotating the cookie again', async () => {
    const renewedElsewhere = jwt(900);
    // While this tab waits for the lock, another tab refreshes and stores its new token.
    fakeLocks(() => setToken(renewedElsewhere));
    setToken(jwt(10));
    handler = (_req, _body, res) => json(res, 200, {});
    await api.get('/users/me');
    expect(seen.map((s) => s.url)).toEqual(['/api/users/me']);
    expect(seen[0]?.auth).toBe(`Bearer ${renewedElsewhere}`);
    vi.unstubAllGlobals();
  });
});

describe('a refused refresh whose answer the page could not read', () => {
  /** An answer whose headers came (`status`) and whose body fails to read with `error`. */
  const cutShort = (error: Error, status = 401) =>
    vi.spyOn(globalThis, 'fetch').mockResolvedValue({
      ok: status < 300,
      status,
      json: () => Promise.reject(error),
      text: () => Promise.reject(error),
    } as unknown as Response);

  // A reload cuts the body short: Chromium rejects its read with an AbortError or, once the
  // navigation has cancelled the request (net::ERR_ABORTED, seen in an e2e trace), with a
  // network TypeError. Either way the member's token must outlive the page.
  it.each([
    [
      'a refusal',
      'an AbortError',
      401,
      new DOMException('The operation was aborted.', 'AbortError'),
    ],
    ['a refusal', 'a network TypeError', 401, new TypeError('network error')],
    ['a renewal', 'a network TypeError', 200, new TypeError('network error')],
  ])(
    'keeps the token when %s is cut short by %s, so the next load hears it',
    async (_what, _how, status, error) => {
      setToken('member.token.x');
      const fetchSpy = cutShort(error, status);
      const { refreshAccessToken } = await import('./api');
      expect(await refreshAccessToken()).toBeNull();
      expect(getToken()).toBe('member.token.x');
      fetchSpy.mockRestore();
      setToken(null);
    },
  );

  it('drops the token when the refusal was read whole, even if it is not JSON (a proxy’s page)', async () => {
    setToken('member.token.x');
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('<html>401</html>', { status: 401 }));
    const { refreshAccessToken } = await import('./api');
    expect(await refreshAccessToken()).toBeNull();
    expect(getToken()).toBeNull();
    fetchSpy.mockRestore();
  });
});

describe('a refresh the server did not answer (a deploy, an outage)', () => {
  /** The refresh answers `status` with `body` as is; any other call answers 401. */
  const refreshAnswers = (status: number, body: string) =>
    (handler = (req, _body, res) => {
      if (req.url !== '/api/auth/refresh') return json(res, 401, { message: 'expired' });
      res.writeHead(status);
      res.end(body);
    });

  it.each([
    ['a proxy’s 502 while the API restarts', 502, '<html><body>502 Bad Gateway</body></html>'],
    ['a 503 while the API stops', 503, '{"error":"Service Unavailable","statusCode":503}'],
    ['a 503 without its database', 503, '{"message":"Service indisponible","code":"UNAVAILABLE"}'],
    ['a 429', 429, '{"message":"Trop de requêtes","ttl":30}'],
    ['a success that is not the API’s', 200, '<html>Munegu</html>'],
  ])('keeps the token after %s, so a later refresh can renew it', async (_what, status, body) => {
    setToken('member.token.x');
    refreshAnswers(status, body);
    expect(await refreshAccessToken()).toBeNull();
    expect(getToken()).toBe('member.token.x');
  });

  it('drops the token when the API refuses the request (403)', async () => {
    setToken('member.token.x');
    refreshAnswers(403, '{"message":"Origine de la requête refusée.","code":"FORBIDDEN"}');
    expect(await refreshAccessToken()).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('asks once per call, and the call gives its 401 back', async () => {
    setToken(jwt(3600));
    refreshAnswers(503, '{"message":"Service indisponible","code":"UNAVAILABLE"}');
    await expect(api.get('/users/me')).rejects.toMatchObject({ status: 401 });
    expect(seen.map((s) => s.url)).toEqual(['/api/users/me', '/api/auth/refresh']);
    // A token about to expire: renewed first, not again after the 401.
    seen.length = 0;
    setToken(jwt(10));
    await expect(api.get('/users/me')).rejects.toMatchObject({ status: 401 });
    expect(seen.map((s) => s.url)).toEqual(['/api/auth/refresh', '/api/users/me']);
    expect(getToken()).not.toBeNull();
  });
});
