/**
 * The baseline of the realtime benchmark, run in its own process by bench/realtime.bench.ts:
 * a bare `ws` server that, for each message a client sends, does one raw INSERT into a
 * messages-like table through `pg` and sends the stored row to every socket of the recipient
 * and of the sender (as the app pushes to both members' rooms). No authentication, no
 * validation, no rules: the least a stored-then-pushed message can cost.
 *
 * argv: <port> <database url>. Clients connect to ws://127.0.0.1:<port>/?user=<id> and send
 * {"to": <user id>, "content": "…"}. Prints "ready" once listening.
 */
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';

const [port, databaseUrl] = process.argv.slice(2);
// The same pool size as the app's (db/client.ts, max 10).
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
await pool.query(`CREATE TABLE IF NOT EXISTS baseline_messages (
  id serial PRIMARY KEY,
  sender_id int NOT NULL,
  receiver_id int NOT NULL,
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)`);

const byUser = new Map<number, Set<WebSocket>>();
const wss = new WebSocketServer({ port: Number(port), host: '127.0.0.1' });
wss.on('connection', (ws, req) => {
  const user = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('user'));
  if (!byUser.has(user)) byUser.set(user, new Set());
  byUser.get(user)!.add(ws);
  ws.on('close', () => byUser.get(user)?.delete(ws));
  ws.on('message', (data) => {
    const { to, content } = JSON.parse(String(data)) as { to: number; content: string };
    void pool
      .query<{ id: number; created_at: Date }>(
        `INSERT INTO baseline_messages (sender_id, receiver_id, content) VALUES ($1, $2, $3)
         RETURNING id, created_at`,
        [user, to, content],
      )
      .then(({ rows }) => {
        const out = JSON.stringify({
          id: rows[0]!.id,
          senderId: user,
          receiverId: to,
          content,
          createdAt: rows[0]!.created_at.toISOString(),
        });
        for (const id of new Set([to, user])) for (const s of byUser.get(id) ?? []) s.send(out);
      });
  });
});
wss.on('listening', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => {
  wss.close();
  void pool.end().then(() => process.exit(0));
});
