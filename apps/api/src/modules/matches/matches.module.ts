import type { Infra } from '../../infra.js';
import type { ApiRoutes } from '../module.js';
import { matchesRepository } from './matches.repository.js';
import { matchesRoutes } from './matches.routes.js';
import { matchesService } from './matches.service.js';

/** The read side of matches: calendar, next match, .ics, the home page's crests. */
export function matchesModule({ db, clock, site }: Infra) {
  const matches = matchesService({
    repo: matchesRepository(db),
    clock,
    uidDomain: new URL(site.publicUrl).hostname,
  });
  const routes: ApiRoutes = (api) => api.register(matchesRoutes, { matches });
  return { matches, routes };
}
