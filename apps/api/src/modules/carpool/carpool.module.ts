import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { transactionRunner } from '../../db/tx.js';
import type { Clock } from '../../lib/clock.js';
import type { AccountBudgets } from '../../plugins/rate-limit/account-budgets.js';
import type { MailService } from '../mail/mail.service.js';
import type { StopLinks } from '../predictions/reminder.service.js';
import type { ReportsService } from '../reports/reports.service.js';
import { carpoolRepository } from './carpool.repository.js';
import type { Blocks } from './blocks.js';
import type { DetourRule } from './geo/detour.js';
import { mapRepository } from './map.repository.js';
import { mapService } from './map.service.js';
import { notificationsRepository } from './notifications.repository.js';
import { notificationsService, type NotificationPusher } from './notifications.service.js';
import { presenceService } from './presence.service.js';
import { ratingsRepository } from './ratings.repository.js';
import { ratingsService } from './ratings.service.js';
import { relationsService } from './relations.service.js';
import { stadiumRepository } from './stadium.repository.js';
import { stadiumService } from './stadium.service.js';
import { withdrawalService } from './withdrawal.service.js';

export interface CarpoolModuleDeps {
  db: Db;
  mail: Pick<MailService, 'enqueue'>;
  stopLinks: StopLinks;
  /** A cancellation's report goes through the reports service. */
  reports: Pick<ReportsService, 'fromCarpool'>;
  pusher: NotificationPusher;
  clock: Clock;
  publicUrl: string;
  associationName: string;
  detourRule: DetourRule;
  listCap: number;
  currentSeason: (now: Date) => Promise<string | null>;
  budgets: AccountBudgets;
  blocks: Blocks;
  /** One carpool mail per sender and recipient within this window. */
  mailWindowMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** Going to the match: the services of the carpool module, wired once (app.ts). */
export function carpoolServices(deps: CarpoolModuleDeps) {
  const { db, clock } = deps;
  const transaction = transactionRunner(db);
  const repo = carpoolRepository(db);
  const ratingsRepo = ratingsRepository(db);
  const notifications = notificationsService({
    repo: notificationsRepository(db),
    carpool: repo,
    mail: deps.mail,
    stopLinks: deps.stopLinks,
    pusher: deps.pusher,
    transaction,
    clock,
    publicUrl: deps.publicUrl,
    associationName: deps.associationName,
    blocks: deps.blocks,
    mailWindowMs: deps.mailWindowMs,
    log: deps.log,
  });
  return {
    notifications,
    presence: presenceService({ repo, ratings: ratingsRepo, notifications, transaction, clock }),
    relations: relationsService({
      repo,
      notifications,
      reports: deps.reports,
      transaction,
      clock,
      budgets: deps.budgets,
      blocks: deps.blocks,
    }),
    map: mapService({
      repo: mapRepository(db),
      carpool: repo,
      detourRule: deps.detourRule,
      listCap: deps.listCap,
      clock,
    }),
    ratings: ratingsService({ repo: ratingsRepo, transaction, budgets: deps.budgets }),
    stadium: stadiumService({
      repo: stadiumRepository(db),
      clock,
      currentSeason: deps.currentSeason,
    }),
    withdrawal: withdrawalService({ repo, notifications, transaction, clock }),
  };
}
