import type { Db } from '../../db/client.js';
import type { Match } from '../../generated/prisma/client.js';
import { refreshRatingAverages, seedRelations } from './carpools.js';
import { seedConversations } from './conversations.js';
import { seedCarGroups } from './groups.js';
import { seedMembers } from './members.js';
import { PLAYED_MATCHES } from './played-matches.js';
import type { MatchPlan } from './plans.js';
import { seedPredictions } from './predictions.js';
import { seedReports } from './reports.js';
import { seedAnswers } from './travel.js';
import { seedCoachTrip } from './trips.js';
import { MATCH_AFTER_NEXT, NEXT_MATCH } from './upcoming-matches.js';

/**
 * The demo community (embedded mode): ~40 members who play the prediction game, go to the
 * matches and share cars, so the leaderboard, the MuneguMap, the bell and the messages of
 * `supporter_demo` are alive on first start.
 *
 * Idempotent without deleting anything: members are created once (keyed on their e-mail),
 * predictions, presences and searches only where the member has none for the match, a
 * relation (with its history, notifications, ratings and the seats it takes) only where the
 * pair has none for the match, a conversation only where the pair has none, a report only where
 * its reporter, member and section have none. A second run
 * therefore writes nothing, and what the demo user changed in the app is kept.
 */

export {
  DEMO_MEMBER_EMAIL_DOMAIN,
  DEMO_MEMBER_PASSWORD,
  DEMO_MEMBERS,
  demoMemberEmail,
  demoMemberPseudo,
} from './members.js';

/**
 * The demo community around the demo season of `seedDemo`: members, their predictions and
 * the resulting leaderboard, presences, searches and carpools for the next match, the one
 * after and the four latest played ones, ratings, supporter_demo's conversations, and a few
 * reports and past sanctions for the moderators' queue.
 */
export async function seedCommunity(db: Db, now: Date, supporterId: number): Promise<void> {
  // Reference data, which nothing below changes: looked up once for every part.
  const [reasonRows, antennaRows] = await Promise.all([
    db.reason.findMany({ where: { kind: { in: ['ANNULATION', 'EXCLUSION'] }, section: '' } }),
    db.antenna.findMany({ select: { id: true, name: true } }),
  ]);
  const reasons = new Map(reasonRows.map((r) => [`${r.kind}:${r.label}`, r.id]));
  const antennas = new Map(antennaRows.map((a) => [a.name, a.id]));

  const ids = await seedMembers(db, now, antennas, supporterId);
  const latest = await db.match.findFirst({
    where: { finishedAt: { not: null, lte: now } },
    orderBy: [{ kickoffAt: 'desc' }, { id: 'desc' }],
  });
  const played = latest
    ? await db.match.findMany({
        where: { season: latest.season, finishedAt: { not: null, lte: now } },
        orderBy: [{ kickoffAt: 'asc' }, { id: 'asc' }],
      })
    : [];
  const upcoming = await db.match.findMany({
    where: { finishedAt: null, kickoffAt: { gt: now } },
    orderBy: [{ kickoffAt: 'asc' }, { id: 'asc' }],
    take: 2,
  });
  await seedPredictions(db, now, ids, played, upcoming[0] ?? null);

  const plans: Array<[Match | undefined, MatchPlan]> = [
    [upcoming[0], NEXT_MATCH],
    [upcoming[1], MATCH_AFTER_NEXT],
    ...PLAYED_MATCHES.map((plan, i): [Match | undefined, MatchPlan] => [played.at(-1 - i), plan]),
  ];
  for (const [match, plan] of plans) {
    if (!match) continue;
    await seedAnswers(db, now, ids, antennas, match, plan);
    if (plan.relations?.length) await seedRelations(db, now, ids, reasons, match, plan);
  }
  await refreshRatingAverages(db, ids);
  await seedConversations(db, now, ids);
  await seedCarGroups(db, now, ids, upcoming[0]);
  await seedCoachTrip(db, now, ids, antennas);
  await seedReports(db, now, ids);
}
