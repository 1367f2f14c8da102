import type { z } from 'zod';
import { idParamSchema, messageResponseSchema } from '../schemas/common.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API endpoint of spec section 7, keyed `'<METHOD> <path>'` with Fastify's `:param`
 * syntax. The API registers its route from it (path and schemas) and the web client calls it
 * by the same key, so a renamed field or a wrong body fails the typecheck on both sides.
 */
export interface EndpointSpec {
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body. */
  body?: z.ZodType;
  /** multipart/form-data upload (the file is read by the route, not by a schema). */
  upload?: true;
  /** The success body; null when the answer is not JSON (a file download, or 204). */
  response: z.ZodType | null;
  /** Success status (default 200). */
  status?: 200 | 201 | 204;
  /**
   * A write that reaches other members (a message, a carpool proposal or request, a report, a
   * rating, and the staff's words: a news item, a contest, a sanction's mailed reason): the API
   * refuses it with 403 to a silenced caller, whatever their role (apps/api/src/plugins/auth.ts).
   */
  reachesMembers?: true;
}

/** Keeps each entry's exact type while checking it is an endpoint. */
export const defineEndpoints = <const T extends Record<`${HttpMethod} /${string}`, EndpointSpec>>(
  table: T,
): T => table;

export function methodOf(key: string): HttpMethod {
  return key.slice(0, key.indexOf(' ')) as HttpMethod;
}

export function pathOf(key: string): string {
  return key.slice(key.indexOf(' ') + 1);
}

/**
 * The three writes of an editable list at `path`: create (201), replace and delete by id.
 * Each list (titles, antennas, categories, contests, matches) has the same three, so they are
 * written once; the read (`GET path`) stays beside them because its answer differs per list.
 * `reachesMembers` marks the create and the replace (what members read), not the delete.
 */
export function writeEndpoints<
  const P extends `/${string}`,
  I extends z.ZodType,
  R extends z.ZodType,
>(path: P, body: I, response: R, options: { reachesMembers?: true } = {}) {
  return {
    [`POST ${path}`]: { body, response, status: 201, ...options },
    [`PUT ${path}/:id`]: { params: idParamSchema, body, response, ...options },
    [`DELETE ${path}/:id`]: { params: idParamSchema, response: messageResponseSchema },
  } as Record<`POST ${P}`, { body: I; response: R; status: 201 }> &
    Record<`PUT ${P}/:id`, { params: typeof idParamSchema; body: I; response: R }> &
    Record<
      `DELETE ${P}/:id`,
      { params: typeof idParamSchema; response: typeof messageResponseSchema }
    >;
}
