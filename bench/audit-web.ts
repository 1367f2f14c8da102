/**
 * Lighthouse accessibility and best-practices scores of the web app's main routes (goal: 95
 * or more each), as a visitor and, for the member's pages, signed in as the demo supporter.
 * Starts the built app itself (embedded database, demo data) on AUDIT_PORT unless AUDIT_URL
 * points at a running one; prints each score with the audits that cost points, and writes
 * section `web-quality` of docs/QUALITY.md.
 *
 *   pnpm build && pnpm bench audit-web
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import * as prettier from 'prettier';
import { CHROME_FLAGS, CHROMIUM_PATH, devtools, writeAccessToken } from './lib/chromium.js';
import { QUALITY_FILE, machineLine, table, writeQualitySection } from './lib/quality-report.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GOAL = 95;
const PORT = Number(process.env.AUDIT_PORT ?? 4870);
const CHROME_PORT = Number(process.env.AUDIT_CHROME_PORT ?? 9870);
const SUPPORTER = {
  email: 'utilisateur@demo.munegu.local',
  password: 'Supporter#Demo26',
  username: 'supporter_demo',
};

type Route = { path: string; signedIn: boolean };
const ROUTES: Route[] = [
  { path: '/', signedIn: false },
  { path: '/actualites', signedIn: false },
  { path: '/jeu_prono', signedIn: false },
  { path: '/login', signedIn: false },
  { path: `/profil/${SUPPORTER.username}`, signedIn: false },
  { path: '/', signedIn: true },
  { path: '/messages', signedIn: true },
  { path: '/parametres', signedIn: true },
  { path: `/profil/${SUPPORTER.username}`, signedIn: true },
];

async function waitForHealth(base: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app stopped (code ${server.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the app did not answer /api/health within 120 s');
}

/** The built app as `npm start` serves it, on its own port, embedded database and demo data. */
async function startApp(): Promise<{ base: string; stop: () => void }> {
  const main = path.join(ROOT, 'apps/api/dist/main.js');
  if (!existsSync(main) || !existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('build the app first: pnpm build');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'munegu-audit-'));
  const base = `http://127.0.0.1:${PORT}`;
  const server = spawn(process.execPath, [main], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      DATABASE_URL: '',
      SMTP_URL: '',
      DEMO_DATA: 'true',
    },
  });
  let stderr = '';
  server.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  server.once('exit', (code) => code && console.error(stderr.trim()));
  await waitForHealth(base, server);
  return {
    base,
    stop: () => {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie and access token a login gives the demo supporter's browser. */
async function login(base: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: SUPPORTER.email, password: SUPPORTER.password }),
  });
  if (!res.ok) throw new Error(`demo login failed: ${res.status} ${await res.text()}`);
  const accessToken = ((await res.json()) as { access_token: string }).access_token;
  const raw = res.headers.getSetCookie()[0];
  if (!raw) throw new Error('the login set no cookie');
  const [pair, ...attributes] = raw.split(';').map((s) => s.trim());
  const [name, ...value] = pair!.split('=');
  const cookiePath =
    attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice('path='.length) ?? '/';
  return { cookie: { name: name!, value: value.join('='), path: cookiePath }, accessToken };
}

/**
 * Puts the browser in the state a signed-in member's (or a visitor's) browser is in: the session
 * cookie and the access token the app keeps in localStorage, or neither. Through the DevTools
 * protocol, on a blank tab of the app's origin that is closed afterwards.
 */
async function setSession(
  base: string,
  session: Awaited<ReturnType<typeof login>> | null,
): Promise<void> {
  const { send, close } = await devtools(CHROME_PORT);
  try {
    await send('Storage.clearCookies', {});
    if (session) {
      await send('Storage.setCookies', {
        cookies: [
          { ...session.cookie, domain: new URL(base).hostname, httpOnly: true, sameSite: 'Lax' },
        ],
      });
    }
    await writeAccessToken(send, base, session?.accessToken ?? null);
  } finally {
    close();
  }
}

type Row = { route: Route; a11y: number; bp: number; failing: string[] };

/** What an audit found, briefly (the console error, the issue type, the element). */
function findings(lhr: Result, id: string): string[] {
  const details = lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined;
  return (details?.items ?? []).slice(0, 5).map((item) => {
    const node = item.node as { snippet?: string } | undefined;
    const text = item.description ?? item.issueType ?? node?.snippet ?? item.url ?? item;
    return `${id}: ${(typeof text === 'string' ? text : JSON.stringify(text)).slice(0, 200)}`;
  });
}

function failingAudits(lhr: Result, category: string): string[] {
  return lhr.categories[category]!.auditRefs.filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id]!)
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => `${category === 'accessibility' ? 'a11y' : 'bp'}:${a.id}`);
}

async function main(): Promise<void> {
  const external = process.env.AUDIT_URL;
  const app = external ? { base: external.replace(/\/$/, ''), stop: () => {} } : await startApp();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    port: CHROME_PORT,
  });
  const rows: Row[] = [];
  try {
    const session = await login(app.base);
    for (const route of ROUTES) {
      await setSession(app.base, route.signedIn ? session : null);
      const flags: Flags = {
        port: CHROME_PORT,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['accessibility', 'best-practices'],
        // Keeps the session set above; each route starts from it.
        disableStorageReset: true,
        throttlingMethod: 'provided',
        // The live socket keeps the network busy: scores need the page loaded, not quiet.
        maxWaitForLoad: 20_000,
        formFactor: 'mobile',
      };
      const result = await lighthouse(`${app.base}${route.path}`, flags);
      if (!result) throw new Error(`Lighthouse gave no result for ${route.path}`);
      const lhr = result.lhr;
      // A page that redirected (a member's page sends visitors to /404) was not the one meant.
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      if (landed !== route.path) throw new Error(`${route.path} ended on ${landed}`);
      const row: Row = {
        route,
        a11y: Math.round((lhr.categories.accessibility!.score ?? 0) * 100),
        bp: Math.round((lhr.categories['best-practices']!.score ?? 0) * 100),
        failing: [...failingAudits(lhr, 'accessibility'), ...failingAudits(lhr, 'best-practices')],
      };
      rows.push(row);
      const ids = row.failing.map((f) => f.replace(/^(a11y|bp):/, ''));
      for (const line of ids.flatMap((id) => findings(lhr, id))) console.log(`    ${line}`);
      console.log(
        `${route.signedIn ? 'membre  ' : 'visiteur'} ${route.path.padEnd(28)} accessibilité ${row.a11y}  bonnes pratiques ${row.bp}` +
          (row.failing.length ? `  — ${row.failing.join(', ')}` : ''),
      );
    }
  } finally {
    await chrome.kill();
    app.stop();
  }

  const minA11y = Math.min(...rows.map((r) => r.a11y));
  const minBp = Math.min(...rows.map((r) => r.bp));
  const markdown = [
    '## Web quality: Lighthouse accessibility and best practices',
    '',
    machineLine(),
    '',
    `Command: \`pnpm build && pnpm bench audit-web\`. Lighthouse 12.8.2 in Debian Chromium (mobile form factor, no throttling: only these two categories are scored), the built app with its demo data; member pages signed in as the demo supporter (session cookie and access token put in the browser before the run). Goal: ${GOAL} or more on every route.`,
    '',
    table(
      ['Route', 'As', 'Accessibility', 'Best practices', 'Audits below 1'],
      rows.map((r) => [
        `\`${r.route.path}\``,
        r.route.signedIn ? 'member' : 'visitor',
        `${r.a11y} (${(r.a11y / GOAL).toFixed(2)} × goal)`,
        `${r.bp} (${(r.bp / GOAL).toFixed(2)} × goal)`,
        r.failing.length ? r.failing.join(', ') : '—',
      ]),
    ),
    '',
    `Lowest: accessibility ${minA11y}, best practices ${minBp} — goal ${minA11y >= GOAL && minBp >= GOAL ? 'met' : 'NOT met'} on ${rows.length} route runs.`,
    '',
    'Also checked on every route at 390 and 1280 px by `e2e/specs/a11y.spec.ts` (axe-core, no serious or critical violation).',
  ].join('\n');
  writeQualitySection('web-quality', markdown);
  // The file is checked by `pnpm check` (prettier): keep it formatted, tables aligned.
  if (process.env.QUALITY_REPORT !== '0' && existsSync(QUALITY_FILE)) {
    const options = await prettier.resolveConfig(QUALITY_FILE);
    const text = readFileSync(QUALITY_FILE, 'utf8');
    writeFileSync(QUALITY_FILE, await prettier.format(text, { ...options, parser: 'markdown' }));
  }
  if (minA11y < GOAL || minBp < GOAL) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
