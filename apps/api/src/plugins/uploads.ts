import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** One file and a few fields per upload; each route caps the file's bytes itself. */
const LIMITS = { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, parts: 12 };

/**
 * Multipart bodies (file uploads) for the route module that calls it, before its routes, and
 * only there: @fastify/multipart hangs two async hooks on every request of the scope it is
 * registered in (a 'close' listener and the clean-up of the temporary files of its disk mode,
 * which the app does not use), i.e. two promises and a listener per request of every route,
 * the health probe included (bench/api.bench.ts). Elsewhere a multipart body is refused 415,
 * like any other body type no route reads.
 */
export async function acceptUploads(app: Pick<FastifyInstance, 'register'>) {
  await app.register(multipart, { limits: LIMITS });
}
