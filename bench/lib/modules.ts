/**
 * The API's modules as app.ts wires them (their factories on the shared infrastructure), for
 * the benchmarks that call services directly instead of going through HTTP.
 */
import {
  adminMatchesModule,
  carpoolModule,
  emailTokensModule,
  loadConfig,
  matchesModule,
  messagesModule,
  moduleInfra,
  predictionsModule,
  reportsModule,
  type Clock,
  type Db,
} from '@munegu/api/public';

/**
 * The app's configuration from the environment (defaults for what is unset, so a benchmark
 * measures what production runs), with `overrides`; a fixed secret, so nothing is written to
 * DATA_DIR.
 */
export function benchConfig(overrides: Record<string, string> = {}) {
  return loadConfig({
    ...process.env,
    JWT_SECRET: 'bench-secret-never-used-for-real-logins',
    ...overrides,
  });
}

/** The infrastructure on `db`; close() ends it (the database stays the caller's). */
export function benchInfra(db: Db, clock: Clock, overrides: Record<string, string> = {}) {
  return moduleInfra({ config: benchConfig(overrides), db, clock });
}

/** The prediction game, its operators' side and messaging, wired as in app.ts. */
export async function gameModules(db: Db, clock: Clock) {
  const { infra, close } = await benchInfra(db, clock);
  const { matches } = matchesModule(infra);
  const { stopLinks } = emailTokensModule(infra);
  const game = predictionsModule(infra, { matches, stopLinks });
  return {
    predictions: game.predictions,
    scoring: game.scoring,
    adminMatches: adminMatchesModule(infra, game).adminMatches,
    messages: messagesModule(infra).messages,
    close,
  };
}

/** The carpool module and what it takes from the others, wired as in app.ts. */
export async function carpoolModules(db: Db, clock: Clock, overrides: Record<string, string> = {}) {
  const { infra, close } = await benchInfra(db, clock, overrides);
  const { matches } = matchesModule(infra);
  const { messages } = messagesModule(infra);
  const carpool = carpoolModule(infra, {
    stopLinks: emailTokensModule(infra).stopLinks,
    reports: reportsModule(infra).reports,
    currentSeason: (now) => matches.currentSeason(now),
    blocks: { blocked: (by, whom, tx) => messages.hasBlocked(by, whom, tx) },
  });
  return { carpool, close };
}
