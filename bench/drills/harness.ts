/**
 * Shared parts of the load and fault drills: a PostgreSQL cluster of the drill's own (so it can
 * be stopped and restarted without touching the machine's shared server), the API started the
 * way the container image runs it (`node apps/api/dist/main.js`, NODE_ENV=production, demo data
 * seeded at start), and HTTP helpers that give each simulated member its own loopback address.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  createWriteStream,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { pg } from '../lib/pg.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PG_BIN = process.env.DRILL_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs a command as the postgres OS user when we are root (initdb refuses root). Asynchronous,
 * so the drill's simulated members keep sending (and their answers keep being timed) while
 * pg_ctl waits for the server to stop or start. Output goes to `logFile` when given: a
 * server started by pg_ctl inherits the command's stdout, and a pipe held open by it would
 * never end the command.
 */
function asPostgres(
  cmd: string,
  args: string[],
  logFile?: string,
): Promise<{ status: number | null; out: string }> {
  const root = process.getuid?.() === 0;
  const out: string[] = [];
  const fd = logFile ? openSync(logFile, 'a') : null;
  const child = spawn(
    root ? 'runuser' : cmd,
    root ? ['-u', 'postgres', '--', cmd, ...args] : args,
    {
      stdio: ['ignore', fd ?? 'pipe', fd ?? 'pipe'],
    },
  );
  child.stdout?.on('data', (c: Buffer) => void out.push(c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => void out.push(c.toString('utf8')));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      if (fd !== null) closeSync(fd);
      resolve({
        status,
        out: logFile
          ? readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n')
          : out.join(''),
      });
    });
  });
}

export interface Cluster {
  port: number;
  url: string;
  adminUrl: string;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: sessions are cut, the server is down until start(). */
  stop(): Promise<void>;
  restart(): Promise<void>;
  destroy(): Promise<void>;
}

/** initdb + pg_ctl start in a temporary directory, trust auth, on 127.0.0.1:`port`. */
export async function startCluster(port: number, dbName = 'munegu'): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), `munegu-drill-pg-${port}-`));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  const init = await asPostgres(path.join(PG_BIN, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  if (init.status !== 0) throw new Error(`initdb a échoué :\n${init.out}`);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100 -c shared_buffers=64MB`;
  const ctl = async (args: string[]) => {
    const r = await asPostgres(
      path.join(PG_BIN, 'pg_ctl'),
      ['-D', data, '-w', '-t', '60', ...args],
      // pg_ctl's own messages and, for start/restart, the server's log.
      path.join(dir, 'pg_ctl.log'),
    );
    if (r.status !== 0) throw new Error(`pg_ctl ${args[0]} a échoué :\n${r.out}`);
  };
  const cluster: Cluster = {
    port,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    url: `postgres://postgres@127.0.0.1:${port}/${dbName}`,
    start: () => ctl(['start', '-o', opts, '-l', log]),
    stop: () => ctl(['stop', '-m', 'fast']),
    restart: () => ctl(['restart', '-m', 'fast', '-o', opts, '-l', log]),
    destroy: async () => {
      try {
        if (existsSync(path.join(data, 'postmaster.pid'))) await ctl(['stop', '-m', 'immediate']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  await cluster.start();
  const c = spawnSync(
    path.join(PG_BIN, 'createdb'),
    ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', dbName],
    {
      encoding: 'utf8',
    },
  );
  if (c.status !== 0) throw new Error(`createdb a échoué : ${c.stderr}`);
  return cluster;
}

export interface Api {
  url: string;
  proc: ChildProcess;
  /** Exit code/signal once the process ended (null while it runs). */
  exited: () => { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Lines the process wrote (stdout + stderr), for the report when something goes wrong. */
  output: string[];
  stop(): Promise<void>;
}

/**
 * `node apps/api/dist/main.js` as in the container image. The request budgets are raised for
 * the load (RATE_LIMIT_*), never the password-guess throttle (AUTH_*), which the drills test.
 */
export async function startApi(opts: {
  port: number;
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<Api> {
  const main = path.join(ROOT, 'apps/api/dist/main.js');
  if (!existsSync(main)) throw new Error(`${main} absent : lancez d'abord « pnpm build ».`);
  const output: string[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'munegu-drill-data-'));
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const proc = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
      DATABASE_URL: opts.databaseUrl,
      JWT_SECRET: 'drill-secret-drill-secret-drill-secret-0123456789',
      DEMO_DATA: 'true',
      DATA_DIR: dataDir,
      // DRILL_API_LOG=<file>: every request's line (route, status, time) kept there, to find
      // which route a slow percentile comes from.
      LOG_LEVEL: process.env.DRILL_API_LOG ? 'info' : 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line) output.push(line);
    if (output.length > 2000) output.splice(0, output.length - 2000);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  if (process.env.DRILL_API_LOG) {
    const file = createWriteStream(`${process.env.DRILL_API_LOG}.${opts.port}`);
    proc.stdout!.pipe(file);
    // A crash's stack trace is written to stderr: keep it beside the request lines.
    proc.stderr!.pipe(file);
  }
  proc.on('exit', (code, signal) => (exit = { code, signal }));
  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exit)
      throw new Error(`L'API s'est arrêtée au démarrage :\n${output.slice(-30).join('\n')}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline)
      throw new Error(`L'API ne répond pas :\n${output.slice(-30).join('\n')}`);
    await sleep(250);
  }
  return {
    url,
    proc,
    output,
    exited: () => exit,
    stop: async () => {
      if (!exit) {
        const done = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await Promise.race([done, sleep(15_000)]);
        if (!exit) proc.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One loopback source address per simulated member: 127.0.0.<n> (n from 2 to 254), so the
 * API's per-address budgets and the password-guess throttle see distinct people.
 */
export function addressOf(n: number): string {
  return `127.0.0.${2 + (n % 253)}`;
}

export function agentFor(n: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: 4, localAddress: addressOf(n) });
}

export interface Answer {
  status: number;
  ms: number;
  body: unknown;
  /** The network error when there was no HTTP answer. */
  error?: string;
}

/** One request through `agent`; never throws (a socket error is an answer with status 0). */
export function call(
  agent: http.Agent,
  base: string,
  method: string,
  route: string,
  opts: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const t0 = performance.now();
  const payload = opts.body !== undefined ? JSON.stringify(opts.body) : undefined;
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${route}`,
      {
        method,
        agent,
        headers: {
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          origin: base,
        },
        timeout: opts.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, body });
        });
        res.on('error', (err) =>
          resolve({ status: 0, ms: performance.now() - t0, body: null, error: String(err) }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) =>
      resolve({ status: 0, ms: performance.now() - t0, body: null, error: String(err) }),
    );
    req.end(payload);
  });
}

/** A client of the drill's own database, for setting up accounts and checking invariants. */
export async function sql(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}
