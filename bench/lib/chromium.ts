/**
 * Chromium for the web benchmarks (web.bench.ts, audit-web.ts): the browser and flags the
 * end-to-end tests use (e2e/chromium.ts), and the DevTools protocol calls that put a member's
 * session in the browser.
 */
import { DEMO_ACCOUNTS } from '@munegu/api/public';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@munegu/e2e/chromium';

export { CHROMIUM_PATH };

/** Chrome's flags; Playwright's launch takes them without the first (it sets headless itself). */
export const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

type Send = (
  method: string,
  params: object,
  sessionId?: string,
) => Promise<Record<string, unknown>>;

/** A DevTools protocol connection to the browser listening on `port`. */
export async function devtools(port: number): Promise<{ send: Send; close: () => void }> {
  // Loaded on use, like the benchmarks' other browser-side modules.
  const { default: WebSocket } = await import('ws');
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const ws = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let id = 0;
  const send: Send = (method, params, sessionId) =>
    new Promise((resolve, reject) => {
      const mine = ++id;
      const onMessage = (data: unknown) => {
        const msg = JSON.parse(String(data)) as {
          id?: number;
          result?: Record<string, unknown>;
          error?: { message: string };
        };
        if (msg.id !== mine) return;
        ws.off('message', onMessage);
        if (msg.error) reject(new Error(msg.error.message));
        else resolve(msg.result ?? {});
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id: mine, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  return { send, close: () => ws.close() };
}

/**
 * Writes (or, with null, removes) the access token the app keeps in localStorage, from a tab on
 * a static file of the app's origin (no app start-up), closed afterwards.
 */
export async function writeAccessToken(
  send: Send,
  origin: string,
  accessToken: string | null,
): Promise<void> {
  const { targetId } = (await send('Target.createTarget', { url: `${origin}/favicon.svg` })) as {
    targetId: string;
  };
  const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as {
    sessionId: string;
  };
  await new Promise((r) => setTimeout(r, 500));
  const key = JSON.stringify('access_token');
  await send(
    'Runtime.evaluate',
    {
      expression: accessToken
        ? `localStorage.setItem(${key}, ${JSON.stringify(accessToken)})`
        : `localStorage.removeItem(${key})`,
    },
    sessionId,
  );
  await send('Target.closeTarget', { targetId });
}

export type Session = { cookie: { name: string; value: string }; accessToken: string };

/** A fresh session of the demo supporter on `origin` (POST /api/auth/login): cookie and access token. */
export async function supporterSession(origin: string): Promise<Session> {
  const supporter = DEMO_ACCOUNTS.find((a) => a.role === 'UTILISATEUR')!;
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: supporter.email, password: supporter.password }),
  });
  const setCookie = res.headers.get('set-cookie');
  if (!res.ok || !setCookie) throw new Error(`${origin}: login HTTP ${res.status}`);
  const [pair] = setCookie.split(';');
  const eq = pair!.indexOf('=');
  const { access_token: accessToken } = (await res.json()) as { access_token: string };
  return { cookie: { name: pair!.slice(0, eq), value: pair!.slice(eq + 1) }, accessToken };
}
