import { avatarUrl } from '../../lib/avatar-url.js';
import type { LeaderboardRow } from '@munegu/shared';
import type { RankedUserRow } from './predictions.repository.js';

export function toLeaderboardRow(row: RankedUserRow, rank = row.predictionRank): LeaderboardRow {
  return {
    id: row.id,
    username: row.username,
    profile_picture: avatarUrl(row.avatarFile, row.avatarVersion),
    pts_prono: row.predictionPoints,
    classement_prono: rank ?? 0,
  };
}
