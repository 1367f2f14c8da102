import type { Db } from '../../db/client.js';
import type { ReasonKind } from '../../generated/prisma/client.js';

export function referenceRepository(db: Db) {
  return {
    transports: () =>
      db.transportType.findMany({ orderBy: { id: 'asc' }, select: { id: true, label: true } }),
    antennas: () =>
      db.antenna.findMany({
        orderBy: [{ category: 'asc' }, { name: 'asc' }],
        select: { id: true, name: true, category: true },
      }),
    newsCategories: () =>
      db.newsCategory.findMany({ orderBy: { id: 'asc' }, select: { id: true, label: true } }),
    reasons: (kind: ReasonKind, section = '') =>
      db.reason.findMany({
        where: { kind, section },
        orderBy: [{ position: 'asc' }, { id: 'asc' }],
        select: { id: true, label: true },
      }),
    departments: () =>
      db.department.findMany({ orderBy: { code: 'asc' }, select: { code: true, name: true } }),
  };
}

export type ReferenceRepository = ReturnType<typeof referenceRepository>;
