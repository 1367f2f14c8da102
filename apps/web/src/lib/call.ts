import { methodOf, pathOf, type EndpointKey, type Endpoints } from '@munegu/shared';
import type { z } from 'zod';
import { apiRequest, unwrap, type Aborted } from './api';
import { getToken } from './token';

/**
 * The typed side of the API client: every call names an endpoint of the shared table
 * (packages/shared/src/endpoints) by its key, and gets its params, query, body and answer
 * types from the same zod schemas the API validates with.
 */

type Spec<K extends EndpointKey> = Endpoints[K];
type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What a call of endpoint K takes: its path params, query, JSON body or upload, as typed by the table. */
export type CallArgs<K extends EndpointKey> = (Spec<K> extends { params: infer P }
  ? { params: Input<P> }
  : { params?: never }) &
  (Spec<K> extends { query: infer Q }
    ? object extends Input<Q>
      ? { query?: Input<Q> }
      : { query: Input<Q> }
    : { query?: never }) &
  (Spec<K> extends { body: infer B }
    ? { body: Input<B> }
    : Spec<K> extends { upload: true }
      ? { body: FormData }
      : { body?: never }) & { signal?: AbortSignal };

/** The JSON body endpoint K takes (for a function that forwards it). */
export type BodyOf<K extends EndpointKey> = CallArgs<K>['body'];

/** What endpoint K answers with on success (nothing for downloads and 204s). */
export type Result<K extends EndpointKey> = Spec<K>['response'] extends z.ZodType
  ? z.output<Spec<K>['response']>
  : unknown;

type ArgsTuple<K extends EndpointKey> =
  object extends CallArgs<K> ? [args?: CallArgs<K>] : [args: CallArgs<K>];

/** `/users/confirm-email/:token` + { token } → `/users/confirm-email/abc`, plus the query string. */
function urlFor(key: EndpointKey, params?: object, query?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const path = pathOf(key).replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(values[name])),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) search.set(name, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * One call of the shared endpoint table (packages/shared/src/endpoints), the only way
 * features reach the API: `call('POST /messages/send', { body: { toUserId, content } })`.
 * A wrong body, a missing param or a renamed response field fails the typecheck.
 */
export function call<K extends EndpointKey>(
  key: K,
  ...[args]: ArgsTuple<K>
): Promise<Result<K> | Aborted> {
  const a = (args ?? {}) as {
    params?: object;
    query?: object;
    body?: unknown;
    signal?: AbortSignal;
  };
  return apiRequest<Result<K>>(urlFor(key, a.params, a.query), {
    method: methodOf(key),
    body: a.body,
    signal: a.signal,
  });
}

/** `call` for calls that only make sense signed in: null without a token, no request made. */
export async function callIfAuthenticated<K extends EndpointKey>(
  key: K,
  ...args: ArgsTuple<K>
): Promise<Result<K> | null | Aborted> {
  if (!getToken()) return null;
  return call(key, ...args);
}

/** `call` for TanStack Query: `queryFn: query('GET /matchs/next')`; never resolves to ABORTED. */
export function query<K extends EndpointKey>(key: K, ...[args]: ArgsTuple<K>) {
  return async ({ signal }: { signal?: AbortSignal }): Promise<Result<K>> =>
    unwrap(await call(key, ...([{ ...args, signal }] as ArgsTuple<K>)));
}
