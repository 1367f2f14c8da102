import type { RunInTransaction } from '../../db/tx.js';
import type { Infra } from '../../infra.js';
import type { ApiRoutes } from '../module.js';
import type { ScoringService } from '../predictions/scoring.service.js';
import { adminMatchesRepository } from './admin-matches.repository.js';
import { adminMatchesRoutes } from './admin-matches.routes.js';
import { adminMatchesService } from './admin-matches.service.js';
import { importService } from './import.service.js';
import { kickoffAnnouncer } from './kickoff-announcer.js';

/**
 * Operators: matches, scores (through the game's scoring), CSV/JSON import, and the moved
 * kickoffs' announcements (held a few minutes, then made by the scheduled run).
 */
export function adminMatchesModule(
  { config, db, clock, transaction, events }: Infra,
  needs: { scoring: ScoringService; scoringTransaction: RunInTransaction },
) {
  const repo = adminMatchesRepository(db);
  const delayMs = config.kickoffAnnounceDelayMs;
  const kickoffs = kickoffAnnouncer({ repo, clock, events, delayMs });
  const adminMatches = adminMatchesService({
    repo,
    scoring: needs.scoring,
    transaction: needs.scoringTransaction,
    clock,
    kickoffs,
  });
  const imports = importService({ repo, transaction, kickoffs });
  const routes: ApiRoutes = (api) => api.register(adminMatchesRoutes, { adminMatches, imports });
  return { adminMatches, imports, kickoffs, routes };
}
