import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { byFrenchName } from '../../lib/french-order.js';

const clubFeed = { id: true, name: true, logo: true, liveFeedUrl: true } as const;

/** Site settings (key/value rows) and the clubs' live feeds. */
export function siteRepository(db: Db) {
  return {
    settings: async (keys: string[], tx: Db | Tx = db) =>
      new Map(
        (await tx.siteSetting.findMany({ where: { key: { in: keys } } })).map((s) => [
          s.key,
          s.value,
        ]),
      ),
    setSetting: (tx: Tx, key: string, value: string) =>
      tx.siteSetting.upsert({ where: { key }, create: { key, value }, update: { value } }),
    clearSettings: (tx: Tx, keys: string[]) =>
      tx.siteSetting.deleteMany({ where: { key: { in: keys } } }),

    clubs: async () => (await db.club.findMany({ select: clubFeed })).sort(byFrenchName),
    club: (id: number, tx: Db | Tx = db) => tx.club.findUnique({ where: { id }, select: clubFeed }),
    setLiveFeed: (tx: Tx, id: number, liveFeedUrl: string | null) =>
      tx.club.update({ where: { id }, data: { liveFeedUrl }, select: clubFeed }),
  };
}

export type SiteRepository = ReturnType<typeof siteRepository>;
