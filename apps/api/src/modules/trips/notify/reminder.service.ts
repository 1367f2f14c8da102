import type { RunInTransaction } from '../../../db/tx.js';
import type { Clock } from '../../../lib/clock.js';
import { parisDay, parisDayStart } from '../../../lib/paris-time.js';
import type { TripNotificationsService } from './notifications.service.js';
import type { NotifyRepository } from './notify.repository.js';

export interface TripReminderDeps {
  repo: NotifyRepository;
  notifications: Pick<TripNotificationsService, 'notify'>;
  transaction: RunInTransaction;
  clock: Clock;
}

/**
 * The day-before reminder (issue 30): every trip not cancelled that departs on the next Paris
 * day, whatever the hour, tells its confirmed registrants the time and place. Each trip is
 * claimed (trips.reminder_sent_at) in the transaction that writes its notifications and mails,
 * so a crash sends nothing and a second run or instance sends nothing more.
 */
export function tripReminderService({ repo, notifications, transaction, clock }: TripReminderDeps) {
  return {
    /** Returns how many trips were reminded and how many members were told. */
    async sendDue(): Promise<{ trips: number; members: number }> {
      const now = clock.now();
      const today = parisDay(now);
      const from = parisDayStart(today, 1);
      const to = parisDayStart(today, 2);
      let trips = 0;
      let members = 0;
      for (;;) {
        const told = await transaction(async (tx) => {
          const tripId = await repo.claimReminder(tx, from, to, now);
          if (tripId === null) return null;
          return notifications.notify(
            tx,
            tripId,
            'RAPPEL',
            await repo.registrantsOf(tx, tripId, 'CONFIRME'),
          );
        });
        if (told === null) break;
        trips += 1;
        members += told;
      }
      return { trips, members };
    },
  };
}

export type TripReminderService = ReturnType<typeof tripReminderService>;
