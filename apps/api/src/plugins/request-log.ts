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
 * One log line per request, when it is answered: request id, method, URL, host and address
 * (`req`), status (`res`) and time in ms, at info. Fastify's own request logging (disabled in
 * app.ts) writes two lines per request, "incoming request" and "request completed", and each line
 * goes through the redaction and the serialisers; on a small read that was a tenth of the
 * API's time (bench/api.bench.ts). Errors keep their own lines (plugins/error-handler.ts).
 *
 * The line is written by a child of the app's logger (same stream, level, serialisers and
 * bindings) WITHOUT the credential redaction: redaction walks every key of every line against
 * the wildcard paths (`*.password`...), about 4 µs per line, half of the line's cost, and this
 * line cannot hold a credential: Fastify's `req` serialiser keeps method, URL, host and address
 * only (no headers, no body), `res` the status only (test/request-log.test.ts sends a token and
 * a cookie and looks for them in the log). Every other line (errors, `request.log`) is still
 * redacted. The request id is passed in the line rather than through `request.log`, so the
 * bytes are the ones `request.log.info` wrote.
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    const lines = app.log.child({}, { redact: [] });
    app.addHook('onResponse', (request, reply, done) => {
      lines.info(
        { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
      done();
    });
  },
  { name: 'request-log' },
);
