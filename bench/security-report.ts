/**
 * Runs the API security suite (apps/api/test/security, PostgreSQL tier) and writes what it
 * covered to docs/QUALITY.md, section `security`: each file's tests and time, the route ×
 * caller cells of the guard matrices, the fuzz requests per route. Runs vitest in apps/api:
 *
 *   pnpm bench security         (root script; FUZZ_RUNS=… to change the fuzz runs per route)
 *
 * A failing suite writes nothing and exits non-zero.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineLine, QUALITY_FILE, table, writeQualitySection } from './lib/quality-report.js';

interface VitestJson {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: {
    name: string;
    status: string;
    startTime: number;
    endTime: number;
    assertionResults: { status: string }[];
  }[];
}

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/api');
const runs = Number(process.env.FUZZ_RUNS ?? 1000);
const out = path.join(mkdtempSync(path.join(tmpdir(), 'munegu-security-')), 'report.json');
const started = Date.now();
const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    'test/security',
    'src/plugins/auth.test.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ],
  {
    cwd: API_DIR,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, FUZZ_RUNS: String(runs) },
  },
);
const stdout = run.stdout.toString();
process.stdout.write(stdout);
const seconds = (Date.now() - started) / 1000;
const report = JSON.parse(readFileSync(out, 'utf8')) as VitestJson;
if (run.status !== 0 || report.numFailedTests > 0) {
  console.error(`security suite failed (${report.numFailedTests} failed): QUALITY.md untouched.`);
  process.exit(1);
}

const fuzz = /fuzz: (\d+) requests on (\d+) routes in ([\d.]+) s/.exec(stdout);
// The fuzz test covers every route of the endpoint table, which the API serves exactly
// (test/endpoints.test.ts): its count is the route count.
const routes = fuzz ? Number(fuzz[2]) : NaN;
const rows = report.testResults
  .map((file) => [
    `\`${path.relative(API_DIR, file.name)}\``,
    file.assertionResults.length,
    `${((file.endTime - file.startTime) / 1000).toFixed(1)} s`,
  ])
  .sort((a, b) => String(a[0]).localeCompare(String(b[0])));

writeQualitySection(
  'security',
  `## Security suite

\`pnpm bench security\` (or \`cd apps/api && npx vitest run test/security\`). ${machineLine()}
${report.numPassedTests}/${report.numTotalTests} tests passed (${report.numPendingTests} skipped) in ${seconds.toFixed(0)} s (wall clock,
files in parallel).

- **Route guards**: every route the API serves (${routes}, read from \`app.routeTable\`) × 6
  callers (anonymous, UTILISATEUR, REDACTEUR, MODERATEUR, ADMIN, suspended ADMIN) =
  ${routes * 6} cells with an exact status; a route without a row fails. The 48 content,
  moderation and administration routes also run with valid requests × 7 callers (their
  author, another REDACTEUR acting on it) = 336 cells, checking refused writes changed nothing.
- **Another member** (another-member.test.ts): every route of the same table has a scope
  (public, own rows only, addressing a member by design, mailed token, staff); each route that
  takes another member's row gets a valid request from a third member: exact status, nothing
  of theirs in the answer, nothing changed, the owner's same request works.
- **Schema fuzzing** (fast-check, arbitraries walked from each route's zod schemas through
  \`z.toJSONSchema\`): ${fuzz ? `${fuzz[1]} requests on ${fuzz[2]} routes (${runs} per route) in ${fuzz[3]} s` : `${runs} per route`}:
  no 5xx, every 4xx a JSON body with a French message, Object.prototype never polluted, no
  table changed on a route that accepted nothing.
- **Access tokens**: 18 hostile JWTs (alg none, other key, HS512/RS256/ES256, expired, too
  old, future iat, wrong aud/iss, missing claims, tampered) → 401 on HTTP and on the socket.
- **Sessions**: replay and racing refreshes revoke the login (cookies and access tokens);
  logout, ban and password change end access tokens, cookies and sockets.
- **Uploads**: markup renamed .png, PNG/JPEG declaring 20 000 × 20 000, a complete 16 000 ×
  16 000 PNG, truncated/empty/oversized files → 4xx, nothing stored; polyglots and GPS EXIF
  stored as clean WebP.
- **Sockets**: forged or missing tokens, foreign Origin, room/conversation spoofing, frames
  over 16 kB, event floods: the offender is cut, others keep their socket, the server answers.
- **Headers**: CSP (no inline script, object-src/base-uri 'none', frame-ancestors 'none',
  worker-src/manifest-src 'self'), nosniff, no X-Powered-By, no CORS grant to a foreign
  Origin, HSTS on https (PUBLIC_URL or the trusted proxy's X-Forwarded-Proto), on the shell,
  the API, uploads and errors.

${table(['File', 'Tests', 'Time'], rows)}
`,
);
// The table is written unaligned: formatted like the rest of the repository (pnpm check).
spawnSync('npx', ['prettier', '--write', QUALITY_FILE], { stdio: 'inherit' });
