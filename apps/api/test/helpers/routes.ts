import type { FastifyInstance } from 'fastify';

/**
 * Every route the API serves, as 'METHOD /path' keys without the /api prefix (the shared
 * endpoint tables' spelling), read from Fastify's own route table: the security matrices
 * compare their rows with it, so a new route without a row fails them. The docs, HEAD and
 * OPTIONS routes are the framework's.
 */
export function apiRouteKeys(app: Pick<FastifyInstance, 'routeTable'>): string[] {
  return [
    ...new Set(
      app.routeTable
        .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
        .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
        .map((r) => `${r.method} ${r.url.slice('/api'.length)}`),
    ),
  ].sort();
}
