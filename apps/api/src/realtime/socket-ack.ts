import type { SocketErrorAck } from '@munegu/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { cleanInputValidator, errorReply } from '../plugins/error-handler.js';

/**
 * What socket events with an acknowledgement share with HTTP routes: the payload goes through
 * the very validator of every route's body (control characters first, then the shared zod
 * schema), and an error becomes the HTTP answer's status and body, mapped by the one function
 * that maps them for HTTP (plugins/error-handler.ts).
 */

/** A payload refused by its schema, shaped like Fastify's body validation error. */
class InvalidPayload extends Error {
  readonly statusCode = 400;
  readonly validationContext = 'body';
  constructor(readonly validation: FastifySchemaValidationError[]) {
    super(validation[0]?.message ?? 'Requête invalide.');
  }
}

/** A parser for `schema` that throws what the HTTP route's validation would answer. */
export function payloadParser<S extends z.ZodType>(schema: S): (data: unknown) => z.output<S> {
  const validate = cleanInputValidator(validatorCompiler)({
    schema,
    method: 'SOCKET',
    url: '',
    httpPart: 'body',
  }) as (data: unknown) => { value?: unknown; error?: FastifySchemaValidationError[] | Error };
  return (data) => {
    const result = validate(data);
    if (result.error) {
      throw Array.isArray(result.error) ? new InvalidPayload(result.error) : result.error;
    }
    return result.value as z.output<S>;
  };
}

/** The acknowledgement of a failed event: the HTTP status and the body the route would send. */
export function errorAck(err: unknown, log: FastifyBaseLogger): SocketErrorAck {
  const error = err instanceof Error ? err : new Error(String(err));
  const answer = errorReply(error);
  if (answer.log) log[answer.log]({ err: error }, 'événement socket en erreur');
  return { status: answer.status, ...answer.body };
}
