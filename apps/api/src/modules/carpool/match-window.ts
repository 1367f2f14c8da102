import { CARPOOL_MESSAGES as M } from '@munegu/shared';
import { AppError } from '../../lib/errors.js';
import type { CarpoolRepository } from './carpool.repository.js';

/**
 * The match a presence or a relation is about, if it still takes answers: like predictions,
 * presences and carpools lock at kickoff (spec section 4).
 */
export async function openMatch(
  repo: Pick<CarpoolRepository, 'match'>,
  matchId: number,
  now: Date,
) {
  const match = await repo.match(matchId);
  if (!match) throw new AppError('NOT_FOUND', M.unknownMatch);
  if (match.finishedAt) throw new AppError('CONFLICT', M.matchFinished);
  if (match.kickoffAt.getTime() <= now.getTime()) throw new AppError('CONFLICT', M.matchLocked);
  return match;
}

/** The match, open or not (reads, ratings). */
export async function existingMatch(repo: Pick<CarpoolRepository, 'match'>, matchId: number) {
  const match = await repo.match(matchId);
  if (!match) throw new AppError('NOT_FOUND', M.unknownMatch);
  return match;
}
