import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/** What stands in the logged URL for a credential. */
export const REDACTED = '[redacted]';
/** A path parameter or query key whose value is a credential (`:token`, `?token=`...). */
const SECRET_NAME = /token|code|key|secret|signature|password|session|jwt|credential/i;
/**
 * A path segment or query value that may be a credential where no route says what it is
 * (unknown routes, the web app's pages): 16 characters or more, not only lowercase letters and
 * hyphens. The e-mailed tokens are 43 characters of base64url (lib/tokens.ts), the web app's
 * words (`new-password`, `stop-notif`) stay.
 */
const TOKEN_LIKE = (part: string) => part.length >= 16 && /[^a-z-]/.test(part);

const decode = (part: string) => {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
};

/** Segments of each route pattern holding a secret parameter; null: none (the usual case). */
const secretSegments = new Map<string, boolean[] | null>();
function secretsOf(pattern: string): boolean[] | null {
  let secrets = secretSegments.get(pattern);
  if (secrets === undefined) {
    const marks = pattern.split('/').map((s) => s.includes(':') && SECRET_NAME.test(s));
    secrets = marks.includes(true) ? marks : null;
    secretSegments.set(pattern, secrets);
  }
  return secrets;
}

function loggedPath(path: string, pattern: string | undefined): string {
  if (pattern === undefined) {
    // No route matched (404, the web app's pages): every token-like segment goes.
    return path
      .split('/')
      .map((s) => (TOKEN_LIKE(s) ? REDACTED : s))
      .join('/');
  }
  const secrets = secretsOf(pattern);
  if (!secrets) return path;
  const segments = path.split('/');
  // Segment by segment when the path lines up with its pattern, else the pattern itself.
  if (segments.length !== secrets.length) {
    return pattern
      .split('/')
      .map((s, i) => (secrets[i] ? REDACTED : s))
      .join('/');
  }
  return segments.map((s, i) => (secrets[i] ? REDACTED : s)).join('/');
}

function loggedQuery(query: string, matched: boolean): string {
  return query
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const key = eq === -1 ? part : part.slice(0, eq);
      if (TOKEN_LIKE(key)) return REDACTED;
      if (eq === -1) return part;
      if (SECRET_NAME.test(decode(key)) || (!matched && TOKEN_LIKE(part.slice(eq + 1))))
        return `${key}=${REDACTED}`;
      return part;
    })
    .join('&');
}

/**
 * The URL as logged: never a credential. The one-time tokens of e-mailed links travel in URLs
 * (`/api/users/confirm-delete/:token`, `/api/users/check-token?token=`, the web app's
 * `/new-password/<token>`...) and whoever reads the logs could use them. A matched route's
 * parameters named like a secret (`:token`) and query values under such a key become
 * `[redacted]`; the rest stays as sent (`/api/matchs/42?match_id=3`). Without a route to go by
 * (404, the web app's pages), token-like path segments and query values go as well.
 */
export function loggedUrl(request: FastifyRequest): string {
  const url = request.url;
  const pattern = request.routeOptions.url;
  const q = url.indexOf('?');
  if (q === -1 && pattern !== undefined && secretsOf(pattern) === null) return url;
  const path = loggedPath(q === -1 ? url : url.slice(0, q), pattern);
  return q === -1 ? path : `${path}?${loggedQuery(url.slice(q + 1), pattern !== undefined)}`;
}

/** Fastify's own `req` serialiser (lib/logger-pino.js), the URL through `loggedUrl`. */
const reqSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: loggedUrl(request),
  version: request.headers['accept-version'],
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket ? request.socket.remotePort : undefined,
});

/**
 * One log line per request, when it is answered: request id, method, URL, host and address
 * (`req`), status (`res`) and time in ms, at info. Fastify's own request logging (disabled in
 * app.ts) writes two lines per request, "incoming request" and "request completed", and each line
 * goes through the redaction and the serialisers; on a small read that was a tenth of the
 * API's time (bench/api.bench.ts). Errors keep their own lines (plugins/error-handler.ts).
 *
 * The line is written by a child of the app's logger (same stream, level and bindings)
 * WITHOUT the credential redaction: redaction walks every key of every line against the
 * wildcard paths (`*.password`...), about 4 µs per line, half of the line's cost, and this
 * line cannot hold a credential: its `req` serialiser keeps method, URL (tokens redacted,
 * `loggedUrl`), host and address only (no headers, no body), `res` the status only
 * (test/request-log.test.ts sends a token, a cookie and e-mailed links' tokens and looks for
 * them in the log). Every other line (errors, `request.log`) is still redacted, and carries no
 * URL. The request id is passed in the line rather than through `request.log`, so the bytes
 * are the ones `request.log.info` wrote.
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    const lines = app.log.child({}, { redact: [], serializers: { req: reqSerializer } });
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
