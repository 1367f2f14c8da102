import { hasRole, TRIP_TEXTS as T, type GroupMessage, type Role } from '@munegu/shared';
import type { RunInTransaction } from '../../../db/tx.js';
import { AppError } from '../../../lib/errors.js';
import type { AccountBudgets } from '../../../plugins/rate-limit/account-budgets.js';
import type { GroupsService } from '../../messages/groups.service.js';
import type { TripNotificationsService } from './notifications.service.js';
import type { NotifyRepository } from './notify.repository.js';

export interface AnnouncementsDeps {
  repo: NotifyRepository;
  /** Messaging stores the announcement in the trip's thread and sends it live. */
  groups: Pick<GroupsService, 'announce'>;
  notifications: Pick<TripNotificationsService, 'notify'>;
  transaction: RunInTransaction;
  budgets: AccountBudgets;
}

/**
 * POST /deplacements/{id}/annonces (issue 30): an organiser of the trip's antenna, or a
 * MODERATEUR or ADMIN, posts in the trip's thread; the confirmed registrants also get it as a
 * notification (bell, live, push, mail per their settings). One transaction: the message and
 * the notifications commit together.
 */
export function announcementsService(deps: AnnouncementsDeps) {
  const { repo } = deps;
  return {
    async announce(
      caller: { id: number; role: Role },
      tripId: number,
      content: string,
    ): Promise<GroupMessage> {
      const trip = await repo.trip(tripId);
      if (!trip) throw new AppError('NOT_FOUND', T.notFound);
      const allowed =
        hasRole(caller.role, 'MODERATEUR') || (await repo.isOrganizer(trip.antennaId, caller.id));
      if (!allowed) throw new AppError('FORBIDDEN', T.notOrganizer);
      if (trip.status === 'ANNULE') throw new AppError('CONFLICT', T.tripCancelled);
      // Each announcement mails every confirmed registrant: counted per organiser, and per
      // trip so that an antenna's several organisers together cannot flood its registrants.
      await deps.budgets.take('tripAnnouncement', String(caller.id));
      await deps.budgets.take('tripAnnouncementPerTrip', String(tripId));
      return deps.transaction(async (tx) => {
        const message = await deps.groups.announce(tx, {
          tripId,
          matchId: trip.matchId,
          antennaId: trip.antennaId,
          senderId: caller.id,
          content,
        });
        const recipients = (await repo.registrantsOf(tx, tripId, 'CONFIRME')).filter(
          (id) => id !== caller.id,
        );
        await deps.notifications.notify(tx, tripId, 'ANNONCE', recipients, content);
        return message;
      });
    },
  };
}

export type AnnouncementsService = ReturnType<typeof announcementsService>;
