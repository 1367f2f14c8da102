import type { TripEventWire } from '@munegu/shared';
import type { Db } from '../../../db/client.js';
import { matchNameSelect } from '../../../db/selects.js';
import type { Tx } from '../../../db/tx.js';

/**
 * What the trips' notifications read and write (issue 30): the trip a notification names,
 * its confirmed registrants, who a moved kickoff concerns, the organisers' right to announce, the DEPLACEMENT bell rows and
 * the reminder's claim. The only database access of trips/notify.
 */
export function notifyRepository(db: Db) {
  return {
    /** The trip as a notification names it: antenna, departure, match; null when gone. */
    trip: (tripId: number, tx?: Tx) =>
      (tx ?? db).trip.findUnique({
        where: { id: tripId },
        select: {
          id: true,
          matchId: true,
          antennaId: true,
          status: true,
          departureAt: true,
          departurePlace: true,
          returnAt: true,
          antenna: { select: { name: true } },
          group: { select: { id: true } },
          match: { select: matchNameSelect },
        },
      }),

    /** A DEPLACEMENT bell row; matchId set so the bell names the match as for the others. */
    createNotification: (
      tx: Tx,
      data: {
        recipientId: number;
        tripId: number;
        matchId: number;
        tripEvent: TripEventWire;
        mailedAt: Date | null;
      },
    ) => tx.notification.create({ data: { ...data, type: 'DEPLACEMENT' }, select: { id: true } }),

    /** Where a member's mail goes, and whether they want the app's mails. */
    memberForMail: (tx: Tx, userId: number) =>
      tx.user.findUnique({
        where: { id: userId },
        select: { id: true, email: true, username: true, status: true, appMailOptIn: true },
      }),

    /**
     * The match's trips that still run (not cancelled), each with whom a moved kickoff
     * concerns: every registrant (confirmed or waiting, in registration order) and the
     * antenna's organisers.
     */
    runningTripsOf: (tx: Tx, matchId: number) =>
      tx.trip.findMany({
        where: { matchId, status: { not: 'ANNULE' } },
        orderBy: { id: 'asc' },
        select: {
          id: true,
          registrations: { orderBy: { id: 'asc' }, select: { userId: true } },
          antenna: { select: { organizers: { select: { userId: true } } } },
        },
      }),

    /**
     * Who is registered on the trip, in registration order: the confirmed only when `status`
     * says so (a reminder, an announcement), else confirmed and waiting alike.
     */
    registrantsOf: async (tx: Tx, tripId: number, status?: 'CONFIRME'): Promise<number[]> =>
      (
        await tx.tripRegistration.findMany({
          where: { tripId, status },
          orderBy: { id: 'asc' },
          select: { userId: true },
        })
      ).map((r) => r.userId),

    isOrganizer: async (antennaId: number, userId: number): Promise<boolean> =>
      (await db.antennaOrganizer.count({ where: { antennaId, userId } })) > 0,

    /**
     * Claims one trip whose reminder is due: not cancelled, departing in [from, to), reminder
     * not sent. One conditional UPDATE … RETURNING under SKIP LOCKED: two runs or instances
     * never claim the same trip, and a claim rolled back (a failure) is claimed again later.
     */
    claimReminder: async (tx: Tx, from: Date, to: Date, now: Date): Promise<number | null> => {
      const rows = await tx.$queryRaw<{ id: number }[]>`
        UPDATE trips SET reminder_sent_at = ${now}
        WHERE id = (
          SELECT id FROM trips
          WHERE statut <> 'ANNULE' AND reminder_sent_at IS NULL
            AND depart_heure >= ${from} AND depart_heure < ${to}
          ORDER BY depart_heure, id
          LIMIT 1
          FOR UPDATE SKIP LOCKED)
          AND reminder_sent_at IS NULL
        RETURNING id`;
      return rows[0]?.id ?? null;
    },
  };
}

export type NotifyRepository = ReturnType<typeof notifyRepository>;
