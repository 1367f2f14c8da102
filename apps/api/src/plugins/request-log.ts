import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
