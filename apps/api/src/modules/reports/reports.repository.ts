import type { Db } from '../../db/client.js';

export interface NewReport {
  reporterId: number;
  reportedUserId: number;
  reasonId: number;
  section: string;
  customReason: string | null;
  createdAt: Date;
}

export function reportsRepository(db: Db) {
  return {
    /** A SIGNALEMENT reason of that section, or null. */
    findReason: (id: number, section: string) =>
      db.reason.findFirst({
        where: { id, kind: 'SIGNALEMENT', section },
        select: { id: true, label: true },
      }),

    findUser: (id: number) =>
      db.user.findUnique({ where: { id }, select: { id: true, pseudo: true, status: true } }),

    /** The same report still waiting for a moderator (same reporter, member, reason, section). */
    hasOpenDuplicate: async (
      r: Pick<NewReport, 'reporterId' | 'reportedUserId' | 'reasonId' | 'section'>,
    ) => (await db.report.count({ where: { ...r, status: 'OPEN' } })) > 0,

    countSince: (reporterId: number, since: Date) =>
      db.report.count({ where: { reporterId, createdAt: { gte: since } } }),

    create: (report: NewReport) => db.report.create({ data: report, select: { id: true } }),
  };
}

export type ReportsRepository = ReturnType<typeof reportsRepository>;
