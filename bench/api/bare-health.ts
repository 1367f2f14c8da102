/**
 * Goal 1's baseline (`pnpm bench api` starts it in its own process): the least a health route
 * can do, a bare node:http server that runs `SELECT 1` through a pg pool of the app's size
 * (10) and answers with the bytes the app sends, headers included (BENCH_HEADERS, captured
 * from the app by the benchmark), so the two differ only in the work done per request.
 *
 * Env: PORT, DATABASE_URL, BENCH_BODY (the app's body), BENCH_HEADERS (JSON object).
 */
import http from 'node:http';
import { pg } from '../lib/pg.js';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => {});
const body = Buffer.from(process.env.BENCH_BODY ?? '');
const headers = {
  ...(JSON.parse(process.env.BENCH_HEADERS ?? '{}') as Record<string, string>),
  'content-length': String(body.length),
};

const server = http.createServer((req, res) => {
  if (req.method !== 'GET' || req.url !== '/api/health') {
    res.writeHead(404).end();
    return;
  }
  pool.query('SELECT 1').then(
    () => res.writeHead(200, headers).end(body),
    () => res.writeHead(503).end(),
  );
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
