import type { LeaderboardRow } from '@munegu/shared';
import type { RankedUserRow } from './predictions.repository.js';

/** Same public path as the users module: /uploads/avatar/<file>?v=<version>, or null. */
export const avatarUrl = (file: string | null, version: number) =>
  file ? `/uploads/avatar/${file}?v=${version}` : null;

export function toLeaderboardRow(row: RankedUserRow, rank = row.classementProno): LeaderboardRow {
  return {
    id: row.id,
    username: row.pseudo,
    profile_picture: avatarUrl(row.avatarFile, row.avatarVersion),
    pts_prono: row.ptsProno,
    classement_prono: rank ?? 0,
  };
}
