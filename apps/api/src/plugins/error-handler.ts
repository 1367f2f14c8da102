import { BAD_TEXT_MESSAGE, findUncleanText, type ErrorBody } from '@munegu/shared';
import type { FastifyError, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { FastifySchemaCompiler } from 'fastify/types/schema.js';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/errors.js';
import { AppError } from '../lib/errors.js';

const GENERIC_MESSAGE = 'Une erreur est survenue.';
export const UNAVAILABLE_MESSAGE =
  'Service momentanément indisponible, réessaie dans quelques instants.';
/** Seconds a client is told to wait when the database is unreachable (Retry-After). */
const UNAVAILABLE_RETRY_AFTER = 5;

interface ValidationItem {
  instancePath?: string;
  message?: string;
}

function validationBody(items: ValidationItem[], context: string | undefined): ErrorBody {
  const errors = items.map((item) => ({
    // '/email' → 'email'; body fields are the common case, other parts keep their prefix.
    path: [
      context && context !== 'body' ? context : '',
      (item.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
    ]
      .filter(Boolean)
      .join('.'),
    message: item.message ?? 'Valeur invalide.',
  }));
  return { message: errors[0]?.message ?? 'Requête invalide.', code: 'VALIDATION', errors };
}

/**
 * Wraps the zod validator of every route: before the route's own schema, any string of the
 * body, query or params holding NUL, another control character (tab and line breaks aside) or
 * a lone surrogate is a 400 at its path with one French message. PostgreSQL refuses U+0000 in
 * text, so such bytes must never reach a query, whatever a route's schema says.
 */
export function cleanInputValidator<S>(inner: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = inner(route);
    return (data: unknown) => {
      const path = findUncleanText(data);
      if (path === null) return validate(data);
      const issue: FastifySchemaValidationError = {
        keyword: 'text',
        instancePath: `/${path.join('/')}`,
        schemaPath: '#/text',
        params: {},
        message: BAD_TEXT_MESSAGE,
      };
      return { error: [issue] };
    };
  };
}

const json = (message: string, code: ErrorBody['code']) =>
  JSON.stringify({ message, code } satisfies ErrorBody);

/**
 * Errors Fastify meets before routing, in the one JSON format: a URL that cannot be decoded
 * (FST_ERR_BAD_URL) and the like go through `frameworkErrors`; what Node's HTTP parser refuses
 * on the raw socket (431 headers too large, 400 malformed request) through `clientErrorHandler`.
 */
export const preRoutingErrors: Pick<
  FastifyServerOptions,
  'frameworkErrors' | 'clientErrorHandler'
> = {
  frameworkErrors: (error, _request, reply) => {
    const notFound = error.code === 'FST_ERR_NOT_FOUND';
    // The option's reply type is generic over route schemas that do not exist this early;
    // only its plain status/type/send surface is used.
    const raw = reply as unknown as {
      code(status: number): { type(t: string): { send(body: string): void } };
    };
    raw
      .code(notFound ? 404 : 400)
      .type('application/json; charset=utf-8')
      .send(
        notFound
          ? json('Ressource introuvable.', 'NOT_FOUND')
          : json('Adresse de la requête invalide.', 'VALIDATION'),
      );
  },
  clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const body = tooLarge
      ? json('En-têtes de la requête trop volumineux.', 'VALIDATION')
      : json('Requête invalide.', 'VALIDATION');
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  },
};

/** What an error answers: its status, its body, and how loud it is in the log. */
export interface ErrorReply {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
  log: 'error' | 'warn' | 'info' | null;
}

/**
 * Maps every error to the client body in one place, for HTTP answers (the handler below) and
 * socket acknowledgements (realtime/socket-ack.ts): AppError → its status and message; schema
 * validation → 400 with the French messages of the shared schemas; 429 → ttl; the database
 * unreachable (restart, failover) → 503 with Retry-After, answered as soon as the driver fails
 * (DB_CONNECT_TIMEOUT_MS bounds the wait); anything else → a generic 500 that reveals nothing
 * (the error itself is logged).
 */
export function errorReply(error: FastifyError | AppError | Error): ErrorReply {
  if (error instanceof AppError) {
    const body: ErrorBody = { message: error.message, code: error.code };
    if (error.details) body.errors = error.details;
    if (error.ttl !== undefined) body.ttl = error.ttl;
    if (error.suspension) body.suspension = error.suspension;
    return { status: error.status, body, log: error.status >= 500 ? 'error' : null };
  }
  const e = error as FastifyError;
  if (e.validation) {
    return { status: 400, body: validationBody(e.validation, e.validationContext), log: null };
  }
  const status = e.statusCode ?? 500;
  if (status === 429) {
    // @fastify/rate-limit's errorResponseBuilder puts the wait on the error (seconds).
    const ttl = (error as FastifyError & { ttl?: number }).ttl ?? 60;
    return { status, body: { message: error.message, code: 'RATE_LIMITED', ttl }, log: null };
  }
  if (status === 413) {
    const message = 'Fichier ou requête trop volumineux.';
    return { status, body: { message, code: 'PAYLOAD_TOO_LARGE' }, log: null };
  }
  if (status === 415) {
    const message = 'Type de contenu non pris en charge.';
    return { status, body: { message, code: 'UNSUPPORTED_MEDIA' }, log: null };
  }
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, bad content length...): a neutral message.
    return { status, body: { message: 'Requête invalide.', code: 'VALIDATION' }, log: 'info' };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: { message: UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' },
      headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER) },
      log: 'warn',
    };
  }
  return { status: 500, body: { message: GENERIC_MESSAGE, code: 'INTERNAL' }, log: 'error' };
}

const LOG_LINE = {
  error: 'unexpected error',
  warn: 'database unavailable',
  info: 'client error',
} as const;

/** The HTTP side of `errorReply`. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const answer = errorReply(error);
      if (answer.log) {
        const line = error instanceof AppError ? 'application error' : LOG_LINE[answer.log];
        request.log[answer.log]({ err: error }, line);
      }
      if (answer.headers) reply.headers(answer.headers);
      return reply.status(answer.status).send(answer.body);
    });
  },
  { name: 'error-handler' },
);
