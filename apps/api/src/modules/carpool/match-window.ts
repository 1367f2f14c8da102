import { CARPOOL_TEXTS as M } from '@munegu/shared';
import { AppError } from '../../lib/errors.js';
import type { CarpoolRepository } from './carpool.repository.js';

/**
 * The match a presence or a relation is about, if it still takes answers: like predictions,
 * presences and carpools lock at kickoff (spec section 4). Nothing about a played match
 * changes any more: `locked` is the message for a match that has kicked off or is finished
 * (by default the presence form's wording).
 */
export async function openMatch(
  repo: Pick<CarpoolRepository, 'match'>,
  matchId: number,
  now: Date,
  locked?: string,
) {
  const match = await repo.match(matchId);
  if (!match) throw new AppError('NOT_FOUND', M.unknownMatch);
  if (match.finishedAt) throw new AppError('CONFLICT', locked ?? M.matchFinished);
  if (match.kickoffAt.getTime() <= now.getTime()) {
    throw new AppError('CONFLICT', locked ?? M.matchLocked);
  }
  return match;
}

/** The match of a carpool that may still change (cancel, exclude, answer, seats). */
export const openCarpoolMatch = (
  repo: Pick<CarpoolRepository, 'match'>,
  matchId: number,
  now: Date,
) => openMatch(repo, matchId, now, M.carpoolLocked);

/** The match, open or not (reads, ratings). */
export async function existingMatch(repo: Pick<CarpoolRepository, 'match'>, matchId: number) {
  const match = await repo.match(matchId);
  if (!match) throw new AppError('NOT_FOUND', M.unknownMatch);
  return match;
}
