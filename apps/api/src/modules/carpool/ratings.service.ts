import { CARPOOL_TEXTS as M, CARPOOL_STATUS, type RatingInput } from '@munegu/shared';
import { isUniqueViolation } from '../../db/errors.js';
import type { RunInTransaction } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import type { AccountBudgets } from '../../plugins/rate-limit/account-budgets.js';
import type { RatingsRepository } from './ratings.repository.js';

/**
 * Ratings once the match is finished (spec sections 5 and 6): passengers rate their driver,
 * the driver rates each passenger, 0.5 to 5 in half steps, once per carpool.
 */
export function ratingsService({
  repo,
  transaction,
  budgets,
}: {
  repo: RatingsRepository;
  transaction: RunInTransaction;
  budgets: AccountBudgets;
}) {
  return {
    async rate(me: number, items: RatingInput) {
      const ids = [...new Set(items.map((i) => i.userToUserMatchId))];
      const relations = await repo.relationsForRating(ids);
      const matchIds = new Set(relations.map((r) => r.matchId));
      if (relations.length !== ids.length || matchIds.size !== 1) {
        throw new AppError('FORBIDDEN', M.ratingNotMember);
      }
      const matchId = relations[0]!.matchId;
      if (!(await repo.matchFinished(matchId))) {
        throw new AppError('VALIDATION', M.ratingNotFinished);
      }
      const byId = new Map(relations.map((r) => [r.id, r]));
      for (const item of items) {
        const rel = byId.get(item.userToUserMatchId)!;
        const allowed =
          rel.statusId === CARPOOL_STATUS.CONFIRME &&
          ((rel.driverId === me && item.userId === rel.passengerId) ||
            (rel.passengerId === me && item.userId === rel.driverId));
        if (!allowed) throw new AppError('FORBIDDEN', M.ratingNotMember);
      }
      // Everyone of the carpool gets a note: the driver for a passenger, every passenger
      // for the driver.
      const rated = new Set(items.map((i) => i.userId));
      const expected = relations.some((r) => r.driverId === me)
        ? (await repo.confirmedOfDriver(me, matchId)).map((r) => r.passengerId)
        : [relations[0]!.driverId];
      if (rated.size !== items.length || expected.some((id) => !rated.has(id))) {
        throw new AppError('VALIDATION', M.ratingIncomplete);
      }
      await budgets.take('carpoolRating', String(me));
      try {
        await transaction(async (tx) => {
          await repo.insert(
            tx,
            items.map((i) => ({
              relationId: i.userToUserMatchId,
              raterId: me,
              ratedId: i.userId,
              stars: i.note,
            })),
          );
          await repo.refreshAverages(tx, [...rated]);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('VALIDATION', M.ratingAlreadyDone);
        throw err;
      }
      return { message: M.ratingSaved };
    },
  };
}

export type RatingsService = ReturnType<typeof ratingsService>;
