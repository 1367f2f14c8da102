/**
 * What the realtime benchmark (bench/realtime.bench.ts) and the instances drill
 * (bench/drills/instances.drill.ts) share: the API built and started as the image runs it
 * (`node apps/api/dist/main.js`, production mode, a scratch database), access tokens signed by the app's own signer, and socket.io clients
 * opened the way the web page opens them (lib/socket.ts: websocket only, the token read at each
 * (re)connection).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClientToServerEvents, ServerToClientEvents } from '@munegu/shared';
import { io, type Socket } from 'socket.io-client';
import { tokenSigner } from '@munegu/api/public';
import type { Member } from '@munegu/tools/members';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API_DIR = path.join(REPO, 'apps/api');

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** One secret per run: the API processes verify what `tokens` signs here. */
export const JWT_SECRET = randomBytes(36).toString('base64url');
const signer = tokenSigner(JWT_SECRET);

export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Builds apps/api/dist (tsdown, under a second) so the run measures the current sources. */
export function buildApi(): void {
  const r = spawnSync(path.join(API_DIR, 'node_modules/.bin/tsdown'), [], {
    cwd: API_DIR,
    stdio: 'pipe',
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`build de l'API impossible :\n${r.stdout}\n${r.stderr}`);
}

export interface ApiProcess {
  url: string;
  port: number;
  proc: ChildProcess;
  /** Ends the process (SIGTERM, or SIGKILL for the drill) and waits for its exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface ApiOptions {
  port: number;
  databaseUrl: string;
  adapter: 'memory' | 'postgres' | 'redis';
  /** Redis key/channel prefix of this run (REDIS_PREFIX), apart from everyone else's. */
  redisPrefix: string;
  /** Node options before the script, e.g. `--cpu-prof` (the profile is written at exit). */
  nodeArgs?: string[];
}

/**
 * `node apps/api/dist/main.js` with the limits of a load run raised through configuration
 * (RATE_LIMIT_PER_MINUTE, SOCKET_EVENTS_PER_10S, SOCKET_MESSAGES_PER_10S). REDIS_URL is always set, so request counters
 * live in Redis whatever the socket adapter: the setups differ only by the adapter.
 */
export async function startApi(opts: ApiOptions): Promise<ApiProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'munegu-rt-'));
  const url = `http://127.0.0.1:${opts.port}`;
  const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), 'apps/api/dist/main.js'], {
    cwd: REPO,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      PUBLIC_URL: url,
      DATABASE_URL: opts.databaseUrl,
      JWT_SECRET,
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      REDIS_URL,
      REDIS_PREFIX: opts.redisPrefix,
      REALTIME_ADAPTER: opts.adapter,
      RATE_LIMIT_PER_MINUTE: '1000000',
      SOCKET_EVENTS_PER_10S: '100000',
      SOCKET_MESSAGES_PER_10S: '100000',
    },
  });
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`l'API (${url}) s'est arrêtée :\n${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`l'API (${url}) ne répond pas :\n${stderr}`);
    await sleep(200);
  }
  return {
    url,
    port: opts.port,
    proc,
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fresh access token of `m` (15-minute lifetime; re-signed after 10 minutes). */
const tokens = new Map<number, { token: string; at: number }>();
export async function tokenOf(m: Member): Promise<string> {
  const cached = tokens.get(m.id);
  if (cached && Date.now() - cached.at < 10 * 60_000) return cached.token;
  const token = await signer.sign({ sub: m.id, role: 'UTILISATEUR', sid: m.familyId }, new Date());
  tokens.set(m.id, { token, at: Date.now() });
  return token;
}

/**
 * A socket.io client as the web page opens it (apps/web/src/lib/socket.ts): websocket only,
 * the token read at every (re)connection, socket.io's default reconnection. Resolves once
 * connected. `onHandshake` is told of every handshake (the first and each reconnection).
 */
export function openClient(url: string, m: Member, onHandshake?: () => void): Promise<Client> {
  const socket: Client = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: (cb) => {
      onHandshake?.();
      void tokenOf(m).then((token) => cb({ token }));
    },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.disconnect();
      reject(err);
    });
  });
}

/** Opens `members`' clients `batch` at a time (each handshake is authenticated). */
export async function openClients(
  urlOf: (i: number) => string,
  members: Member[],
  batch = 50,
): Promise<Client[]> {
  const out: Client[] = [];
  for (let i = 0; i < members.length; i += batch) {
    out.push(
      ...(await Promise.all(
        members.slice(i, i + batch).map((m, j) => openClient(urlOf(i + j), m)),
      )),
    );
  }
  return out;
}

/** POST /api/messages/send as `from`; the stored message's id, or the failed status. */
export async function sendMessage(
  url: string,
  from: Member,
  toUserId: number,
  content: string,
): Promise<{ status: number; id: number | null }> {
  const res = await fetch(`${url}/api/messages/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await tokenOf(from)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ toUserId, content }),
  });
  const body = (await res.json().catch(() => null)) as { message?: { id?: number } } | null;
  return { status: res.status, id: res.ok ? (body?.message?.id ?? null) : null };
}

/**
 * 'sendMessage' on `from`'s open socket, as the web page sends while connected
 * (apps/web/src/features/messages/api.ts); the stored message's id, or the refused status.
 */
export async function sendOverSocket(
  from: Client,
  toUserId: number,
  content: string,
): Promise<{ status: number; id: number | null }> {
  const answer = await from.timeout(10_000).emitWithAck('sendMessage', { toUserId, content });
  return 'status' in answer
    ? { status: answer.status, id: null }
    : { status: 200, id: answer.message.id };
}
