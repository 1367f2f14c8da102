import {
  ADMINISTRATION_TEXTS as M,
  JOURNAL_TEXTS,
  type AdminClubFeed,
  type Partner,
  type PartnerInput,
  type SiteInfo,
} from '@munegu/shared';
import { missingOperatorVariables } from '../../config/operator.js';
import type { RunInTransaction } from '../../db/tx.js';
import { notFound } from '../../lib/errors.js';
import { writeAuditChange, type Actor } from '../../db/audit.js';
import type { SiteRepository } from './site.repository.js';

/** SiteSetting keys of the home page's partner banner. */
export const PARTNER_KEYS = { code: 'partner.code', url: 'partner.url' } as const;
const keys = [PARTNER_KEYS.code, PARTNER_KEYS.url];

const toClubFeed = (c: { id: number; name: string; logo: string; liveFeedUrl: string | null }) => ({
  id: c.id,
  nom: c.name,
  logo: c.logo,
  live_feed_url: c.liveFeedUrl,
});

/** What the start warning calls the partner offer, set from the administration screens. */
export const PARTNER_MISSING = 'offre partenaire (Administration › Site)';

/**
 * The operator's content (GET /site, from the environment), the partner offer (code and link,
 * both or neither) and the clubs' live-feed links. Until an administrator sets the partner,
 * GET /site/partner answers nulls and the home page shows no banner.
 */
export function siteService({
  repo,
  transaction,
  operator,
}: {
  repo: SiteRepository;
  transaction: RunInTransaction;
  /** The operator's content as configured (with the demo's values in demo mode). */
  operator: SiteInfo;
}) {
  async function partner(read = repo.settings): Promise<Partner> {
    const values = await read(keys);
    const code = values.get(PARTNER_KEYS.code) ?? null;
    const url = values.get(PARTNER_KEYS.url) ?? null;
    // Both are written together; a half pair (hand-edited) is not shown.
    return code && url ? { code, url } : { code: null, url: null };
  }

  return {
    info: (): SiteInfo => operator,
    partner: () => partner(),

    /** What the operator has not filled in yet (variables, then the partner offer). */
    missing: async (): Promise<string[]> => {
      const missing = missingOperatorVariables(operator);
      if ((await partner()).code === null) missing.push(PARTNER_MISSING);
      return missing;
    },

    setPartner: (input: PartnerInput, actor: Actor): Promise<Partner> =>
      transaction(async (tx) => {
        const before = await partner((k) => repo.settings(k, tx));
        if (input.code !== null && input.url !== null) {
          await repo.setSetting(tx, PARTNER_KEYS.code, input.code);
          await repo.setSetting(tx, PARTNER_KEYS.url, input.url);
        } else await repo.clearSettings(tx, keys);
        await writeAuditChange(
          tx,
          actor,
          'site.partner',
          { type: 'site-setting', id: 'partner', label: JOURNAL_TEXTS.partnerOffer },
          before,
          { code: input.code, url: input.url },
        );
        return partner((k) => repo.settings(k, tx));
      }),

    clubs: async (): Promise<AdminClubFeed[]> => (await repo.clubs()).map(toClubFeed),

    setLiveFeed: (id: number, url: string | null, actor: Actor): Promise<AdminClubFeed> =>
      transaction(async (tx) => {
        const before = await repo.club(id, tx);
        if (!before) throw notFound(M.clubNotFound);
        const club = await repo.setLiveFeed(tx, id, url);
        await writeAuditChange(
          tx,
          actor,
          'club.live-feed',
          { type: 'club', id, label: before.name },
          before.liveFeedUrl,
          url,
        );
        return toClubFeed(club);
      }),
  };
}

export type SiteService = ReturnType<typeof siteService>;
