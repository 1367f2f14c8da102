import { writeAuditRow, type AuditRow } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import type { Prisma } from '../../generated/prisma/client.js';

const withClubsAndCount = {
  homeClub: true,
  awayClub: true,
  _count: { select: { predictions: true } },
} as const;
export type AdminMatchRow = Prisma.MatchGetPayload<{ include: typeof withClubsAndCount }>;

export interface MatchFields {
  season: string;
  matchday: number;
  kickoffAt: Date;
  hashtag: string | null;
  homeClubId: number;
  awayClubId: number;
  ticketUrl?: string | null;
}

export function adminMatchesRepository(db: Db) {
  return {
    list: (season?: string) =>
      db.match.findMany({
        where: season ? { season } : {},
        orderBy: [{ kickoffAt: 'asc' }, { id: 'asc' }],
        include: withClubsAndCount,
      }),
    byId: (id: number, tx: Db | Tx = db) =>
      tx.match.findUnique({ where: { id }, include: withClubsAndCount }),
    byRound: (season: string, matchday: number, tx: Db | Tx = db) =>
      tx.match.findUnique({ where: { season_matchday: { season, matchday } } }),
    /** Ids among `ids` that are existing clubs. */
    async existingClubIds(ids: number[]): Promise<Set<number>> {
      const rows = await db.club.findMany({ where: { id: { in: ids } }, select: { id: true } });
      return new Set(rows.map((r) => r.id));
    },
    allClubs: () => db.club.findMany({ select: { id: true, name: true } }),
    create: (tx: Tx, data: MatchFields) => tx.match.create({ data }),
    update: (tx: Tx, id: number, data: Partial<MatchFields>) =>
      tx.match.update({ where: { id }, data }),
    delete: (tx: Tx, id: number) => tx.match.delete({ where: { id } }),
    /**
     * Locks the match row until the transaction ends: a prediction or a presence being saved
     * takes a key-share lock on it (foreign key check), so none can slip in between the counts
     * of a deletion and the delete itself.
     */
    lock: (tx: Tx, id: number) =>
      tx.$queryRaw<{ id: number }[]>`SELECT id FROM matches WHERE id = ${id} FOR UPDATE`,
    predictionCount: (tx: Tx, matchId: number) => tx.prediction.count({ where: { matchId } }),
    deletePredictions: (tx: Tx, matchId: number) =>
      tx.prediction.deleteMany({ where: { matchId } }),
    /** Presences, ride searches and carpool relations declared for the match. */
    async travelCount(tx: Tx, matchId: number): Promise<number> {
      const presences = await tx.presence.count({ where: { matchId } });
      const searches = await tx.rideSearch.count({ where: { matchId } });
      const relations = await tx.carpoolRelation.count({ where: { matchId } });
      return presences + searches + relations;
    },
    setScore: (
      tx: Tx,
      id: number,
      score: { homeGoals: number | null; awayGoals: number | null; finishedAt: Date | null },
    ) => tx.match.update({ where: { id }, data: score }),
    async replaceTable(
      tx: Tx,
      season: string,
      rows: {
        position: number;
        clubId: number;
        played: number;
        points: number;
        goalDiff: number;
      }[],
    ) {
      await tx.leagueTableRow.deleteMany({ where: { season } });
      await tx.leagueTableRow.createMany({ data: rows.map((r) => ({ ...r, season })) });
    },
    audit: (tx: Tx | Db, entry: AuditRow) => writeAuditRow(tx, entry),
    /**
     * Holds a moved kickoff's announcement until `due`. What the travellers last heard is the
     * kickoff before the first move of a burst, so a pending one keeps its own.
     */
    holdKickoffAnnouncement: (tx: Tx, id: number, heard: Date, due: Date) =>
      tx.$executeRaw`UPDATE matches
        SET kickoff_heard_at = COALESCE(kickoff_heard_at, ${heard}), kickoff_notice_at = ${due}
        WHERE id = ${id}`,
    dropKickoffAnnouncement: (tx: Tx, id: number) =>
      tx.match.updateMany({
        where: { id, kickoffNoticeAt: { not: null } },
        data: { kickoffNoticeAt: null, kickoffHeardAt: null },
      }),
    dueKickoffAnnouncements: (now: Date) =>
      db.match.findMany({
        where: { kickoffNoticeAt: { lte: now } },
        select: {
          id: true,
          kickoffAt: true,
          kickoffHeardAt: true,
          kickoffNoticeAt: true,
          finishedAt: true,
        },
        orderBy: { id: 'asc' },
      }),
    /**
     * Takes a due announcement for this run: false when another instance took it, or when the
     * kickoff moved again since it was read (its new due time is later).
     */
    async claimKickoffAnnouncement(id: number, due: Date): Promise<boolean> {
      const { count } = await db.match.updateMany({
        where: { id, kickoffNoticeAt: due },
        data: { kickoffNoticeAt: null, kickoffHeardAt: null },
      });
      return count === 1;
    },
  };
}

export type AdminMatchesRepository = ReturnType<typeof adminMatchesRepository>;
