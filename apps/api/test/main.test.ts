// The start-up path itself (src/main.ts), as `npm start` and the container run it: with
// DATABASE_URL on a real PostgreSQL, and without it on the embedded database. Each run starts
// the real process, waits for /api/health, checks what was loaded, then sends SIGTERM and
// expects a clean exit.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NewMessageEvent } from '@munegu/shared';
import { randomUUID } from 'node:crypto';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/client.js';
import { hashToken, randomToken, tokenSigner } from '../src/lib/tokens.js';
import { createUser } from './helpers/factories.js';
import { adminQuery, databaseUrl, DEFAULT_TEST_PG_URL, uniqueName } from './helpers/database.js';

const adminUrl = process.env.TEST_PG_URL ?? DEFAULT_TEST_PG_URL;
const apiDir = path.resolve(import.meta.dirname, '..');
const toDrop: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function start(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'munegu-main-')),
      WEB_DIST: path.join(tmpdir(), 'munegu-no-web-build'),
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`main exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`no health answer in time:\n${output}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return { child, base, output: () => output };
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

afterAll(async () => {
  for (const name of toDrop)
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

describe('start command', () => {
  it('uses DATABASE_URL when given: migrates, loads reference data only, stops cleanly', async () => {
    const name = uniqueName('munegu_main');
    await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
    toDrop.push(name);
    const app = await start({ DATABASE_URL: databaseUrl(adminUrl, name) });

    const transports = (await (await fetch(`${app.base}/api/transport`)).json()) as unknown[];
    expect(transports).toHaveLength(6);
    // Demo data stays off on a real server unless DEMO_DATA=true.
    expect(await (await fetch(`${app.base}/api/matchs/next`)).json()).toEqual([]);
    expect(app.output()).not.toContain('Comptes de démonstration');
    expect(await stop(app.child)).toBe(0);
  });

  it('runs the embedded database without DATABASE_URL, with demo data and its accounts', async () => {
    const app = await start({});
    const matches = (await (await fetch(`${app.base}/api/matchs/next`)).json()) as {
      ordre: number;
    }[];
    expect(matches.length).toBeGreaterThan(0);
    expect(matches[0]!.ordre).toBe(1);
    expect(app.output()).toContain('Comptes de démonstration');
    expect(app.output()).toContain('admin@demo.munegu.local');
    expect(await stop(app.child)).toBe(0);
  });

  it('refuses a bad variable and names it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiDir,
      env: { ...process.env, PORT: 'pas-un-port', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT');
  });
});

describe('several API processes on one PostgreSQL', () => {
  it('delivers a message posted to one process to a socket on the other, and shares request budgets', async () => {
    const name = uniqueName('munegu_multi');
    await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
    toDrop.push(name);
    const url = databaseUrl(adminUrl, name);
    // Same secret for both processes, as replicas of one deployment share JWT_SECRET.
    const secret = randomUUID() + randomUUID();
    const env = {
      DATABASE_URL: url,
      JWT_SECRET: secret,
      REDIS_URL: '',
      RATE_LIMIT_CONTACT: '3/10m',
    };
    const first = await start(env);
    const second = await start(env);
    const db = createDb({ connectionString: url, max: 2 });
    try {
      const sender = await createUser(db);
      const receiver = await createUser(db);
      const signer = tokenSigner(secret);
      // Tokens must name a live login: one session row per signed token.
      const sign = async (u: { id: number; role: 'UTILISATEUR' }) => {
        const familyId = randomUUID();
        await db.session.create({
          data: {
            familyId,
            userId: u.id,
            tokenHash: hashToken(randomToken()),
            expiresAt: new Date(Date.now() + 86_400_000),
          },
        });
        return signer.sign({ sub: u.id, role: u.role, sid: familyId }, new Date());
      };

      const socket = connectSocket(second.base, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token: await sign({ id: receiver.id, role: 'UTILISATEUR' }) },
      });
      const got: NewMessageEvent[] = [];
      socket.on('newMessage', (event) => got.push(event));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      // The PostgreSQL adapter's LISTEN connection is set up asynchronously.
      await new Promise((r) => setTimeout(r, 1000));
      try {
        const res = await fetch(`${first.base}/api/messages/send`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${await sign({ id: sender.id, role: 'UTILISATEUR' })}`,
          },
          body: JSON.stringify({
            toUserId: receiver.id,
            content: 'Bonjour depuis l’autre processus',
          }),
        });
        expect(res.status, await res.clone().text()).toBe(200);
        const deadline = Date.now() + 3000;
        while (got.length === 0 && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 25));
        expect(got.map((e) => e.message.content)).toEqual(['Bonjour depuis l’autre processus']);
      } finally {
        socket.disconnect();
      }

      // One request budget for both processes (counters in PostgreSQL), as the operator set it.
      const contact = (base: string) =>
        fetch(`${base}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
      const statuses = [];
      for (const base of [first.base, second.base, first.base, second.base])
        statuses.push((await contact(base)).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
      const limited = (await (await contact(first.base)).json()) as { ttl: number };
      expect(limited.ttl).toBeGreaterThan(500);
    } finally {
      await db.$disconnect();
      expect(await stop(first.child)).toBe(0);
      expect(await stop(second.child)).toBe(0);
    }
  });
});
