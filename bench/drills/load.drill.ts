/**
 * Load drill (`pnpm drill:load`): the API as the image runs it (own PostgreSQL cluster, demo
 * data) under a realistic mix at a stated rate, with autocannon's programmatic API:
 * - browsing: home (next matches, league table, news, contests), the prediction game
 *   (leaderboard, own points), member profiles, by logged-in members;
 * - logins: real POST /api/auth/login, each connection its own account;
 * - predictions (writes) and messages (send, conversation list, unread count).
 * Meanwhile a brute-force stream of wrong passwords against one account (and one address
 * guessing many accounts) runs from loopback addresses of their own: the password-guess
 * throttle must verify at most AUTH_ACCOUNT_MAX_FAILURES guesses per account and
 * AUTH_IP_MAX_FAILURES per address (modules/auth/throttle.ts), whatever the load.
 *
 * Goals: no socket error, no 5xx, 429 only from the throttle; p95 of reads ≤ 300 ms at the
 * stated rate. The request budgets (RATE_LIMIT_*) are raised, the throttle (AUTH_*) is not.
 * Writes its section `drill-load` of docs/QUALITY.md.
 */
import autocannon from 'autocannon';
import { machineLine, table, writeQualitySection } from '../lib/quality-report.js';
import { percentile } from '../lib/stats.js';
import { agentFor, call, sleep, startApi, startCluster } from './harness.js';
import { demoMembers, logIn, openConversations, partnerOf, type Member } from './members.js';

const PG_PORT = Number(process.env.DRILL_PG_PORT ?? 55430);
const API_PORT = Number(process.env.DRILL_API_PORT ?? 4430);
const DURATION_S = Number(process.env.DRILL_DURATION_S ?? 30);
/** Requests per second of each stream (autocannon overallRate). */
const RATES = {
  browse: Number(process.env.DRILL_RATE_BROWSE ?? 120),
  messages: Number(process.env.DRILL_RATE_MESSAGES ?? 20),
  predictions: Number(process.env.DRILL_RATE_PREDICTIONS ?? 10),
  logins: Number(process.env.DRILL_RATE_LOGINS ?? 2),
};
const ACCOUNT_MAX = 5;
const IP_MAX = 20;
const MEMBERS = 24;

type Req = autocannon.Request;
const auth = (m: Member) => ({
  authorization: `Bearer ${m.token}`,
  'content-type': 'application/json',
});

/** One autocannon stream; each connection acts as one member (setupClient). */
async function stream(
  base: string,
  name: string,
  rate: number,
  connections: number,
  requestsOf: (connection: number) => Req[],
) {
  const times: number[] = [];
  let next = 0;
  const instance = autocannon({
    url: base,
    connections,
    overallRate: rate,
    duration: DURATION_S,
    requests: requestsOf(0),
    setupClient: (client) => {
      const c = next++;
      (client as unknown as { setRequests(r: Req[]): void }).setRequests(requestsOf(c));
    },
  });
  // The returned promise is also the event emitter (autocannon's types only say Promise).
  (instance as unknown as NodeJS.EventEmitter).on(
    'response',
    (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
      void times.push(responseTime),
  );
  const result = await instance;
  return { name, rate, connections, result, times };
}

async function bruteForce(base: string, target: string, stopAt: number) {
  // Account stream: 10 guesses at a time against one account, each from its own address, so
  // only the account limit applies.
  const account = { checked: 0, refused: 0, other: [] as number[] };
  let n = 0;
  const agents = Array.from({ length: 10 }, (_, i) => agentFor(150 + i));
  while (Date.now() < stopAt) {
    const answers = await Promise.all(
      agents.map((agent) =>
        call(agent, base, 'POST', '/api/auth/login', {
          body: { email: target, password: `Mauvais#${n++}x` },
        }),
      ),
    );
    for (const a of answers) {
      if (a.status === 401) account.checked++;
      else if (a.status === 429) account.refused++;
      else account.other.push(a.status);
    }
    await sleep(200);
  }
  return account;
}

async function addressGuesser(base: string, emails: string[], stopAt: number) {
  // Address stream: one address guessing a different account each time (each account sees
  // one failure), so only the per-address limit applies.
  const agent = agentFor(200);
  const out = { checked: 0, refused: 0, other: [] as number[] };
  let i = 0;
  while (Date.now() < stopAt) {
    const a = await call(agent, base, 'POST', '/api/auth/login', {
      body: { email: emails[i++ % emails.length], password: `Faux#${i}y` },
    });
    if (a.status === 401) out.checked++;
    else if (a.status === 429) out.refused++;
    else out.other.push(a.status);
    await sleep(100);
  }
  return out;
}

async function main() {
  const started = Date.now();
  const cluster = startCluster(PG_PORT);
  const api = await startApi({
    port: API_PORT,
    databaseUrl: cluster.url,
    env: {
      RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_ACCOUNT_MAX_FAILURES: String(ACCOUNT_MAX),
      AUTH_IP_MAX_FAILURES: String(IP_MAX),
    },
  });
  try {
    const rows = await demoMembers(cluster.url, MEMBERS + 2);
    const members = await logIn(api.url, rows.slice(0, MEMBERS));
    await openConversations(api.url, members);
    const [target, ...others] = rows.slice(MEMBERS).map((r) => r.email);
    const pseudos = (
      await Promise.all(
        members.slice(0, 8).map(async (m) => {
          const me = await call(m.agent, api.url, 'GET', '/api/users/me', { token: m.token });
          return (
            (me.body as { username?: string; pseudo?: string }).username ??
            (me.body as { pseudo?: string }).pseudo
          );
        }),
      )
    ).filter((p): p is string => typeof p === 'string');
    const member = (c: number) => members[c % members.length]!;
    let seq = 0;

    const stopAt = Date.now() + DURATION_S * 1000;
    const guesses = bruteForce(api.url, target!, stopAt);
    const addressGuesses = addressGuesser(
      api.url,
      [target!, ...others, ...rows.slice(0, 4).map((r) => r.email)],
      stopAt,
    );
    const results = await Promise.all([
      stream(api.url, 'browse (reads)', RATES.browse, 16, (c) => {
        const m = member(c);
        const get = (path: string): Req => ({ method: 'GET', path, headers: auth(m) });
        return [
          get('/api/matchs/next'),
          get('/api/classement-ligue1'),
          get('/api/actualite'),
          get('/api/concours'),
          get('/api/users/classement-pronos'),
          get('/api/user-pronostic-match/points/prochain'),
          get(
            `/api/users/by-username/${encodeURIComponent(pseudos[c % Math.max(1, pseudos.length)] ?? 'x')}`,
          ),
        ];
      }),
      stream(api.url, 'messages (send, list, unread)', RATES.messages, 6, (c) => {
        const i = c % members.length;
        const m = members[i]!;
        const to = partnerOf(members, i - (i % 2) + (i % 2));
        return [
          {
            method: 'POST',
            path: '/api/messages/send',
            headers: auth(m),
            setupRequest: (req: Req) => ({
              ...req,
              body: JSON.stringify({
                toUserId: to.id,
                content: `Charge ${seq++} : on part à quelle heure ?`,
              }),
            }),
          },
          { method: 'GET', path: '/api/messages/conversations', headers: auth(m) },
          { method: 'GET', path: '/api/messages/unread-count', headers: auth(m) },
        ];
      }),
      stream(api.url, 'predictions (writes)', RATES.predictions, 4, (c) => {
        const m = member(c + 6);
        return [
          {
            method: 'POST',
            path: '/api/user-pronostic-match',
            headers: auth(m),
            setupRequest: (req: Req) => ({
              ...req,
              body: JSON.stringify({
                userId: m.id,
                score_club_dom: seq % 4,
                score_club_ext: seq++ % 3,
              }),
            }),
          },
        ];
      }),
      stream(api.url, 'logins (argon2)', RATES.logins, 2, (c) => {
        const r = rows[(c * 5 + 1) % MEMBERS]!;
        return [
          {
            method: 'POST',
            path: '/api/auth/login',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: r.email, password: 'Membre#Demo26' }),
          },
        ];
      }),
    ]);
    const account = await guesses;
    const address = await addressGuesses;
    const exited = api.exited();

    const pass = (b: boolean) => (b ? '✅' : '❌');
    let totalBad = 0;
    const rowsOut = results.map((s) => {
      const r = s.result;
      const codes = r.statusCodeStats as unknown as Record<string, { count: number }>;
      const fivexx = Object.entries(codes)
        .filter(([code]) => Number(code) >= 500)
        .reduce((a, [, v]) => a + v.count, 0);
      const limited = codes['429']?.count ?? 0;
      const bad = r.errors + r.timeouts + fivexx + limited + (r.non2xx - fivexx - limited);
      totalBad += bad;
      const p95 = s.times.length ? percentile(s.times, 95) : NaN;
      const isRead = s.name.startsWith('browse');
      return [
        s.name,
        `${s.rate}/s, ${s.connections} conn.`,
        r.requests.total,
        `${(r.requests.total / DURATION_S).toFixed(0)}/s`,
        `${r.errors} / ${r.timeouts}`,
        `${fivexx} / ${limited} / ${r.non2xx - fivexx - limited}`,
        `${percentile(s.times, 50).toFixed(0)} ms`,
        `${p95.toFixed(0)} ms${isRead ? ` ${pass(p95 <= 300)} (${(p95 / 300).toFixed(2)} × goal)` : ''}`,
        `${percentile(s.times, 99).toFixed(0)} ms`,
      ];
    });
    const md = [
      '## Load and fault drills: load (`pnpm drill:load`)',
      '',
      `Run ${new Date(started).toISOString()}, ${machineLine()}.`,
      '',
      `API: \`node apps/api/dist/main.js\`, NODE_ENV=production, demo data (about 40 members), its own PostgreSQL 15 cluster; ${DURATION_S} s; autocannon streams side by side at the stated rates (total ${Object.values(RATES).reduce((a, b) => a + b, 0)} req/s), ${MEMBERS} logged-in members (a token per connection), RATE_LIMIT_PER_MINUTE raised, AUTH_* throttle at its defaults.`,
      '',
      table(
        [
          'stream',
          'rate',
          'requests',
          'achieved',
          'socket errors / timeouts',
          '5xx / 429 / other non-2xx',
          'p50',
          'p95 (reads: goal ≤ 300 ms)',
          'p99',
        ],
        rowsOut,
      ),
      '',
      `Errors in the load: ${pass(totalBad === 0)} ${totalBad}. API process: ${exited ? '❌ exited' : '✅ running'}.`,
      '',
      '#### The password-guess throttle under load',
      '',
      table(
        [
          'stream',
          'limit',
          'wrong passwords verified (401)',
          'refused unchecked (429)',
          'other answers',
          'held',
        ],
        [
          [
            '10 guesses at a time on one account, 10 addresses',
            `AUTH_ACCOUNT_MAX_FAILURES=${ACCOUNT_MAX} (lock 60 s)`,
            account.checked,
            account.refused,
            account.other.length ? [...new Set(account.other)].join(', ') : '—',
            pass(
              account.checked <= ACCOUNT_MAX && account.checked > 0 && account.other.length === 0,
            ),
          ],
          [
            'one address, a different account each time',
            `AUTH_IP_MAX_FAILURES=${IP_MAX} (lock 60 s)`,
            address.checked,
            address.refused,
            address.other.length ? [...new Set(address.other)].join(', ') : '—',
            pass(address.checked <= IP_MAX && address.checked > 0 && address.other.length === 0),
          ],
        ],
      ),
      '',
      'Within one lock of 60 s a guesser gets exactly the configured number of verified guesses; every further one is refused before the password is checked.',
    ].join('\n');
    writeQualitySection('drill-load', md);
    process.stdout.write(`${md}\n`);
  } finally {
    await api.stop();
    cluster.destroy();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
