// What the journal keeps of a match (audit rows of admin-matches): its name, and the fields an
// edit changed, under the names packages/shared journal.ts reads.
import { matchLabel } from '@munegu/shared';
import { auditChanges } from '../../db/audit.js';
import type { AdminMatchRow } from './admin-matches.repository.js';
import type { Actor } from './admin-matches.service.js';

type Named = Pick<
  AdminMatchRow,
  'homeClub' | 'awayClub' | 'kickoffAt' | 'season' | 'matchday' | 'hashtag' | 'ticketUrl'
>;

/** 'AS Monaco – RC Lens (12/09/2026)': how the journal names the match. */
export const matchName = (m: Pick<Named, 'homeClub' | 'awayClub' | 'kickoffAt'>) =>
  matchLabel(m.homeClub.name, m.awayClub.name, m.kickoffAt);

const journaled = (m: Named) => ({
  saison: m.season,
  journee: m.matchday,
  coup_envoi: m.kickoffAt,
  domicile: m.homeClub.name,
  exterieur: m.awayClub.name,
  hashtag: m.hashtag,
  billetterie: m.ticketUrl,
});

/** An edit's audit data: `{ changed, before, after }` (kickoff as an ISO instant). */
export const matchChanges = (before: Named, after: Named) =>
  auditChanges(journaled(before), journaled(after));

/** The stored score as the API names it, or null before one is entered. */
export const scoreOf = (m: { homeGoals: number | null; awayGoals: number | null }) =>
  m.homeGoals === null || m.awayGoals === null
    ? null
    : { buts_dom: m.homeGoals, buts_ext: m.awayGoals };

/** One audit row about one match (the form's, the score's and the import's writes). */
export const matchAudit = (
  actor: Actor,
  action: string,
  targetId: number,
  data?: object,
  label?: string,
) => ({
  actorId: actor.id,
  ip: actor.ip,
  action,
  targetType: 'match',
  targetId: String(targetId),
  targetLabel: label ?? null,
  data: data ? JSON.parse(JSON.stringify(data)) : undefined,
});
