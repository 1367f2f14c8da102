import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';

/**
 * The production logger: JSON lines on standard output, credentials redacted. Written
 * asynchronously: lines logged while a write is under way leave together in the next one,
 * instead of one blocking write() per line, which was the largest single cost of a small
 * API read after the network itself (bench/api.bench.ts). pino flushes what is left when the
 * process exits. Should the reader of standard output stall, lines beyond 16 MiB waiting are
 * dropped rather than the memory growing without end (or every request blocking).
 *
 * `flushMs` (LOG_FLUSH_MS): lines are gathered into writes of 4 kB, and what is waiting is
 * written at least every `flushMs`. Even asynchronous, each write() still cost the event loop
 * a tenth of a small read's time under load (`writeString`, bench/api.bench.ts profile), and
 * one line per request meant one write per request. 0: each line leaves at once.
 */
export function loggerOptions(level: string, redact: string[], flushMs = 0) {
  return {
    level,
    redact,
    stream: pino.destination({
      dest: 1,
      sync: false,
      maxLength: 16 * 1024 * 1024,
      ...(flushMs > 0 ? { minLength: 4096, periodicFlush: flushMs } : {}),
    }),
  };
}

/**
 * One log line per request, when it is answered: method, URL, host and address (`req`),
 * status (`res`) and time in ms, at info. Fastify's own request logging (disabled in app.ts)
 * writes two lines per request, "incoming request" and "request completed", and each line
 * goes through the redaction and the serialisers; on a small read that was a tenth of the
 * API's time (bench/api.bench.ts). Errors keep their own lines (plugins/error-handler.ts).
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
      done();
    });
  },
  { name: 'request-log' },
);
