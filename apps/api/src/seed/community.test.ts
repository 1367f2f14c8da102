// The demo community (seed/community/) on a database of its own: a copy of the run's
// template (pg tier), an in-memory PGlite (embedded tier, as `pnpm start` runs it), or a
// scratch database at TEST_PG_URL when run without a global setup.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, type Db } from '../db/client.js';
import { startEmbeddedDatabase } from '../db/embedded.js';
import { migrate } from '../db/migrate.js';
import {
  adminQuery,
  databaseUrl,
  DEFAULT_TEST_PG_URL,
  uniqueName,
} from '../../test/helpers/database.js';
import '../../test/setup/context.js';
import { seed } from './index.js';

const NOW = new Date('2026-11-21T10:00:00Z');
const SEATS = 4;

async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (inject('dbMode') === 'embedded') {
    const embedded = await startEmbeddedDatabase();
    await migrate(embedded.url);
    return { url: embedded.url, drop: () => embedded.stop() };
  }
  const adminUrl = inject('adminUrl') || process.env.TEST_PG_URL || DEFAULT_TEST_PG_URL;
  const template = inject('templateDb');
  const name = uniqueName('munegu_test_community');
  await adminQuery(
    adminUrl,
    `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`,
  );
  const url = databaseUrl(adminUrl, name);
  if (!template) await migrate(url);
  return {
    url,
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** Row count and highest id of every table: equal before and after = nothing rewritten. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await db.$queryRawUnsafe<Array<{ table_name: string; has_id: boolean }>>(
    `SELECT t.table_name, EXISTS (
       SELECT 1 FROM information_schema.columns c
       WHERE c.table_schema = 'public' AND c.table_name = t.table_name AND c.column_name = 'id'
         AND c.data_type = 'integer') AS has_id
     FROM information_schema.tables t
     WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE' ORDER BY t.table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name, has_id } of tables) {
    const [row] = await db.$queryRawUnsafe<Array<{ n: number; max: number | null }>>(
      `SELECT count(*)::int AS n, ${has_id ? 'max(id)' : 'NULL::int'} AS max FROM "${table_name}"`,
    );
    out[table_name] = `${row!.n}/${row!.max ?? '-'}`;
  }
  return out;
}

describe('demo community', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let supporterId: number;
  let nextMatchId: number;
  let lastPlayedId: number;

  beforeAll(async () => {
    const database = await scratchDatabase();
    drop = database.drop;
    db = createDb({ connectionString: database.url, max: inject('dbMode') === 'embedded' ? 1 : 2 });
    await seed(db, { demo: true, now: NOW });
    supporterId = (await db.user.findUniqueOrThrow({ where: { usernameKey: 'supporter_demo' } }))
      .id;
    nextMatchId = (
      await db.match.findFirstOrThrow({
        where: { finishedAt: null },
        orderBy: [{ kickoffAt: 'asc' }, { id: 'asc' }],
      })
    ).id;
    lastPlayedId = (
      await db.match.findFirstOrThrow({
        where: { finishedAt: { not: null } },
        orderBy: [{ kickoffAt: 'desc' }, { id: 'desc' }],
      })
    ).id;
  }, 180_000);

  afterAll(async () => {
    await db?.$disconnect();
    await drop?.();
  }, 60_000);

  it('changes nothing when seeded again', async () => {
    const before = await fingerprint(db);
    const notifications = await db.notification.findMany({ orderBy: { id: 'asc' } });
    await seed(db, { demo: true, now: NOW });
    expect(await fingerprint(db)).toEqual(before);
    expect(await db.notification.findMany({ orderBy: { id: 'asc' } })).toEqual(notifications);
    expect(before.users).toMatch(/^4[4-9]\//);
  }, 120_000);

  it('fills the leaderboard through the scoring service, supporter_demo mid-table', async () => {
    const ranked = await db.user.findMany({
      where: { predictionRank: { not: null } },
      select: { id: true, predictionPoints: true, predictionRank: true },
      orderBy: { predictionRank: 'asc' },
    });
    expect(ranked.length).toBeGreaterThanOrEqual(30);
    expect(ranked[0]!.predictionRank).toBe(1);
    const sums = await db.prediction.groupBy({
      by: ['userId'],
      where: { points: { not: null } },
      _sum: { points: true },
    });
    const total = new Map(sums.map((s) => [s.userId, s._sum.points ?? 0]));
    for (const u of ranked) expect(u.predictionPoints).toBe(total.get(u.id));
    // Competition ranks: a member's rank is 1 + the number of members with more points.
    for (const u of ranked) {
      expect(u.predictionRank).toBe(
        1 + ranked.filter((o) => o.predictionPoints > u.predictionPoints).length,
      );
    }
    const me = ranked.find((u) => u.id === supporterId)!;
    expect(me.predictionRank! / ranked.length).toBeGreaterThan(0.2);
    expect(me.predictionRank! / ranked.length).toBeLessThan(0.8);
    const lastRound = await db.match.findUniqueOrThrow({ where: { id: lastPlayedId } });
    expect(
      await db.rankingSnapshot.count({
        where: { season: lastRound.season, matchday: lastRound.matchday },
      }),
    ).toBe(ranked.length);
    expect(
      lastRound.statsExact +
        lastRound.statsResultDiff +
        lastRound.statsResult +
        lastRound.statsWrong,
    ).toBe(await db.prediction.count({ where: { matchId: lastPlayedId } }));
    // The next match is still open for supporter_demo's own prediction.
    expect(
      await db.prediction.count({ where: { matchId: nextMatchId, userId: supporterId } }),
    ).toBe(0);
    expect(await db.prediction.count({ where: { matchId: nextMatchId } })).toBeGreaterThan(5);
  });

  it('has a busy next match and supporter_demo driving a confirmed carpool', async () => {
    const presences = await db.presence.findMany({ where: { matchId: nextMatchId } });
    const searches = await db.rideSearch.findMany({ where: { matchId: nextMatchId } });
    expect(presences.length).toBeGreaterThanOrEqual(20);
    expect(new Set(presences.map((p) => p.departureDepartment)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(presences.map((p) => p.transportTypeId))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(presences.some((p) => p.transportTypeId === 1 && !p.offersCarpool)).toBe(true);
    expect(presences.some((p) => p.transportTypeId === 2 && p.antennaId !== null)).toBe(true);
    expect(presences.some((p) => p.transportTypeId === 2 && p.antennaId === null)).toBe(true);
    expect(searches.length).toBeGreaterThanOrEqual(6);

    const mine = presences.find((p) => p.userId === supporterId)!;
    expect(mine).toMatchObject({
      transportTypeId: 1,
      offersCarpool: true,
      departureDepartment: '06',
    });
    const confirmed = await db.carpoolRelation.findMany({
      where: { matchId: nextMatchId, driverId: supporterId, statusId: 3 },
    });
    expect(confirmed.length).toBeGreaterThanOrEqual(1);
    const taken = confirmed.reduce((n, r) => n + r.groupSize, 0);
    expect(mine.freeSeats).toBe(SEATS - taken);
    expect(mine.freeSeats).toBe(1);
    expect(confirmed.some((r) => r.groupSize === 2)).toBe(true);
    const pending = await db.carpoolRelation.findMany({
      where: { matchId: nextMatchId, user2Id: supporterId, statusId: 2 },
    });
    expect(pending).toHaveLength(1);
    expect(pending[0]!.groupSize).toBeLessThanOrEqual(mine.freeSeats);
    // The car's group thread (issue 30): the driver and the confirmed passengers, a few
    // messages, the last one unread for supporter_demo.
    const group = await db.messageGroup.findFirstOrThrow({
      where: { matchId: nextMatchId, driverId: supporterId },
      include: { members: true, messages: true },
    });
    expect(group.kind).toBe('covoiturage');
    expect(new Set(group.members.map((m) => m.userId))).toEqual(
      new Set([supporterId, ...confirmed.map((r) => r.passengerId)]),
    );
    expect(group.messages.length).toBeGreaterThanOrEqual(3);
    const others = await db.carpoolRelation.count({
      where: {
        matchId: nextMatchId,
        statusId: { in: [1, 2] },
        NOT: [{ user1Id: supporterId }, { user2Id: supporterId }],
      },
    });
    expect(others).toBeGreaterThanOrEqual(2);
    const unread = await db.notification.findMany({
      where: { recipientId: supporterId, readAt: null, deletedAt: null },
    });
    expect(unread.map((n) => n.statusId).sort()).toEqual([2, 3]);
  });

  it('keeps every presence, search, relation and notification consistent', async () => {
    const both = await db.$queryRawUnsafe<unknown[]>(
      `SELECT p.user_id FROM presences p JOIN ride_searches s USING (user_id, match_id)`,
    );
    expect(both).toEqual([]);
    const relations = await db.carpoolRelation.findMany({
      include: {
        changes: { orderBy: { createdAt: 'asc' }, include: { reason: true } },
        notifications: true,
      },
    });
    expect(relations.length).toBeGreaterThanOrEqual(15);
    const reasonKind: Record<number, string> = { 5: 'ANNULATION', 6: 'EXCLUSION' };
    for (const r of relations) {
      const driver = await db.presence.findUnique({
        where: { userId_matchId: { userId: r.driverId, matchId: r.matchId } },
      });
      expect(driver?.offersCarpool, `relation ${r.id}`).toBe(true);
      const passenger = await db.rideSearch.findUnique({
        where: { userId_matchId: { userId: r.passengerId, matchId: r.matchId } },
      });
      expect(passenger).toMatchObject({
        groupSize: r.groupSize,
        departureDepartment: r.departureDepartment,
      });
      const opened = r.changes[0]!;
      expect(opened.fromStatusId).toBeNull();
      expect(opened.byUserId).toBe(r.user1Id);
      expect(opened.toStatusId === 1 ? [r.user1Id, r.user2Id] : [r.user2Id, r.user1Id]).toEqual([
        r.driverId,
        r.passengerId,
      ]);
      expect(r.changes.at(-1)!.toStatusId).toBe(r.statusId);
      for (const [i, c] of r.changes.entries()) {
        if (i > 0) expect(c.fromStatusId).toBe(r.changes[i - 1]!.toStatusId);
        if (c.toStatusId in reasonKind) expect(c.reason?.kind).toBe(reasonKind[c.toStatusId]);
      }
      expect(r.notifications).toHaveLength(r.changes.length);
      for (const n of r.notifications) {
        const change = r.changes.find((c) => c.id === n.statusChangeId)!;
        expect(n).toMatchObject({
          type: 'COVOIT',
          senderId: change.byUserId,
          statusId: change.toStatusId,
        });
        expect(n.recipientId).toBe(change.byUserId === r.user1Id ? r.user2Id : r.user1Id);
      }
    }
    // A driver never has more passengers than seats: free seats are never negative.
    expect(await db.presence.count({ where: { freeSeats: { lt: 0 } } })).toBe(0);
    expect(
      await db.presence.count({ where: { offersCarpool: true, transportTypeId: { not: 1 } } }),
    ).toBe(0);
  });

  it('rates finished carpools, except supporter_demo’s latest one', async () => {
    const ride = await db.carpoolRelation.findFirstOrThrow({
      where: { matchId: lastPlayedId, passengerId: supporterId, statusId: 3 },
    });
    expect(ride.driverId).not.toBe(supporterId);
    expect(
      await db.carpoolRating.count({
        where: { raterId: supporterId, relation: { matchId: lastPlayedId } },
      }),
    ).toBe(0);
    const ratings = await db.carpoolRating.findMany({ include: { relation: true } });
    for (const r of ratings) {
      expect(r.relation.statusId).toBe(3);
      expect([r.relation.driverId, r.relation.passengerId].sort()).toEqual(
        [r.raterId, r.ratedId].sort(),
      );
      expect(r.stars.toNumber() * 2).toBe(Math.round(r.stars.toNumber() * 2));
    }
    const rated = [...new Set(ratings.map((r) => r.ratedId))];
    expect(rated.length).toBeGreaterThanOrEqual(5);
    for (const id of rated) {
      const notes = ratings.filter((r) => r.ratedId === id).map((r) => r.stars.toNumber());
      const user = await db.user.findUniqueOrThrow({ where: { id } });
      expect(user.carpoolRating?.toNumber()).toBeCloseTo(
        notes.reduce((a, b) => a + b, 0) / notes.length,
        2,
      );
    }
    // 'Mes matchs au stade': supporter_demo went to earlier matches too.
    const earlier = await db.presence.count({
      where: { userId: supporterId, match: { finishedAt: { not: null } } },
    });
    expect(earlier).toBeGreaterThanOrEqual(2);
  });

  it('gives supporter_demo conversations, one unread, one with a carpool partner', async () => {
    const conversations = await db.conversation.findMany({
      where: { OR: [{ user1Id: supporterId }, { user2Id: supporterId }] },
      include: { messages: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } },
    });
    expect(conversations.length).toBeGreaterThanOrEqual(2);
    for (const c of conversations) {
      expect(c.pairKey).toBe([c.user1Id, c.user2Id].sort((a, b) => a - b).join(':'));
      expect(c.messages[0]?.senderId).toBe(c.user1Id);
      expect(c.lastMessageAt).toEqual(
        new Date(Math.max(...c.messages.map((m) => m.createdAt.getTime()))),
      );
    }
    expect(
      await db.message.count({ where: { receiverId: supporterId, readAt: null } }),
    ).toBeGreaterThanOrEqual(1);
    const partners = conversations.map((c) => (c.user1Id === supporterId ? c.user2Id : c.user1Id));
    const carpool = await db.carpoolRelation.findFirst({
      where: {
        statusId: 3,
        OR: [
          { driverId: supporterId, passengerId: { in: partners } },
          { passengerId: supporterId, driverId: { in: partners } },
        ],
      },
    });
    expect(carpool).not.toBeNull();
  });

  it('gives the moderators a queue: open reports grouped on a few members, and a history', async () => {
    const open = await db.report.groupBy({
      by: ['reportedUserId'],
      where: { status: 'OPEN' },
      _count: { _all: true },
    });
    const counts = open.map((g) => g._count._all).sort((a, b) => b - a);
    expect(counts.slice(0, 3)).toEqual([3, 2, 1]);
    // Every report before now, from a member about another one.
    const reports = await db.report.findMany();
    for (const r of reports) {
      expect(r.createdAt.getTime()).toBeLessThan(NOW.getTime());
      expect(r.reporterId).not.toBe(r.reportedUserId);
    }
    const enzo = await db.user.findUniqueOrThrow({ where: { usernameKey: 'demo_enzo' } });
    // enzo's message reports point at what he wrote to the reporter, for the card to quote.
    const aboutMessages = await db.report.findMany({
      where: { reportedUserId: enzo.id, section: 'message' },
    });
    expect(aboutMessages.length).toBeGreaterThan(0);
    for (const r of aboutMessages) {
      expect(r.contextType).toBe('message');
      const message = await db.message.findUniqueOrThrow({ where: { id: r.contextId! } });
      expect(message).toMatchObject({ senderId: enzo.id, receiverId: r.reporterId });
      expect(message.createdAt.getTime()).toBeLessThan(r.createdAt.getTime());
    }
    // The demo journal (seed/demo-journal.ts) adds a later suspension of theirs: find the warning.
    const warning = await db.auditLog.findFirst({
      where: { targetType: 'user', targetId: String(enzo.id), action: 'moderation.user.warn' },
      include: { actor: true },
    });
    expect(warning).toMatchObject({
      targetLabel: 'demo_enzo',
      actor: { usernameKey: 'moderateur_demo' },
      data: { reason: 'Messages agressifs envers un autre supporter après le match.' },
    });
  });
});
