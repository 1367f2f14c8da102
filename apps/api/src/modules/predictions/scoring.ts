import { PREDICTION_POINTS } from '@munegu/shared';

export interface Score {
  dom: number;
  ext: number;
}

/**
 * Points of one prediction against the real score (spec section 9): exact score 5, right result
 * with the right goal difference 3, right result 1, otherwise 0. A draw's difference is always
 * 0, so every right draw that is not exact scores 3. Pure, so it is property-tested and the
 * scoring SQL only receives its results.
 */
export function scorePrediction(pred: Score, real: Score): 0 | 1 | 3 | 5 {
  if (pred.dom === real.dom && pred.ext === real.ext) return PREDICTION_POINTS.exact;
  const predDiff = pred.dom - pred.ext;
  const realDiff = real.dom - real.ext;
  if (Math.sign(predDiff) !== Math.sign(realDiff)) return PREDICTION_POINTS.wrong;
  return predDiff === realDiff ? PREDICTION_POINTS.resultAndDiff : PREDICTION_POINTS.result;
}
