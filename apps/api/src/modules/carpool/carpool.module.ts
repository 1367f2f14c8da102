import { BURST_WAIT_MS, transactionRunner } from '../../db/tx.js';
import type { Infra } from '../../infra.js';
import { realtimeNotificationPusher } from '../../realtime/socket-server.js';
import type { ApiRoutes } from '../module.js';
import type { StopLinks } from '../predictions/reminder.service.js';
import type { ReportsService } from '../reports/reports.service.js';
import { carpoolRepository } from './carpool.repository.js';
import type { Blocks } from './blocks.js';
import { carpoolRoutes } from './carpool.routes.js';
import { mapRepository } from './map.repository.js';
import { mapService } from './map.service.js';
import { notificationsRepository } from './notifications.repository.js';
import { notificationsService } from './notifications.service.js';
import { presenceService } from './presence.service.js';
import { ratingsRepository } from './ratings.repository.js';
import { ratingsService } from './ratings.service.js';
import { relationsService } from './relations.service.js';
import { stadiumRepository } from './stadium.repository.js';
import { stadiumService } from './stadium.service.js';
import { withdrawalService } from './withdrawal.service.js';

/** What carpool takes from other modules. */
export interface CarpoolNeeds {
  stopLinks: StopLinks;
  /** A cancellation's report goes through the reports service. */
  reports: Pick<ReportsService, 'fromCarpool'>;
  currentSeason: (now: Date) => Promise<string | null>;
  /** Blocks set in messaging: a blocked member's carpool events reach nobody. */
  blocks: Blocks;
}

/**
 * Going to the match: the services of the carpool module and its routes. Reacts to a moved
 * kickoff (members told) and to a removed member (withdrawn from their upcoming carpools).
 */
export function carpoolModule(infra: Infra, needs: CarpoolNeeds) {
  const { db, clock, config, transaction, budgets, events } = infra;
  const repo = carpoolRepository(db);
  const ratingsRepo = ratingsRepository(db);
  // A driver's seats can be accepted by many at once, all on the driver's presence row, and
  // the presence form takes that row too: such writes wait their turn rather than failing.
  const queued = transactionRunner(db, { maxWaitMs: BURST_WAIT_MS });
  const notifications = notificationsService({
    repo: notificationsRepository(db),
    carpool: repo,
    mail: infra.mail,
    stopLinks: needs.stopLinks,
    pusher: realtimeNotificationPusher(infra.io),
    events,
    transaction,
    clock,
    ...infra.site,
    blocks: needs.blocks,
    mailWindowMs: config.carpoolMailWindowMs,
    log: infra.log,
  });
  const services = {
    notifications,
    presence: presenceService({
      repo,
      ratings: ratingsRepo,
      notifications,
      transaction: queued,
      clock,
      events,
    }),
    relations: relationsService({
      repo,
      notifications,
      reports: needs.reports,
      transaction: queued,
      clock,
      budgets,
      blocks: needs.blocks,
      events,
    }),
    map: mapService({
      repo: mapRepository(db),
      carpool: repo,
      detourRule: config.detourRule,
      listCap: config.carpoolListLimit,
      clock,
    }),
    ratings: ratingsService({ repo: ratingsRepo, transaction, budgets }),
    stadium: stadiumService({
      repo: stadiumRepository(db),
      clock,
      currentSeason: needs.currentSeason,
    }),
    withdrawal: withdrawalService({ repo, notifications, transaction, clock, events }),
  };
  events.on('tripRegistrationChanged', (change) =>
    services.presence.tripRegistrationChanged(change),
  );
  events.on('kickoffMoved', ({ matchId, kickoff }) => notifications.kickoffMoved(matchId, kickoff));
  events.on('memberRemoved', ({ userId, cause }) =>
    services.withdrawal.withdrawMember(userId, cause),
  );
  const routes: ApiRoutes = (api) => api.register(carpoolRoutes, services);
  return { ...services, routes };
}
