import type { FastifyInstance } from 'fastify';

/*
 * The shape every module factory follows (`<module>/<module>.module.ts`):
 *
 *   export function fooModule(infra: Infra, needs: { bar: BarService }) {
 *     const repo = fooRepository(infra.db);            // its repositories, built here only
 *     const foo = fooService({ repo, ... });           // its services
 *     infra.events.on('somethingHappened', ...);       // its reactions to other modules
 *     return { foo, routes };                          // services for others, its routes
 *   }
 *
 * app.ts builds the infrastructure, calls the factories in dependency order and registers
 * each module's routes in the /api scope.
 */

/** Registers a module's routes in the /api scope (rate limits, no-store, JSON 404 apply). */
export type ApiRoutes = (api: FastifyInstance) => PromiseLike<unknown>;
