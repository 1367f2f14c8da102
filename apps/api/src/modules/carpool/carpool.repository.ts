import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import {
  ACTIVE_CARPOOL_STATUSES,
  CARPOOL_TEXTS,
  CARPOOL_STATUS,
  CARPOOL_SYSTEM_REASON,
  PENDING_CARPOOL_STATUSES,
  TRANSPORT_IDS,
} from '@munegu/shared';
import type { ReasonKind } from '../../generated/prisma/client.js';
import { AppError } from '../../lib/errors.js';
import { allowsChange } from './relation-transitions.js';

const PENDING = [...PENDING_CARPOOL_STATUSES];
/** Exported for bench/carpool.bench.ts; code reads ACTIVE_CARPOOL_STATUSES from shared. */
export const ACTIVE = [...ACTIVE_CARPOOL_STATUSES];
const CONFIRMED = CARPOOL_STATUS.CONFIRME;

/** A member as carpool cards show them (name, photo, rating; status for former members). */
export const memberSelect = {
  id: true,
  username: true,
  avatarFile: true,
  avatarVersion: true,
  carpoolRating: true,
  status: true,
} as const;

const relationInclude = {
  user1: { select: { id: true, username: true } },
  user2: { select: { id: true, username: true } },
} as const;

/**
 * Presences, searches, relations, their history and ratings. The seat count lives on the
 * driver's presence (`places_dispo` = free seats): every change of it is one conditional
 * UPDATE, so concurrent accepts can never sell the same seat twice.
 */
export function carpoolRepository(db: Db) {
  return {
    match: (id: number) =>
      db.match.findUnique({
        where: { id },
        select: {
          id: true,
          kickoffAt: true,
          finishedAt: true,
          season: true,
          homeClub: { select: { department: true } },
        },
      }),
    departmentExists: async (code: string) => (await db.department.count({ where: { code } })) > 0,
    departments: () => db.department.findMany({ select: { code: true, name: true } }),
    memberAntennaIds: async (userId: number) =>
      (await db.userAntenna.findMany({ where: { userId }, select: { antennaId: true } })).map(
        (row) => row.antennaId,
      ),
    member: (id: number, tx: Tx | Db = db) =>
      tx.user.findUnique({ where: { id }, select: memberSelect }),
    memberForMail: (id: number, tx: Tx | Db = db) =>
      tx.user.findUnique({
        where: { id },
        select: { id: true, username: true, email: true, appMailOptIn: true, status: true },
      }),

    /**
     * The antenna of the coach the member is registered on for the match (confirmed or
     * waiting, on a trip not cancelled), or null: one coach or one car per match (issue 30).
     */
    coachOf: async (userId: number, matchId: number, tx: Tx | Db = db) =>
      (
        await tx.$queryRaw<{ antennaId: number; name: string }[]>`
          SELECT a.id AS "antennaId", a.nom AS name
          FROM trip_registrations r
          JOIN trips t ON t.id = r.trip_id AND t.match_id = ${matchId} AND t.statut <> 'ANNULE'
          JOIN antennas a ON a.id = t.antenna_id
          WHERE r.user_id = ${userId}
          LIMIT 1`
      )[0] ?? null,
    /** The member's home department, as stored ('FR-06'). */
    memberDepartment: async (id: number, tx: Tx | Db = db) =>
      (await tx.user.findUnique({ where: { id }, select: { department: true } }))?.department ??
      null,

    /** Whether a transport mode exists (the spec's five, or one an administrator added). */
    transportExists: async (id: number) => (await db.transportType.count({ where: { id } })) > 0,
    presence: (userId: number, matchId: number, tx: Tx | Db = db) =>
      tx.presence.findUnique({
        where: { userId_matchId: { userId, matchId } },
        include: { transportType: true, antenna: { select: { id: true, name: true } } },
      }),
    search: (userId: number, matchId: number, tx: Tx | Db = db) =>
      tx.rideSearch.findUnique({ where: { userId_matchId: { userId, matchId } } }),
    /** Locks the searcher's row: creating and confirming relations of one passenger queue up. */
    lockSearch: async (tx: Tx, userId: number, matchId: number) =>
      (
        await tx.$queryRaw<{ id: number; nb_pers: number; departement_depart: string }[]>`
          SELECT id, nb_pers, departement_depart FROM ride_searches
          WHERE user_id = ${userId} AND match_id = ${matchId} FOR UPDATE`
      )[0] ?? null,
    /**
     * Locks the member's presence row (a driver's seats): an accept and a change of the
     * driver's answer queue on it. Always after the search's lock when both are taken.
     */
    lockPresence: (tx: Tx, userId: number, matchId: number) =>
      tx.$queryRaw`
        SELECT id FROM presences WHERE user_id = ${userId} AND match_id = ${matchId} FOR UPDATE`,
    lockRelation: async (tx: Tx, id: number) =>
      (
        await tx.$queryRaw<{ id: number }[]>`
        SELECT id FROM carpool_relations WHERE id = ${id} FOR UPDATE`
      ).length > 0,

    upsertPresence: (
      tx: Tx,
      userId: number,
      matchId: number,
      data: {
        transportTypeId: number;
        antennaId: number | null;
        offersCarpool: boolean;
        freeSeats: number;
        departureDepartment: string;
      },
    ) =>
      tx.presence.upsert({
        where: { userId_matchId: { userId, matchId } },
        create: { userId, matchId, active: true, ...data },
        update: { active: true, ...data },
      }),
    upsertSearch: (
      tx: Tx,
      userId: number,
      matchId: number,
      data: { groupSize: number; departureDepartment: string },
    ) =>
      tx.rideSearch.upsert({
        where: { userId_matchId: { userId, matchId } },
        create: { userId, matchId, active: true, ...data },
        update: { active: true, ...data },
      }),
    deletePresence: (tx: Tx, userId: number, matchId: number) =>
      tx.presence.deleteMany({ where: { userId, matchId } }),
    /** Deletes the member's presence only while it is still 'bus — that antenna'. */
    deleteBusPresence: (tx: Tx, userId: number, matchId: number, antennaId: number) =>
      tx.presence.deleteMany({
        where: { userId, matchId, transportTypeId: TRANSPORT_IDS.BUS, antennaId },
      }),
    deleteSearch: (tx: Tx, userId: number, matchId: number) =>
      tx.rideSearch.deleteMany({ where: { userId, matchId } }),

    /** Takes `seats` from the driver's free seats if they are all there; false otherwise. */
    takeSeats: async (tx: Tx, driverId: number, matchId: number, seats: number) =>
      (await tx.$executeRaw`
        UPDATE presences SET places_dispo = places_dispo - ${seats}, updated_at = now()
        WHERE user_id = ${driverId} AND match_id = ${matchId} AND covoiturage
          AND places_dispo >= ${seats}`) === 1,
    /** Gives seats back (cancel, exclude); never above the stepper's maximum. */
    releaseSeats: (tx: Tx, driverId: number, matchId: number, seats: number) =>
      tx.$executeRaw`
        UPDATE presences SET places_dispo = LEAST(15, places_dispo + ${seats}), updated_at = now()
        WHERE user_id = ${driverId} AND match_id = ${matchId}`,
    setSeats: async (tx: Tx, driverId: number, matchId: number, seats: number) =>
      (await tx.$executeRaw`
        UPDATE presences SET places_dispo = ${seats}, updated_at = now()
        WHERE user_id = ${driverId} AND match_id = ${matchId} AND covoiturage`) === 1,

    relation: (id: number, tx: Tx | Db = db) =>
      tx.carpoolRelation.findUnique({ where: { id }, include: relationInclude }),
    /** The pending or confirmed relation of a pair for a match, whichever side started it. */
    activeBetween: (tx: Tx | Db, matchId: number, a: number, b: number) =>
      tx.carpoolRelation.findFirst({
        where: {
          matchId,
          statusId: { in: ACTIVE },
          OR: [
            { user1Id: a, user2Id: b },
            { user1Id: b, user2Id: a },
          ],
        },
        include: relationInclude,
      }),
    pendingFrom: (tx: Tx | Db, matchId: number, user1Id: number, user2Id: number) =>
      tx.carpoolRelation.findFirst({
        where: { matchId, user1Id, user2Id, statusId: { in: PENDING } },
        include: relationInclude,
      }),
    relationsOf: (userId: number, matchId: number, statuses: readonly number[], tx: Tx | Db = db) =>
      tx.carpoolRelation.findMany({
        where: {
          matchId,
          statusId: { in: [...statuses] },
          OR: [{ user1Id: userId }, { user2Id: userId }],
        },
        include: relationInclude,
        orderBy: { id: 'asc' },
      }),
    confirmedAsPassenger: (userId: number, matchId: number, tx: Tx | Db = db) =>
      tx.carpoolRelation.findFirst({
        where: { matchId, passengerId: userId, statusId: CONFIRMED },
      }),
    confirmedOfDriver: (driverId: number, matchId: number, tx: Tx | Db = db) =>
      tx.carpoolRelation.findMany({
        where: { matchId, driverId, statusId: CONFIRMED },
        include: { passenger: { select: memberSelect } },
        orderBy: { id: 'asc' },
      }),
    /**
     * The car's thread (the driver's group for the match) if `userId` is in it now; read here
     * so that the carpool's view can link to it without asking messaging.
     */
    carThread: async (userId: number, driverId: number, matchId: number) =>
      (
        await db.messageGroup.findFirst({
          where: { matchId, driverId, members: { some: { userId, leftAt: null } } },
          select: { id: true },
        })
      )?.id ?? null,
    /** Which of `userIds` ride with someone for the match (hidden from the searching list). */
    confirmedPassengers: async (matchId: number, userIds: number[]) =>
      new Set(
        (
          await db.carpoolRelation.findMany({
            where: { matchId, statusId: CONFIRMED, passengerId: { in: userIds } },
            select: { passengerId: true },
          })
        ).map((row) => row.passengerId),
      ),
    createRelation: (
      tx: Tx,
      data: {
        matchId: number;
        user1Id: number;
        user2Id: number;
        statusId: number;
        driverId: number;
        passengerId: number;
        groupSize: number;
        description: string | null;
        departureDepartment: string;
      },
    ) => tx.carpoolRelation.create({ data, include: relationInclude }),
    /**
     * Moves a relation from `from` to `to` and writes its history row; returns the history row
     * id. A pair the transitions table does not allow, or a row no longer in `from` (the
     * update is conditional on it), is refused with a 409 and nothing is written.
     */
    changeStatus: async (
      tx: Tx,
      relationId: number,
      from: number | null,
      to: number,
      byUserId: number,
      reason: { reasonId: number; customReason: string | null; withReport: boolean } | null = null,
    ) => {
      if (!allowsChange(from, to)) throw new AppError('CONFLICT', CARPOOL_TEXTS.notPending);
      if (from !== null) {
        const moved = await tx.carpoolRelation.updateMany({
          where: { id: relationId, statusId: from },
          data: { statusId: to },
        });
        if (moved.count !== 1) throw new AppError('CONFLICT', CARPOOL_TEXTS.notPending);
      }
      const change = await tx.carpoolStatusChange.create({
        data: {
          relationId,
          fromStatusId: from,
          toStatusId: to,
          byUserId,
          reasonId: reason?.reasonId ?? null,
          customReason: reason?.customReason ?? null,
          withReport: reason?.withReport ?? false,
        },
        select: { id: true },
      });
      return change.id;
    },
    /** The latest cancellation or exclusion of a relation by a member, with its reason. */
    lastEnding: (relationId: number, byUserId: number, toStatusId: number) =>
      db.carpoolStatusChange.findFirst({
        where: { relationId, byUserId, toStatusId },
        orderBy: { id: 'desc' },
        select: { customReason: true, reason: { select: { label: true } } },
      }),
    reason: (id: number, kind: ReasonKind, section = '') =>
      db.reason.findFirst({ where: { id, kind, section }, select: { id: true, label: true } }),
    /** A member's pending and confirmed relations for matches not kicked off yet, by id. */
    upcomingRelationIds: async (userId: number, now: Date) =>
      (
        await db.carpoolRelation.findMany({
          where: {
            statusId: { in: ACTIVE },
            OR: [{ user1Id: userId }, { user2Id: userId }],
            match: { kickoffAt: { gt: now }, finishedAt: null },
          },
          select: { id: true },
          orderBy: { id: 'asc' },
        })
      ).map((row) => row.id),
    /** The reason of the application's own cancellations; written by the seed, else here. */
    systemReasonId: async () => {
      const key = { kind: 'SYSTEME', section: '', label: CARPOOL_SYSTEM_REASON } as const;
      const where = { kind_section_label: key };
      const row =
        (await db.reason.findUnique({ where, select: { id: true } })) ??
        (await db.reason.upsert({ where, create: key, update: {}, select: { id: true } }));
      return row.id;
    },
    /**
     * A member's relations as their lists show them: a pending request or proposal of a
     * deleted account is nobody's to answer any more, so it is left out.
     */
    listedRelationsOf: (userId: number, matchId: number, statuses: readonly number[]) =>
      db.carpoolRelation.findMany({
        where: {
          matchId,
          statusId: { in: [...statuses] },
          OR: [{ user1Id: userId }, { user2Id: userId }],
          NOT: {
            statusId: { in: PENDING },
            OR: [{ user1: { status: 'DELETED' } }, { user2: { status: 'DELETED' } }],
          },
        },
        include: relationInclude,
        orderBy: { id: 'asc' },
      }),
  };
}

export type CarpoolRepository = ReturnType<typeof carpoolRepository>;
export type RelationRow = NonNullable<Awaited<ReturnType<CarpoolRepository['relation']>>>;
export type MemberRow = NonNullable<Awaited<ReturnType<CarpoolRepository['member']>>>;
