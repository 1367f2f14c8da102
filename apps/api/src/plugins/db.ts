import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Exposes the Prisma client given to buildApp; the app disconnects it when it closes. */
export const dbPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db }) => {
    app.decorate('db', opts.db);
    app.addHook('onClose', async () => {
      await opts.db.$disconnect();
    });
  },
  { name: 'db' },
);
