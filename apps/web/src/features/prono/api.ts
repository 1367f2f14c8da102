import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../lib/api';
import { isMonaco, type PastMatch } from '../matches/api';

/** Spec section 3, Leaderboard row. */
export type LeaderboardRow = {
  id: number;
  username: string;
  profile_picture: string | null;
  pts_prono: number;
  classement_prono: number;
};

export const pronoKeys = {
  all: ['prono'] as const,
  leaderboard: () => [...pronoKeys.all, 'leaderboard'] as const,
};

export function useLeaderboard() {
  return useQuery({
    queryKey: pronoKeys.leaderboard(),
    queryFn: getJson<LeaderboardRow[]>('/users/classement-pronos'),
    select: (rows) =>
      Array.isArray(rows) ? [...rows].sort((a, b) => a.classement_prono - b.classement_prono) : [],
  });
}

/** Option text of the previous-matches dropdown: 'J{round} - {opponent}' (spec section 2). */
export function pastMatchLabel(match: PastMatch): string {
  return `J${match.journee} - ${opponentName(match)}`;
}

/** The club facing AS Monaco (club id 1 or a name containing 'monaco'). */
export function opponentName(match: Pick<PastMatch, 'club_dom' | 'club_ext'>): string {
  if (isMonaco(match.club_dom)) return match.club_ext.nom;
  if (isMonaco(match.club_ext)) return match.club_dom.nom;
  return 'Adversaire inconnu';
}
