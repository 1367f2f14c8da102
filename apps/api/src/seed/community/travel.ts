import type { Db } from '../../db/client.js';
import type { Match } from '../../generated/prisma/client.js';
import { hoursBefore, random, type Ids } from './helpers.js';
import { referenceInstant, type MatchPlan } from './plans.js';

// Who goes to a match and who looks for a seat: the MuneguMap's markers and the rows the
// carpool relations (carpools.ts) are then built on.

/** The users a plan names, for the queries that find what they already answered. */
const planUserIds = (ids: Ids, plan: MatchPlan) =>
  [...plan.presences, ...plan.searches].flatMap((p) => ids.get(p.who) ?? []);

/** The presences and searches of the plan's members for the match, as they are now. */
export async function answersOf(db: Db, ids: Ids, match: Match, plan: MatchPlan) {
  const userIds = planUserIds(ids, plan);
  const [presences, searches] = await Promise.all([
    db.presence.findMany({ where: { matchId: match.id, userId: { in: userIds } } }),
    db.rideSearch.findMany({ where: { matchId: match.id, userId: { in: userIds } } }),
  ]);
  return { presences, searches };
}

/**
 * Presences and searches of members who have not answered for the match yet (what a member
 * answered in the app is kept), and the antenna memberships their antenna buses need.
 */
export async function seedAnswers(
  db: Db,
  now: Date,
  ids: Ids,
  /** Antenna ids by name. */
  antennas: ReadonlyMap<string, number>,
  match: Match,
  plan: MatchPlan,
): Promise<void> {
  const reference = referenceInstant(match, now);
  const before = await answersOf(db, ids, match, plan);
  const taken = new Set([...before.presences, ...before.searches].map((row) => row.userId));
  const rand = random(`answers:${match.id}`);
  // Answers come before every relation of the plan (the oldest is opened 120 hours back).
  const answeredAt = () => hoursBefore(reference, 125 + rand() * 100);
  /** One row per member not answered yet, each with its own answer time, in plan order. */
  const fresh = <P extends { who: string }, R>(
    plans: readonly P[],
    row: (p: P, userId: number, at: Date) => R,
  ): R[] =>
    plans.flatMap((p) => {
      const userId = ids.get(p.who);
      if (!userId || taken.has(userId)) return [];
      return [row(p, userId, answeredAt())];
    });
  const newPresences = fresh(plan.presences, (p, userId, at) => ({
    userId,
    matchId: match.id,
    transportTypeId: p.transport,
    antennaId: p.antenna ? (antennas.get(p.antenna) ?? null) : null,
    offersCarpool: p.seats > 0,
    freeSeats: p.seats,
    departureDepartment: p.dep,
    createdAt: at,
    updatedAt: at,
  }));
  const newSearches = fresh(plan.searches, (s, userId, at) => ({
    userId,
    matchId: match.id,
    groupSize: s.nbPers,
    departureDepartment: s.dep,
    createdAt: at,
    updatedAt: at,
  }));
  if (newPresences.length > 0)
    await db.presence.createMany({ data: newPresences, skipDuplicates: true });
  if (newSearches.length > 0)
    await db.rideSearch.createMany({ data: newSearches, skipDuplicates: true });
  // A member takes an antenna's bus only if they belong to it (at most 2 antennas).
  const riders = newPresences.flatMap((p) =>
    p.antennaId === null ? [] : [{ userId: p.userId, antennaId: p.antennaId }],
  );
  if (riders.length > 0) {
    const memberships = await db.userAntenna.findMany({
      where: { userId: { in: riders.map((r) => r.userId) } },
      select: { userId: true, antennaId: true },
    });
    const joins = riders.filter((r) => {
      const mine = memberships.filter((m) => m.userId === r.userId);
      return mine.length < 2 && !mine.some((m) => m.antennaId === r.antennaId);
    });
    if (joins.length > 0) await db.userAntenna.createMany({ data: joins, skipDuplicates: true });
  }
}
