import { transactionRunner } from '../../db/tx.js';
import type { Infra } from '../../infra.js';
import type { MatchesService } from '../matches/matches.service.js';
import type { ApiRoutes } from '../module.js';
import { miniLeaguesRepository } from './mini-leagues.repository.js';
import { miniLeaguesRoutes } from './mini-leagues.routes.js';
import { miniLeaguesService } from './mini-leagues.service.js';
import { predictionsRepository } from './predictions.repository.js';
import { predictionsRoutes } from './predictions.routes.js';
import { predictionsService, type Seasons } from './predictions.service.js';
import { rankingRepository } from './ranking.repository.js';
import { reminderRepository } from './reminder.repository.js';
import { reminderService, type StopLinks } from './reminder.service.js';
import { scoringService } from './scoring.service.js';

/** The prediction game: predictions, scoring and rankings, mini-leagues, reminder mails. */
export function predictionsModule(
  infra: Infra,
  needs: { matches: Pick<MatchesService, 'currentSeason'>; stopLinks: StopLinks },
) {
  const { db, clock, config, site, events } = infra;
  // The game counts the season the matches module calls current.
  const seasons: Seasons = { current: needs.matches.currentSeason };
  const predictions = predictionsService({ repo: predictionsRepository(db), seasons, clock });
  const scoring = scoringService({ ranking: rankingRepository(), seasons, clock });
  // Work that grows with the members has its own, longer time limit: a score entry rewrites
  // every member's total and rank, a match's reminder queues a mail for every opted-in member
  // (Prisma's 5 s default ran out at a few thousand members on the embedded database).
  const scoringTransaction = transactionRunner(db, {
    timeoutMs: config.scoringTransactionTimeoutMs,
  });
  const miniLeagues = miniLeaguesService({ repo: miniLeaguesRepository(db) });
  const reminders = reminderService({
    repo: reminderRepository(db),
    mail: infra.mail,
    stopLinks: needs.stopLinks,
    transaction: scoringTransaction,
    clock,
    ...site,
    events,
  });
  // Deleted accounts leave the rankings: the season is ranked again without them.
  events.on('accountsRemoved', () => scoringTransaction((tx) => scoring.rebuildSeason(tx)));
  const routes: ApiRoutes = async (api) => {
    await api.register(predictionsRoutes, { predictions });
    await api.register(miniLeaguesRoutes, { miniLeagues });
  };
  return { predictions, scoring, scoringTransaction, miniLeagues, reminders, routes };
}
