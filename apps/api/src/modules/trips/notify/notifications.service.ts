import {
  notificationMatchLabel,
  tripNoticeText,
  type NotificationEvent,
  type TripEventWire,
} from '@munegu/shared';
import type { FastifyBaseLogger } from 'fastify';
import { afterCommit, type RunInTransaction, type Tx } from '../../../db/tx.js';
import type { DomainEventMap, EventEmitter } from '../../../events/domain-events.js';
import type { Clock } from '../../../lib/clock.js';
import type { AccountBudgets } from '../../../plugins/rate-limit/account-budgets.js';
import type { MailService } from '../../mail/mail.service.js';
import type { NotificationPusher } from '../../carpool/notifications.service.js';
import type { StopLinks } from '../../predictions/reminder.service.js';
import { tripMail } from './notify.mail.js';
import type { NotifyRepository } from './notify.repository.js';

export interface TripNotificationsDeps {
  repo: NotifyRepository;
  mail: Pick<MailService, 'enqueue'>;
  stopLinks: StopLinks;
  /** The live 'notification' event to every tab of the member (all instances). */
  pusher: NotificationPusher;
  /** carpoolNotified after each live event: push reaches the member's devices. */
  events: EventEmitter;
  clock: Clock;
  transaction: RunInTransaction;
  /** A schedule change reaches every registrant: budgeted per organiser and per trip. */
  budgets: Pick<AccountBudgets, 'take'>;
  publicUrl: string;
  associationName: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * The bell, live, push and mail side of coach trips (issue 30). Every notification is written
 * in the transaction of what it tells (a promotion, a cancellation, a reminder's claim, an
 * announcement; a moved kickoff in its own, after the match's change), with its mail in the outbox of that transaction (members who opted in);
 * the live event and the push follow once it has committed, so a rolled-back change tells
 * nobody anything.
 */
export function tripNotificationsService(deps: TripNotificationsDeps) {
  const { repo, clock } = deps;

  /** After the commit: the member's open tabs refetch their bell, push queues the devices. */
  async function deliver(sent: { userId: number; event: NotificationEvent }[]) {
    for (const { userId, event } of sent) {
      deps.pusher.notification(userId, event);
      await deps.events.emit('carpoolNotified', { userId, event });
    }
  }

  /**
   * Tells `recipients` about trip `tripId` inside `tx`: one DEPLACEMENT row each, a mail to
   * those who want the app's mails, the live event and push after the commit. Returns how
   * many rows were written (none when the trip is gone).
   */
  async function notify(
    tx: Tx,
    tripId: number,
    evenement: TripEventWire,
    recipients: number[],
    announcement?: string,
  ): Promise<number> {
    const trip = await repo.trip(tripId, tx);
    if (!trip || recipients.length === 0) return 0;
    const notice = {
      antenne: trip.antenna.name,
      depart_heure: trip.departureAt,
      depart_lieu: trip.departurePlace,
      retour_heure: trip.returnAt,
      coup_envoi: trip.match.kickoffAt,
    };
    const sentence = tripNoticeText(evenement, notice);
    const match = notificationMatchLabel({
      domicile: trip.match.homeClub.name,
      exterieur: trip.match.awayClub.name,
      date: trip.match.kickoffAt,
    });
    const link =
      evenement === 'ANNONCE' && trip.group
        ? {
            label: 'Lire l’annonce',
            url: `${deps.publicUrl}/messages/groupes/${trip.group.id}`,
          }
        : { label: 'Voir le déplacement', url: `${deps.publicUrl}/` };
    const now = clock.now();
    const sent: { userId: number; event: NotificationEvent }[] = [];
    for (const userId of new Set(recipients)) {
      const member = await repo.memberForMail(tx, userId);
      if (!member || member.status !== 'ACTIVE') continue;
      const mailed = member.appMailOptIn;
      if (mailed) {
        const stop = await deps.stopLinks.link(member.id, 'application', tx);
        const content = tripMail({
          pseudo: member.username,
          sentence,
          match,
          announcement,
          link,
          stop,
          associationName: deps.associationName,
        });
        await deps.mail.enqueue({ to: member.email, ...content, kind: 'trip-notification' }, tx);
      }
      const row = await repo.createNotification(tx, {
        recipientId: userId,
        tripId,
        matchId: trip.matchId,
        tripEvent: evenement,
        mailedAt: mailed ? now : null,
      });
      sent.push({ userId, event: { id: row.id, type: 'DEPLACEMENT', matchId: trip.matchId } });
    }
    const task = () =>
      void deliver(sent).catch((err: unknown) =>
        deps.log.error({ err, tripId }, 'trip notification not delivered live'),
      );
    // A transaction opened outside the app's runner has no commit hook: next tick then.
    if (!afterCommit(tx, task)) setImmediate(task);
    return sent.length;
  }

  return {
    notify,

    /**
     * tripRegistrationChanged, inside the registration's transaction: a member promoted from
     * the waiting list hears that a seat was freed; every registrant of a cancelled trip
     * (confirmed or waiting) hears it is cancelled.
     */
    /**
     * kickoffMoved, after the match's change committed: each trip of the match that still
     * runs tells its registrants (confirmed or waiting: the waiting may move up) and its
     * antenna's organisers the new kickoff, with the departure, or that its times no longer fit
     * and will change. One transaction, so either all of them hear it or none. Awaited by the
     * announcement (admin-matches/kickoff-announcer.ts), like carpool's reaction to it.
     */
    async kickoffMoved(matchId: number): Promise<number> {
      return deps.transaction(async (tx) => {
        let told = 0;
        for (const trip of await repo.runningTripsOf(tx, matchId)) {
          const recipients = [
            ...trip.registrations.map((r) => r.userId),
            ...trip.antenna.organizers.map((o) => o.userId),
          ];
          told += await notify(tx, trip.id, 'HORAIRE', recipients);
        }
        return told;
      });
    },

    /**
     * tripScheduleChanged, inside the update's transaction: every registrant (confirmed or
     * waiting) but the organiser who made the change hears the new departure and return. Each
     * such change mails them all, so it takes the organiser's budget and the trip's; a spent
     * budget refuses the update (429), which rolls back with the transaction.
     */
    async scheduleChanged({ tx, tripId, by }: DomainEventMap['tripScheduleChanged']) {
      const recipients = (await repo.registrantsOf(tx, tripId)).filter((id) => id !== by);
      if (recipients.length === 0) return;
      await deps.budgets.take('tripSchedule', String(by));
      await deps.budgets.take('tripSchedulePerTrip', String(tripId));
      await notify(tx, tripId, 'DEPART_MODIFIE', recipients);
    },

    async registrationChanged(change: DomainEventMap['tripRegistrationChanged']): Promise<void> {
      const { tx, tripId, userId, from, to, cause } = change;
      if (cause === 'promotion' && to === 'CONFIRME')
        await notify(tx, tripId, 'PLACE_LIBEREE', [userId]);
      else if (cause === 'annulation' && from !== null)
        await notify(tx, tripId, 'ANNULATION', [userId]);
    },
  };
}

export type TripNotificationsService = ReturnType<typeof tripNotificationsService>;
