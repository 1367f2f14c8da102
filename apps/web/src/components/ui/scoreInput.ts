import { LIMITS } from '@munegu/shared';

/**
 * What a score field keeps of what is typed: digits only, two at most, never more than 50
 * (spec section 2, prediction; the operators' score form uses the same rule).
 */
export function sanitizeScore(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 2);
  if (digits === '') return '';
  return String(Math.min(Number(digits), LIMITS.predictionScoreMax));
}
