import type { PushKind, PushPreferences } from '@munegu/shared';
import type { Db } from '../../db/client.js';

export interface StoredSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const ALL_ON: PushPreferences = { messages: true, carpool: true, predictions: true };

type Target = { id: number; familyId: string; userId: number };

/**
 * Splits candidates by whether their own login (session family) is live: one of its session
 * rows neither revoked nor expired, as in auth/caller.repository.ts. A subscription of an
 * ended login (logout, suspension, deletion, password change) never receives anything.
 */
async function splitByLogin(db: Db, rows: Target[], now: Date) {
  if (rows.length === 0) return { live: [], ended: [] };
  const families = [...new Set(rows.map((r) => r.familyId))];
  const liveRows = await db.session.findMany({
    where: { familyId: { in: families }, revokedAt: null, expiresAt: { gt: now } },
    select: { familyId: true },
    distinct: ['familyId'],
  });
  const live = new Set(liveRows.map((r) => r.familyId));
  return {
    live: rows.filter((r) => live.has(r.familyId)),
    ended: rows.filter((r) => !live.has(r.familyId)),
  };
}

const TARGET = { id: true, familyId: true, userId: true } as const;

/** Push subscriptions and preferences: the only Prisma access of modules/push. */
export function pushRepository(db: Db) {
  return {
    /**
     * Stores this device's subscription for the caller: one row per device and member, moved to
     * the caller's current login and given the browser's current keys. Another member's row of
     * the same endpoint (a shared computer, or someone posting an endpoint they saw) is never
     * touched, so their device keeps receiving their notifications. Then keeps the member's
     * `max` newest subscriptions.
     */
    async save(
      input: { endpoint: string; p256dh: string; auth: string; userId: number; familyId: string },
      max: number,
    ): Promise<void> {
      await db.$transaction(async (tx) => {
        await tx.pushSubscription.upsert({
          where: { endpoint_userId: { endpoint: input.endpoint, userId: input.userId } },
          create: input,
          update: {
            p256dh: input.p256dh,
            auth: input.auth,
            familyId: input.familyId,
            createdAt: new Date(),
          },
        });
        const surplus = await tx.pushSubscription.findMany({
          where: { userId: input.userId },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: max,
          select: { id: true },
        });
        if (surplus.length > 0)
          await tx.pushSubscription.deleteMany({ where: { id: { in: surplus.map((s) => s.id) } } });
      });
    },

    /** Deletes the caller's own row of `endpoint`; false when they have none. */
    async remove(endpoint: string, userId: number): Promise<boolean> {
      const { count } = await db.pushSubscription.deleteMany({ where: { endpoint, userId } });
      return count > 0;
    },

    async removeById(id: number): Promise<void> {
      await db.pushSubscription.deleteMany({ where: { id } });
    },

    async preferences(userId: number): Promise<PushPreferences> {
      const row = await db.pushPreference.findUnique({
        where: { userId },
        select: { messages: true, carpool: true, predictions: true },
      });
      return row ?? ALL_ON;
    },

    async setPreferences(userId: number, prefs: PushPreferences): Promise<PushPreferences> {
      return db.pushPreference.upsert({
        where: { userId },
        create: { userId, ...prefs },
        update: prefs,
        select: { messages: true, carpool: true, predictions: true },
      });
    },

    /**
     * The subscriptions to notify of `kind` among `userIds`: ACTIVE members who did not switch
     * that kind off (no preference row = everything on), split by whether their login is live.
     */
    async targets(userIds: number[], kind: PushKind, now: Date) {
      const rows = await db.pushSubscription.findMany({
        where: {
          userId: { in: userIds },
          user: {
            status: 'ACTIVE',
            OR: [{ pushPreference: null }, { pushPreference: { [kind]: true } }],
          },
        },
        select: TARGET,
      });
      return splitByLogin(db, rows, now);
    },

    /**
     * The subscriptions to remind of match `matchId`: ACTIVE members with the prediction kind
     * on who have not predicted it (the mail reminder's rule, without its mail preference).
     */
    async reminderTargets(matchId: number, now: Date) {
      const rows = await db.pushSubscription.findMany({
        where: {
          user: {
            status: 'ACTIVE',
            predictions: { none: { matchId } },
            OR: [{ pushPreference: null }, { pushPreference: { predictions: true } }],
          },
        },
        select: TARGET,
      });
      return splitByLogin(db, rows, now);
    },

    async removeMany(ids: number[]): Promise<void> {
      if (ids.length > 0) await db.pushSubscription.deleteMany({ where: { id: { in: ids } } });
    },

    /** The subscription when it may still receive: it exists and its own login is live. */
    async deliverable(
      id: number,
      now: Date,
    ): Promise<{ subscription: StoredSubscription; live: boolean } | null> {
      const row = await db.pushSubscription.findUnique({
        where: { id },
        select: {
          id: true,
          endpoint: true,
          p256dh: true,
          auth: true,
          familyId: true,
          user: { select: { status: true } },
        },
      });
      if (!row) return null;
      const live =
        row.user.status === 'ACTIVE' &&
        (await db.session.count({
          where: { familyId: row.familyId, revokedAt: null, expiresAt: { gt: now } },
        })) > 0;
      const { id: sid, endpoint, p256dh, auth } = row;
      return { subscription: { id: sid, endpoint, p256dh, auth }, live };
    },

    /** Display name of a message's sender, for the notification text. */
    /** Who caused a carpool notification and the relation status it announced. */
    carpoolNotice: async (notificationId: number) => {
      const row = await db.notification.findUnique({
        where: { id: notificationId },
        select: { statusId: true, sender: { select: { username: true } } },
      });
      return row ? { sender: row.sender?.username ?? null, status: row.statusId } : null;
    },

    /** What a coach trip's notification says, and about which trip (issue 30). */
    tripNotice: async (notificationId: number) => {
      const row = await db.notification.findUnique({
        where: { id: notificationId },
        select: {
          tripEvent: true,
          trip: {
            select: {
              departureAt: true,
              departurePlace: true,
              returnAt: true,
              antenna: { select: { name: true } },
              group: { select: { id: true } },
              match: { select: { kickoffAt: true } },
            },
          },
        },
      });
      if (!row?.trip || !row.tripEvent) return null;
      return {
        evenement: row.tripEvent,
        antenne: row.trip.antenna.name,
        depart_heure: row.trip.departureAt,
        depart_lieu: row.trip.departurePlace,
        retour_heure: row.trip.returnAt,
        coup_envoi: row.trip.match.kickoffAt,
        groupId: row.trip.group?.id ?? null,
      };
    },

    pseudoOf: async (userId: number) =>
      (await db.user.findUnique({ where: { id: userId }, select: { username: true } }))?.username ??
      null,
  };
}

export type PushRepository = ReturnType<typeof pushRepository>;
