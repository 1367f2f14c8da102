import { LIMITS, type ConfirmedCarpool } from '@munegu/shared';

/** Someone the member rates, and the relation the rating belongs to. */
export type RatingTarget = {
  userId: number;
  userToUserMatchId: number;
  username: string;
  picture: string | null;
  role: 'Conducteur' | 'Passager';
};

/**
 * Passengers rate the driver, the driver rates each passenger (spec section 6). A passenger's
 * rating goes on the carpool's relation; the driver's on each passenger's own relation.
 */
export function ratingTargets(carpool: ConfirmedCarpool): RatingTarget[] {
  if (carpool.isDriver)
    return carpool.passagers.map((p) => ({
      userId: p.id,
      userToUserMatchId: p.relationId,
      username: p.username,
      picture: p.profile_picture,
      role: 'Passager',
    }));
  const driver = carpool.vehicule;
  return [
    {
      userId: driver.id,
      userToUserMatchId: carpool.relationId,
      username: driver.username,
      picture: driver.profile_picture,
      role: 'Conducteur',
    },
  ];
}

/** 0.5, 1, … 5: the half steps of a rating (spec section 5). */
export const RATING_VALUES = Array.from(
  { length: Math.round((LIMITS.rating.max - LIMITS.rating.min) / LIMITS.rating.step) + 1 },
  (_, i) => LIMITS.rating.min + i * LIMITS.rating.step,
);

/** A choice of the form reads like every rating shown elsewhere ('4,5/5'). */
export { formatRating } from '../../../lib/rating';
