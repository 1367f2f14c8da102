import { LIMITS } from '@munegu/shared';

/**
 * What a score field keeps of what is typed: digits only, two at most, never more than 50
 * (spec section 2, prediction; the operators' score form uses the same rule).
 */
export function sanitizeScore(raw: string): string {
  return readScore(raw).value;
}

/**
 * The same, saying whether the number typed was above 50 and brought down to it: the form
 * says so, rather than leave the member wondering why 51 became 50.
 */
export function readScore(raw: string): { value: string; capped: boolean } {
  const digits = raw.replace(/\D/g, '').slice(0, 2);
  if (digits === '') return { value: '', capped: false };
  const typed = Number(digits);
  return {
    value: String(Math.min(typed, LIMITS.predictionScoreMax)),
    capped: typed > LIMITS.predictionScoreMax,
  };
}
