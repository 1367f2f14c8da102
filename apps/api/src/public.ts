/**
 * What code outside the API (bench/, tools/) may use, imported as `@munegu/api/public`
 * (package.json "exports"). Nothing else of apps/api/src is reachable from there, so the API
 * can reorganise its internals freely: only this list must keep working, and eslint refuses a
 * relative import of apps/api from bench/ or tools/.
 *
 * Benchmarks measure the app's own code paths, so they get the same factories app.ts wires
 * (repositories and services with their real SQL), not copies.
 */

import Fastify from 'fastify';
import type { Config } from './config/env.js';
import type { Db } from './db/client.js';
import { buildInfra } from './infra.js';
import type { Clock } from './lib/clock.js';

// Composition: the whole app in one process, configured like main.ts does.
export { buildApp, type App } from './app.js';
export { loadConfig, type Config } from './config/env.js';
export type { Infra } from './infra.js';

// Database: the one Prisma factory, its pg pool, migrations.
export { createDb, sqlOf, type Db } from './db/client.js';
export { migrate } from './db/migrate.js';

// Infrastructure the services take.
export { systemClock, type Clock } from './lib/clock.js';
export { tokenSigner } from './lib/tokens.js';

// Modules measured by the benchmarks (the read and write paths the docs/QUALITY.md figures
// quote), each from the factory app.ts calls, on the infrastructure below.
export { adminMatchesModule } from './modules/admin-matches/admin-matches.module.js';
export { carpoolModule } from './modules/carpool/carpool.module.js';
export { emailTokensModule } from './modules/email-tokens/email-tokens.module.js';
export { matchesModule } from './modules/matches/matches.module.js';
export { messagesModule } from './modules/messages/messages.module.js';
export { predictionsModule } from './modules/predictions/predictions.module.js';
export { reportsModule } from './modules/reports/reports.module.js';
// Repositories read one query at a time, to show where a service's time goes.
export { mapRepository } from './modules/carpool/map.repository.js';
export { predictionsRepository } from './modules/predictions/predictions.repository.js';
// What the benchmarks' hand-written SQL is compared with.
export { ACTIVE } from './modules/carpool/carpool.repository.js';
export type { SupporterRow } from './modules/carpool/map.repository.js';
export { FINISHED_MATCH_SHOWN_MS } from './modules/matches/matches.service.js';

/**
 * The shared infrastructure the module factories take (infra.ts), without serving HTTP and
 * without job workers, for benchmarks that call a module's services directly. `close` ends
 * what it started (not the database, which stays the caller's).
 */
export async function moduleInfra(deps: { config: Config; db: Db; clock?: Clock }) {
  const app = Fastify({ logger: false });
  const infra = await buildInfra(app, { ...deps, databaseUrl: '', jobs: false });
  return {
    infra,
    close: async () => {
      await app.close();
      await infra.io.close();
    },
  };
}

// Reference data and the demo accounts, so generated data matches what the seed writes.
export { DEMO_ACCOUNTS } from './seed/demo.js';
export { DEPARTMENTS } from './seed/departments.js';
export { ANTENNAS, CARPOOL_STATUSES, TRANSPORT_TYPES } from './seed/reference.js';
