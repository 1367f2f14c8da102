import {
  endpoints,
  errorBodySchema,
  methodOf,
  pathOf,
  type EndpointKey,
  type Endpoints,
} from '@munegu/shared';
import type { z } from 'zod';

type Spec<K extends EndpointKey> = Endpoints[K];

/** The Fastify schema parts an endpoint of the shared table fixes: params, query, body, success. */
type IoSchema<K extends EndpointKey> = (Spec<K> extends { params: infer P }
  ? { params: P }
  : object) &
  (Spec<K> extends { query: infer Q } ? { querystring: Q } : object) &
  (Spec<K> extends { body: infer B } ? { body: B } : object);

type SuccessStatus<K extends EndpointKey> =
  Spec<K> extends { status: infer S extends number } ? S : 200;
type Success<K extends EndpointKey> = Spec<K>['response'] extends z.ZodType
  ? { [S in SuccessStatus<K>]: Spec<K>['response'] }
  : object;

export interface RouteDoc<E> {
  tags: string[];
  summary?: string;
  /** Error bodies this route may answer with (OpenAPI). */
  errors?: E;
  consumes?: string[];
  produces?: string[];
}

/**
 * A route's URL and schema from the shared endpoint table (packages/shared/src/endpoints):
 *
 *   app.route({
 *     ...endpoint('POST /messages/send', { tags, summary: 'Envoyer un message', errors }),
 *     onRequest: app.authenticate,
 *     handler: async (req) => …,   // req.body and the reply typed by the table's schemas
 *   });
 *
 * The handler's request and reply types then come from the same zod schemas the web client
 * calls with; test/endpoints.test.ts checks the API serves exactly the table.
 */
export function endpoint<
  K extends EndpointKey,
  E extends Record<number, z.ZodType> = Record<never, z.ZodType>,
>(key: K, doc: RouteDoc<E>) {
  const spec = endpoints[key] as {
    params?: z.ZodType;
    query?: z.ZodType;
    body?: z.ZodType;
    response: z.ZodType | null;
    status?: number;
  };
  return {
    method: methodOf(key),
    url: pathOf(key),
    schema: {
      tags: doc.tags,
      summary: doc.summary,
      ...(doc.consumes ? { consumes: doc.consumes } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      response: {
        ...(spec.response ? { [spec.status ?? 200]: spec.response } : {}),
        ...doc.errors,
      },
    } as unknown as IoSchema<K> & {
      tags: string[];
      summary?: string;
      consumes?: string[];
      produces?: string[];
      response: Success<K> & E;
    },
  };
}

/** The error answers most member routes document (OpenAPI): bad input, auth, missing, conflict. */
export const memberErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** memberErrors and 429, for the member routes that take an account budget. */
export const budgetedErrors = { ...memberErrors, 429: errorBodySchema };
