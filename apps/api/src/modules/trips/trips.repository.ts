import { CARPOOL_STATUS } from '@munegu/shared';
import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { byFrenchName } from '../../lib/french-order.js';

/** A trip as every read and write of the module needs it: its antenna and match named. */
const tripSelect = {
  id: true,
  matchId: true,
  antennaId: true,
  departurePlace: true,
  departureAt: true,
  returnAt: true,
  seats: true,
  fareCents: true,
  deadline: true,
  notes: true,
  status: true,
  antenna: { select: { id: true, name: true } },
  match: {
    select: {
      id: true,
      kickoffAt: true,
      homeClub: { select: { name: true } },
      awayClub: { select: { name: true } },
    },
  },
} satisfies Prisma.TripSelect;
export type TripRow = Prisma.TripGetPayload<{ select: typeof tripSelect }>;

/** A trip's confirmed seats, waiting registrations and their seats (computed, never stored). */
export interface TripCounts {
  confirmedSeats: number;
  waiting: number;
  waitingSeats: number;
}

const registrantSelect = {
  id: true,
  userId: true,
  seatCount: true,
  status: true,
  phone: true,
  paid: true,
  present: true,
  createdAt: true,
  user: { select: { username: true, firstName: true, lastName: true } },
} satisfies Prisma.TripRegistrationSelect;
export type RegistrantRow = Prisma.TripRegistrationGetPayload<{ select: typeof registrantSelect }>;

export interface TripData {
  departurePlace: string;
  departureAt: Date;
  returnAt: Date | null;
  seats: number;
  fareCents: number | null;
  deadline: Date | null;
  notes: string | null;
  /** OUVERT or CLOS when the body says (registrations closed by hand); absent: unchanged. */
  status?: 'OUVERT' | 'CLOS';
}

/**
 * Trips, registrations and organisers. Every transaction that reads or changes a trip's seats
 * or waiting list starts with `lockTrip`: registration ids are then taken in lock order, so the
 * waiting list is simply the ATTENTE rows in id order.
 */
export function tripsRepository(db: Db) {
  const counts = async (tx: Tx | Db, tripIds: number[]) => {
    const rows =
      tripIds.length === 0
        ? []
        : await tx.$queryRaw<
            { trip_id: number; confirmed: number; waiting: number; waiting_seats: number }[]
          >`
          SELECT trip_id,
                 COALESCE(SUM(nb_places) FILTER (WHERE statut = 'CONFIRME'), 0)::int AS confirmed,
                 COUNT(*) FILTER (WHERE statut = 'ATTENTE')::int AS waiting,
                 COALESCE(SUM(nb_places) FILTER (WHERE statut = 'ATTENTE'), 0)::int AS waiting_seats
          FROM trip_registrations WHERE trip_id = ANY(${tripIds}::int[]) GROUP BY trip_id`;
    const byTrip = new Map<number, TripCounts>(
      rows.map((r) => [
        r.trip_id,
        { confirmedSeats: r.confirmed, waiting: r.waiting, waitingSeats: r.waiting_seats },
      ]),
    );
    return (id: number) => byTrip.get(id) ?? { confirmedSeats: 0, waiting: 0, waitingSeats: 0 };
  };

  return {
    counts,
    countsNow: (tripIds: number[]) => counts(db, tripIds),
    /** Locks the trip's row for the rest of the transaction; null when there is none. */
    async lockTrip(tx: Tx, id: number): Promise<TripRow | null> {
      const locked = await tx.$queryRaw<{ id: number }[]>`
        SELECT id FROM trips WHERE id = ${id} FOR UPDATE`;
      if (locked.length === 0) return null;
      return tx.trip.findUnique({ where: { id }, select: tripSelect });
    },
    /**
     * Serialises one member's registrations (two trips of one match are two different trip
     * locks): taken after the trip's lock, always in that order.
     */
    lockMember: (tx: Tx, userId: number) =>
      tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('trip-member'), ${userId})`,
    trip: (id: number, tx: Tx | Db = db) =>
      tx.trip.findUnique({ where: { id }, select: tripSelect }),
    tripsOfMatch: (matchId: number) =>
      db.trip.findMany({
        where: { matchId },
        select: tripSelect,
        orderBy: [{ departureAt: 'asc' }, { id: 'asc' }],
      }),
    /** The antennas' trips whose match kicks off after `since`, soonest departure first. */
    tripsOfAntennas: (antennaIds: number[] | 'all', since: Date) =>
      db.trip.findMany({
        where: {
          ...(antennaIds === 'all' ? {} : { antennaId: { in: antennaIds } }),
          match: { kickoffAt: { gt: since } },
        },
        select: tripSelect,
        orderBy: [{ departureAt: 'asc' }, { id: 'asc' }],
      }),
    createTrip: (
      tx: Tx,
      data: TripData & { matchId: number; antennaId: number; createdById: number },
    ) => tx.trip.create({ data, select: tripSelect }),
    /** `remindAgain`: the day-before reminder is claimed afresh (a moved departure). */
    updateTrip: (tx: Tx, id: number, data: TripData, remindAgain = false) =>
      tx.trip.update({
        where: { id },
        data: remindAgain ? { ...data, reminderSentAt: null } : data,
        select: tripSelect,
      }),
    cancelTrip: (tx: Tx, id: number) =>
      tx.trip.update({ where: { id }, data: { status: 'ANNULE' }, select: tripSelect }),

    match: (id: number) =>
      db.match.findUnique({
        where: { id },
        select: {
          id: true,
          kickoffAt: true,
          finishedAt: true,
          homeClub: { select: { name: true } },
          awayClub: { select: { name: true } },
        },
      }),
    antenna: (id: number, tx: Tx | Db = db) =>
      tx.antenna.findUnique({ where: { id }, select: { id: true, name: true } }),
    antennas: async () =>
      (await db.antenna.findMany({ select: { id: true, name: true } })).sort(byFrenchName),

    // ── Organisers ──
    organizedAntennas: async (userId: number) =>
      (
        await db.antennaOrganizer.findMany({
          where: { userId },
          select: { antenna: { select: { id: true, name: true } } },
          orderBy: { antenna: { name: 'asc' } },
        })
      ).map((row) => row.antenna),
    isOrganizer: async (userId: number, antennaId: number) =>
      (await db.antennaOrganizer.count({ where: { userId, antennaId } })) > 0,
    organizers: (antennaId: number, tx: Tx | Db = db) =>
      tx.antennaOrganizer.findMany({
        where: { antennaId },
        select: { user: { select: { id: true, username: true } } },
        orderBy: { user: { usernameKey: 'asc' } },
      }),
    organizerIds: async (antennaId: number, tx: Tx | Db = db) =>
      (await tx.antennaOrganizer.findMany({ where: { antennaId }, select: { userId: true } })).map(
        (row) => row.userId,
      ),
    /** Members that exist and are not deleted, among `ids`. */
    liveMembers: (ids: number[], tx: Tx) =>
      tx.user.findMany({
        where: { id: { in: ids }, status: { not: 'DELETED' } },
        select: { id: true, username: true },
      }),
    /** Locks the antenna's row: two ADMINs replacing its organisers queue up. */
    lockAntenna: async (tx: Tx, id: number) =>
      (
        await tx.$queryRaw<{ id: number; nom: string }[]>`
          SELECT id, nom FROM antennas WHERE id = ${id} FOR UPDATE`
      )[0] ?? null,
    async replaceOrganizers(tx: Tx, antennaId: number, added: number[], removed: number[]) {
      if (removed.length > 0)
        await tx.antennaOrganizer.deleteMany({ where: { antennaId, userId: { in: removed } } });
      if (added.length > 0)
        await tx.antennaOrganizer.createMany({
          data: added.map((userId) => ({ antennaId, userId })),
        });
    },

    // ── Registrations ──
    registration: (tripId: number, userId: number, tx: Tx | Db = db) =>
      tx.tripRegistration.findUnique({
        where: { tripId_userId: { tripId, userId } },
        select: registrantSelect,
      }),
    /** The caller's registrations on `tripIds`, with their waiting rank (1…n) when waiting. */
    async ownRegistrations(userId: number, tripIds: number[]) {
      if (tripIds.length === 0) return new Map<number, OwnRow>();
      const rows = await db.$queryRaw<OwnRow[]>`
        SELECT r.trip_id AS "tripId", r.statut AS status, r.nb_places AS "seatCount",
          CASE WHEN r.statut = 'ATTENTE' THEN (
            SELECT COUNT(*)::int FROM trip_registrations w
            WHERE w.trip_id = r.trip_id AND w.statut = 'ATTENTE' AND w.id <= r.id)
          END AS position
        FROM trip_registrations r
        WHERE r.user_id = ${userId} AND r.trip_id = ANY(${tripIds}::int[])`;
      return new Map(rows.map((row) => [row.tripId, row]));
    },
    /**
     * The threads of `tripIds` the member is in now (a left or excluded member is not): the
     * trip's id → its group's id. Read here, beside the trip, so that a card can link to the
     * thread without the trips module asking messaging for each trip.
     */
    async openThreads(userId: number, tripIds: number[]) {
      if (tripIds.length === 0) return new Map<number, number>();
      const groups = await db.messageGroup.findMany({
        where: { tripId: { in: tripIds }, members: { some: { userId, leftAt: null } } },
        select: { id: true, tripId: true },
      });
      return new Map(groups.map((g) => [g.tripId!, g.id]));
    },
    /** Confirmed by id, then waiting by id: the boarding list's order. */
    registrants: (tripId: number, tx: Tx | Db = db) =>
      tx.tripRegistration.findMany({
        where: { tripId },
        select: registrantSelect,
        orderBy: [{ status: 'asc' }, { id: 'asc' }],
      }),
    waitingList: (tx: Tx, tripId: number) =>
      tx.tripRegistration.findMany({
        where: { tripId, status: 'ATTENTE' },
        select: { id: true, userId: true, seatCount: true },
        orderBy: { id: 'asc' },
      }),
    /** The member's registration on another trip of the match that is not cancelled. */
    otherTripOfMatch: (tx: Tx, userId: number, matchId: number, tripId: number) =>
      tx.tripRegistration.findFirst({
        where: { userId, tripId: { not: tripId }, trip: { matchId, status: { not: 'ANNULE' } } },
        select: { trip: { select: { antenna: { select: { name: true } } } } },
      }),
    /** Registrations of the member on the match's trips that are not cancelled. */
    registrationsOnMatch: (tx: Tx, userId: number, matchId: number) =>
      tx.tripRegistration.findMany({
        where: { userId, trip: { matchId, status: { not: 'ANNULE' } } },
        select: { tripId: true },
        orderBy: { tripId: 'asc' },
      }),
    /** The trips the member is registered on that have not left yet (nor been cancelled). */
    tripsToLeave: async (userId: number, now: Date) =>
      (
        await db.tripRegistration.findMany({
          where: { userId, trip: { status: { not: 'ANNULE' }, departureAt: { gt: now } } },
          select: { tripId: true },
          orderBy: { tripId: 'asc' },
        })
      ).map((row) => row.tripId),
    /**
     * Whether the member is in a car for the match: a confirmed carpool (carpool's tables). An
     * unanswered proposal or request is no car: carpool withdraws it when they register.
     */
    hasConfirmedCarpool: async (tx: Tx, userId: number, matchId: number) =>
      (
        await tx.$queryRaw<{ one: number }[]>`
          SELECT 1 AS one FROM carpool_relations
          WHERE match_id = ${matchId} AND status_id = ${CARPOOL_STATUS.CONFIRME}
            AND (user1_id = ${userId} OR user2_id = ${userId})
          LIMIT 1`
      ).length > 0,
    createRegistration: (
      tx: Tx,
      data: {
        tripId: number;
        userId: number;
        seatCount: number;
        status: 'CONFIRME' | 'ATTENTE';
        phone: string | null;
        confirmedAt: Date | null;
      },
    ) => tx.tripRegistration.create({ data, select: { id: true } }),
    confirm: (tx: Tx, id: number, now: Date) =>
      tx.tripRegistration.update({
        where: { id },
        data: { status: 'CONFIRME', confirmedAt: now },
      }),
    deleteRegistration: (tx: Tx, id: number) => tx.tripRegistration.delete({ where: { id } }),
    /** The waiting rank (1…n) of a waiting registration. */
    position: async (tripId: number, id: number, tx: Tx | Db = db) =>
      tx.tripRegistration.count({ where: { tripId, status: 'ATTENTE', id: { lte: id } } }),
    mark: (tripId: number, userId: number, data: { paid?: boolean; present?: boolean }) =>
      db.tripRegistration.updateMany({ where: { tripId, userId }, data }),
    /** Everyone registered on the trip (confirmed or waiting). */
    registeredIds: async (tripId: number) =>
      (await db.tripRegistration.findMany({ where: { tripId }, select: { userId: true } })).map(
        (row) => row.userId,
      ),
  };
}

export interface OwnRow {
  tripId: number;
  status: 'CONFIRME' | 'ATTENTE';
  seatCount: number;
  position: number | null;
}

export type TripsRepository = ReturnType<typeof tripsRepository>;
