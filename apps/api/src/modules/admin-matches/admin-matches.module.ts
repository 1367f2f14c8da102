import type { RunInTransaction } from '../../db/tx.js';
import type { Infra } from '../../infra.js';
import type { ApiRoutes } from '../module.js';
import type { ScoringService } from '../predictions/scoring.service.js';
import { adminMatchesRepository } from './admin-matches.repository.js';
import { adminMatchesRoutes } from './admin-matches.routes.js';
import { adminMatchesService } from './admin-matches.service.js';
import { importService } from './import.service.js';

/** Operators: matches, scores (through the game's scoring), CSV/JSON import. */
export function adminMatchesModule(
  { db, clock, transaction, events }: Infra,
  needs: { scoring: ScoringService; scoringTransaction: RunInTransaction },
) {
  const repo = adminMatchesRepository(db);
  const adminMatches = adminMatchesService({
    repo,
    scoring: needs.scoring,
    transaction: needs.scoringTransaction,
    clock,
    events,
  });
  const imports = importService({ repo, transaction, events });
  const routes: ApiRoutes = (api) => api.register(adminMatchesRoutes, { adminMatches, imports });
  return { adminMatches, imports, routes };
}
