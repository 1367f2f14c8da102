// The operators' match as the wire names it (the spec's French and snake_case fields).
import type { AdminMatch } from '@munegu/shared';
import type { AdminMatchRow } from './admin-matches.repository.js';
import { utcToParis } from './paris-time.js';

const clubRef = (c: { id: number; name: string; logo: string }) => ({
  id: c.id,
  nom: c.name,
  logo: c.logo,
});

/** `now`: predictions stay open until kickoff, so the answer depends on when it is given. */
export function toAdminMatch(m: AdminMatchRow, now: Date): AdminMatch {
  return {
    id: m.id,
    season: m.season,
    journee: m.matchday,
    date: m.kickoffAt.toISOString(),
    kickoff: utcToParis(m.kickoffAt),
    hashtag: m.hashtag,
    ticket_url: m.ticketUrl,
    club_dom: clubRef(m.homeClub),
    club_ext: clubRef(m.awayClub),
    is_finish: m.finishedAt !== null,
    edit_pronostic: m.finishedAt === null && now < m.kickoffAt,
    buts_dom: m.homeGoals,
    buts_ext: m.awayGoals,
    nb_pronostics: m._count.predictions,
    annonce_horaire: pendingNotice(m)?.toISOString() ?? null,
  };
}

/**
 * When the travellers will hear of the kickoff, if they will: a kickoff put back to what they
 * last heard is held like any move, but its run will announce nothing, so nothing is said.
 */
function pendingNotice(m: AdminMatchRow): Date | null {
  if (!m.kickoffNoticeAt || m.kickoffHeardAt?.getTime() === m.kickoffAt.getTime()) return null;
  return m.kickoffNoticeAt;
}
