import type { ErrorBody } from '@munegu/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';

const GENERIC_MESSAGE = 'Une erreur est survenue.';

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
 * Maps every error to the client body in one place: AppError → its status and message;
 * schema validation → 400 with the French messages of the shared schemas; 429 → ttl;
 * anything else → a generic 500 that reveals nothing (the error itself is logged).
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        const body: ErrorBody = { message: error.message, code: error.code };
        if (error.details) body.errors = error.details;
        if (error.status >= 500) request.log.error({ err: error }, 'application error');
        return reply.status(error.status).send(body);
      }
      if (error.validation) {
        return reply.status(400).send(validationBody(error.validation, error.validationContext));
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        // @fastify/rate-limit's errorResponseBuilder puts the wait on the error (seconds).
        const ttl = (error as FastifyError & { ttl?: number }).ttl ?? 60;
        return reply
          .status(429)
          .send({ message: error.message, code: 'RATE_LIMITED', ttl } satisfies ErrorBody);
      }
      if (status === 413) {
        return reply.status(413).send({
          message: 'Fichier ou requête trop volumineux.',
          code: 'PAYLOAD_TOO_LARGE',
        } satisfies ErrorBody);
      }
      if (status === 415) {
        return reply.status(415).send({
          message: 'Type de contenu non pris en charge.',
          code: 'UNSUPPORTED_MEDIA',
        } satisfies ErrorBody);
      }
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (malformed JSON, bad content length...): a neutral message.
        request.log.info({ err: error }, 'client error');
        return reply
          .status(status)
          .send({ message: 'Requête invalide.', code: 'VALIDATION' } satisfies ErrorBody);
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply
        .status(500)
        .send({ message: GENERIC_MESSAGE, code: 'INTERNAL' } satisfies ErrorBody);
    });
  },
  { name: 'error-handler' },
);
