/**
 * What code outside the API (bench/, tools/) may use, imported as `@munegu/api/public`
 * (package.json "exports"). Nothing else of apps/api/src is reachable from there, so the API
 * can reorganise its internals freely: only this list must keep working, and eslint refuses a
 * relative import of apps/api from bench/ or tools/.
 *
 * Benchmarks measure the app's own code paths, so they get the same factories app.ts wires
 * (repositories and services with their real SQL), not copies.
 */

// Composition: the whole app in one process, configured like main.ts does.
export { buildApp, type App } from './app.js';
export { loadConfig, type Config } from './config/env.js';

// Database: the one Prisma factory, its pg pool, migrations, transactions.
export { createDb, sqlOf, type Db } from './db/client.js';
export { migrate } from './db/migrate.js';
export { transactionRunner } from './db/tx.js';

// Infrastructure the services take.
export { systemClock, type Clock } from './lib/clock.js';
export { tokenSigner } from './lib/tokens.js';

// Modules measured by the benchmarks (the read and write paths the docs/QUALITY.md figures quote).
export { adminMatchesRepository } from './modules/admin-matches/admin-matches.repository.js';
export { adminMatchesService } from './modules/admin-matches/admin-matches.service.js';
export { ACTIVE, carpoolRepository } from './modules/carpool/carpool.repository.js';
export { DEFAULT_DETOUR_RULE } from './modules/carpool/geo/detour.js';
export { mapRepository } from './modules/carpool/map.repository.js';
export { mapService } from './modules/carpool/map.service.js';
export { matchesRepository } from './modules/matches/matches.repository.js';
export { FINISHED_MATCH_SHOWN_MS, matchesService } from './modules/matches/matches.service.js';
export { messagesRepository } from './modules/messages/messages.repository.js';
export { messagesService } from './modules/messages/messages.service.js';
export { predictionsRepository } from './modules/predictions/predictions.repository.js';
export { predictionsService } from './modules/predictions/predictions.service.js';
export { rankingRepository } from './modules/predictions/ranking.repository.js';
export { scoringService } from './modules/predictions/scoring.service.js';

// Reference data and the demo accounts, so generated data matches what the seed writes.
export { DEMO_ACCOUNTS } from './seed/demo.js';
export { DEPARTMENTS } from './seed/departments.js';
export { ANTENNAS, CARPOOL_STATUSES, TRANSPORT_TYPES } from './seed/reference.js';
