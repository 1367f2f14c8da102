import type { Club, LeagueRow, Match, PastMatch } from '@munegu/shared';
import type { ClubFields, MatchCard, MatchWithClubs } from './matches.repository.js';

export function toClub(club: ClubFields): Club {
  return {
    id: club.id,
    nom: club.name,
    logo: club.logo,
    stade: club.stadiumImage,
    nomStade: club.stadiumName,
    ville: club.city,
    departement_club: club.department,
    live_feed_url: club.liveFeedUrl,
  };
}

/** 'HH:mm' of an instant in UTC (spec: times are read as UTC and shown in the browser's zone). */
const utcTime = (d: Date) => d.toISOString().slice(11, 16);

/** `ordre` and `edit_pronostic` are derived here, at read time, from the kickoff and `now`. */
export function toMatch(match: MatchCard, ordre: number, now: Date): Match {
  return {
    id: match.id,
    date: match.kickoffAt.toISOString(),
    heure: utcTime(match.kickoffAt),
    journee: match.matchday,
    hashtag: match.hashtag,
    ordre,
    is_finish: match.finishedAt !== null,
    edit_pronostic: match.finishedAt === null && now.getTime() < match.kickoffAt.getTime(),
    buts_dom: match.homeGoals,
    buts_ext: match.awayGoals,
    club_dom: toClub(match.homeClub),
    club_ext: toClub(match.awayClub),
    ticket_url: match.ticketUrl,
  };
}

export function toLeagueRow(row: {
  position: number;
  played: number;
  points: number;
  goalDiff: number;
  club: Pick<ClubFields, 'id' | 'name' | 'logo'>;
}): LeagueRow {
  return {
    position: row.position,
    club: { id: row.club.id, nom: row.club.name, logo: row.club.logo },
    matchs_joues: row.played,
    points: row.points,
    diff_buts: row.goalDiff,
  };
}

const clubRef = (club: Pick<ClubFields, 'id' | 'name' | 'logo'>) => ({
  id: club.id,
  nom: club.name,
  logo: club.logo,
});

/** Spec "Past match": a finished match with its cached prediction statistics. */
export function toPastMatch(match: MatchWithClubs): PastMatch {
  return {
    id: match.id,
    journee: match.matchday,
    date: match.kickoffAt.toISOString(),
    club_dom: clubRef(match.homeClub),
    club_ext: clubRef(match.awayClub),
    buts_dom: match.homeGoals ?? 0,
    buts_ext: match.awayGoals ?? 0,
    prono_scores_exacts: match.statsExact,
    prono_bons_resultats_diff: match.statsResultDiff,
    prono_bons_resultats: match.statsResult,
    prono_mauvais_resultats: match.statsWrong,
  };
}
