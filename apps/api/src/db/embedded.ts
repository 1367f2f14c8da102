import { mkdirSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket';
import { EmbeddedSession } from './embedded-session.js';

export interface EmbeddedDatabase {
  /** postgres:// URL of the local socket server (sslmode=disable). */
  url: string;
  stop(): Promise<void>;
}

/** Connections at once: the API's pool, pg-boss's, the Prisma CLI's, with room to spare. */
const MAX_CONNECTIONS = 20;

/**
 * PostgreSQL compiled to WebAssembly, persisted in `dir`, served on 127.0.0.1 at a free port
 * so Prisma, the Prisma CLI and pg-boss reach it with ordinary connection strings.
 *
 * pglite-socket's handler speaks the wire protocol for each connection; the order in which
 * the connections take PGlite's one session is ours (embedded-session.ts says why), which is
 * why this builds its own server instead of pglite-socket's PGLiteSocketServer.
 */
export async function startEmbeddedDatabase(dir?: string): Promise<EmbeddedDatabase> {
  // No directory: in memory (the embedded test tier).
  if (dir) mkdirSync(dir, { recursive: true });
  const db = dir ? await PGlite.create(dir) : await PGlite.create();
  const session = new EmbeddedSession(db);
  const handlers = new Set<PGLiteSocketHandler>();

  const attach = (socket: Socket) => {
    const handler = new PGLiteSocketHandler({
      // The handler's option is typed with pglite-socket's own (unexported) queue class;
      // EmbeddedSession has the same public methods.
      queryQueue: session as unknown as PGLiteSocketHandlerOptions['queryQueue'],
      closeOnDetach: true,
    });
    handlers.add(handler);
    const forget = () => handlers.delete(handler);
    handler.addEventListener('close', forget);
    handler.addEventListener('error', forget);
    handler.attach(socket).catch(() => {
      forget();
      socket.destroy();
    });
  };

  const server = createServer(attach);
  server.maxConnections = MAX_CONNECTIONS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    async stop() {
      await Promise.all([...handlers].map((h) => h.detach(true)));
      handlers.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
