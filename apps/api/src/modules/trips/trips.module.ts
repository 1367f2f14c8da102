import { BURST_WAIT_MS, transactionRunner } from '../../db/tx.js';
import type { Infra } from '../../infra.js';
import { realtimeTripNotifier } from '../../realtime/socket-server.js';
import type { ApiRoutes } from '../module.js';
import { tripAccess } from './access.js';
import { organizersService } from './organizers.service.js';
import { registrantsService } from './registrants.service.js';
import { registrationsService } from './registrations.service.js';
import { tripsRepository } from './trips.repository.js';
import { tripsRoutes } from './trips.routes.js';
import { tripsService } from './trips.service.js';

/**
 * Coach trips (issue 30): organisers, trips, registrations with their waiting list, the
 * organisers' tools. Reacts to a withdrawn presence (the member leaves the match's coach)
 * and to a deleted account (it leaves the coaches not gone yet).
 * Its notifications, reminder and announcements live in trips/notify/.
 */

export function tripsModule({ db, clock, events, io, log, budgets }: Infra) {
  const repo = tripsRepository(db);
  const transaction = transactionRunner(db, { maxWaitMs: BURST_WAIT_MS });
  const access = tripAccess(repo);
  const registrations = registrationsService({
    repo,
    transaction,
    clock,
    events,
    notifier: realtimeTripNotifier(io),
    budgets,
    log,
  });
  const trips = tripsService({ repo, access, registrations, transaction, clock, events });
  const services = {
    trips,
    registrations,
    registrants: registrantsService({ repo, trips }),
    organizers: organizersService({ repo, transaction, events }),
  };
  events.on('presenceWithdrawn', (change) => registrations.presenceWithdrawn(change));
  events.on('memberRemoved', (removal) => registrations.memberRemoved(removal));
  const routes: ApiRoutes = (api) => api.register(tripsRoutes, services);
  return { ...services, access, routes };
}
