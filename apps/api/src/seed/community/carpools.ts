import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import type { Match } from '../../generated/prisma/client.js';
import { earliest, HOUR_MS, hoursBefore, later, SUPPORTER, type Ids } from './helpers.js';
import {
  ANNULE,
  CONFIRME,
  DEMANDE,
  EXCLU,
  PROPOSE,
  referenceInstant,
  type MatchPlan,
  type RelationPlan,
} from './plans.js';
import { answersOf } from './travel.js';

// The carpool relations of a match, written as the app would have left them: status history,
// the bell's notifications, the ratings once the match is over, and the seats they take.

interface Step {
  status: number;
  by: number;
  reasonId: number | null;
  at: Date;
}

interface NotificationRow {
  recipientId: number;
  senderId: number;
  relationId: number;
  statusId: number;
  statusChangeId: number;
  createdAt: Date;
  mailedAt: Date;
  readAt: Date | null;
}

interface RatingRow {
  relationId: number;
  raterId: number;
  ratedId: number;
  stars: number;
  createdAt: Date;
}

/**
 * The status changes of a relation, spread evenly over the `hoursAgo` hours before the
 * reference instant: who made each one (the addressee, user2, answers CONFIRME or REFUSE)
 * and, for ANNULE and EXCLU, the reason.
 */
function stepsOf(
  r: RelationPlan,
  statuses: readonly number[],
  who: { driverId: number; passengerId: number; user2Id: number },
  /** Reason ids by '<kind>:<label>'. */
  reasons: ReadonlyMap<string, number>,
  reference: Date,
): Step[] {
  const actor = (status: number) =>
    status === PROPOSE || status === EXCLU
      ? who.driverId
      : status === DEMANDE || status === ANNULE
        ? who.passengerId
        : who.user2Id;
  const span = r.hoursAgo / statuses.length;
  return statuses.map((status, i) => ({
    status,
    by: actor(status),
    reasonId:
      status === ANNULE || status === EXCLU
        ? (reasons.get(`${status === ANNULE ? 'ANNULATION' : 'EXCLUSION'}:${r.reason}`) ?? null)
        : null,
    at: hoursBefore(reference, r.hoursAgo - i * span),
  }));
}

/** The ratings of a played relation, the driver's given 3 hours after the end, the passenger's 5. */
function ratingsOf(
  r: RelationPlan,
  relationId: number,
  driverId: number,
  passengerId: number,
  finishedAt: Date,
  now: Date,
): RatingRow[] {
  const ratings = [
    { stars: r.notes?.driver, raterId: driverId, ratedId: passengerId, hours: 3 },
    { stars: r.notes?.passenger, raterId: passengerId, ratedId: driverId, hours: 5 },
  ];
  return ratings.flatMap(({ stars, raterId, ratedId, hours }) =>
    stars
      ? [
          {
            relationId,
            raterId,
            ratedId,
            stars,
            createdAt: earliest(later(finishedAt, hours * HOUR_MS), now),
          },
        ]
      : [],
  );
}

/**
 * The relations of the plan for pairs who have none for the match: history, one notification
 * per change (to the other party), ratings, and the seats of confirmed passengers taken from
 * the driver's presence. Needs the answers of seedAnswers.
 */
export async function seedRelations(
  db: Db,
  now: Date,
  ids: Ids,
  /** Reason ids by '<kind>:<label>'. */
  reasons: ReadonlyMap<string, number>,
  match: Match,
  plan: MatchPlan,
): Promise<void> {
  const played = match.finishedAt !== null;
  const reference = referenceInstant(match, now);
  const after = await answersOf(db, ids, match, plan);
  const presenceOf = new Map(after.presences.map((p) => [p.userId, p]));
  const searchOf = new Map(after.searches.map((s) => [s.userId, s]));
  const existing = await db.carpoolRelation.findMany({
    where: { matchId: match.id },
    select: { user1Id: true, user2Id: true },
  });
  const pairs = new Set(
    existing.flatMap((r) => [`${r.user1Id}:${r.user2Id}`, `${r.user2Id}:${r.user1Id}`]),
  );
  const seats = new Map(after.presences.map((p) => [p.userId, p.freeSeats]));
  const relations = [...(plan.relations ?? [])].sort((a, b) => b.hoursAgo - a.hoursAgo);

  await db.$transaction(
    async (tx: Tx) => {
      const notifications: NotificationRow[] = [];
      const ratings: RatingRow[] = [];
      for (const r of relations) {
        const driverId = ids.get(r.driver);
        const passengerId = ids.get(r.passenger);
        if (!driverId || !passengerId || pairs.has(`${driverId}:${passengerId}`)) continue;
        const driver = presenceOf.get(driverId);
        const passenger = searchOf.get(passengerId);
        if (!driver?.offersCarpool || !passenger) continue;
        const statuses = [r.opened, ...(r.then ?? [])];
        const final = statuses.at(-1)!;
        const free = seats.get(driverId) ?? 0;
        // As in the app: a relation needs the seats free when it is made and when confirmed.
        if (free < passenger.groupSize) continue;
        if (final === CONFIRME) seats.set(driverId, free - passenger.groupSize);
        const [user1Id, user2Id] =
          r.opened === PROPOSE ? [driverId, passengerId] : [passengerId, driverId];
        const steps = stepsOf(r, statuses, { driverId, passengerId, user2Id }, reasons, reference);
        const relation = await tx.carpoolRelation.create({
          data: {
            matchId: match.id,
            user1Id,
            user2Id,
            statusId: final,
            driverId,
            passengerId,
            groupSize: passenger.groupSize,
            description: r.description ?? null,
            departureDepartment: passenger.departureDepartment,
            createdAt: steps[0]!.at,
            updatedAt: steps.at(-1)!.at,
            changes: {
              create: steps.map((s, i) => ({
                fromStatusId: i === 0 ? null : steps[i - 1]!.status,
                toStatusId: s.status,
                byUserId: s.by,
                reasonId: s.reasonId,
                createdAt: s.at,
              })),
            },
          },
          select: {
            id: true,
            changes: { select: { id: true, createdAt: true }, orderBy: { createdAt: 'asc' } },
          },
        });
        pairs.add(`${driverId}:${passengerId}`).add(`${passengerId}:${driverId}`);
        for (const [i, change] of relation.changes.entries()) {
          const step = steps[i]!;
          const recipientId = step.by === user1Id ? user2Id : user1Id;
          const last = i === steps.length - 1;
          // Unread: what supporter_demo has not seen yet for the next match, and others' news of the day.
          const unread =
            !played &&
            last &&
            (recipientId === ids.get(SUPPORTER) ||
              now.getTime() - step.at.getTime() < 12 * HOUR_MS);
          notifications.push({
            recipientId,
            senderId: step.by,
            relationId: relation.id,
            statusId: step.status,
            statusChangeId: change.id,
            createdAt: change.createdAt,
            // History: told of at the time, so the scheduled carpool mails never send it.
            mailedAt: change.createdAt,
            readAt: unread ? null : earliest(later(change.createdAt, 2 * HOUR_MS), now),
          });
        }
        if (played && final === CONFIRME && match.finishedAt) {
          ratings.push(...ratingsOf(r, relation.id, driverId, passengerId, match.finishedAt, now));
        }
        if (final === CONFIRME) {
          await tx.presence.update({
            where: { id: driver.id },
            data: { freeSeats: { decrement: passenger.groupSize } },
          });
        }
      }
      // In time order, so the bell (newest id first) lists them as they happened.
      notifications.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      if (notifications.length > 0) await tx.notification.createMany({ data: notifications });
      if (ratings.length > 0)
        await tx.carpoolRating.createMany({ data: ratings, skipDuplicates: true });
    },
    { maxWait: 30_000, timeout: 60_000 },
  );
}

/** note_covoiturage = the real average of the ratings received, as the app keeps it. */
export async function refreshRatingAverages(db: Db, ids: Ids): Promise<void> {
  const userIds = [...ids.values()];
  const [averages, users] = await Promise.all([
    db.carpoolRating.groupBy({
      by: ['ratedId'],
      where: { ratedId: { in: userIds } },
      _avg: { stars: true },
    }),
    db.user.findMany({
      where: { id: { in: userIds } },
      select: { id: true, carpoolRating: true },
    }),
  ]);
  const current = new Map(users.map((u) => [u.id, u.carpoolRating?.toFixed(2) ?? null]));
  for (const row of averages) {
    const average = row._avg.stars?.toDecimalPlaces(2).toFixed(2) ?? null;
    if (average !== null && current.get(row.ratedId) !== average) {
      await db.user.update({ where: { id: row.ratedId }, data: { carpoolRating: average } });
    }
  }
}
