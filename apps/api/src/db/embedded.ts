import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedDatabase {
  /** postgres:// URL of the local socket server (sslmode=disable). */
  url: string;
  stop(): Promise<void>;
}

/**
 * PostgreSQL compiled to WebAssembly, persisted in `dir`, served on 127.0.0.1 at a free port
 * so Prisma, the Prisma CLI and pg-boss reach it with ordinary connection strings.
 * maxConnections: the server accepts a single connection by default and drops a second
 * pool's; it serialises every query onto PGlite's one session anyway.
 */
export async function startEmbeddedDatabase(dir?: string): Promise<EmbeddedDatabase> {
  // No directory: in memory (the embedded test tier).
  if (dir) mkdirSync(dir, { recursive: true });
  const db = dir ? await PGlite.create(dir) : await PGlite.create();
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 20 });
  await server.start();
  const url = `postgresql://postgres:postgres@${server.getServerConn()}/postgres?sslmode=disable`;
  return {
    url,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
