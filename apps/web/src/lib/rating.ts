/**
 * A carpool rating as every screen writes it (MuneguMap, members, profile, rating form): one
 * decimal at most, rounded half up, with the French decimal comma — 4.75 reads '4,8/5', 4.5
 * '4,5/5', 4 '4/5'.
 */
const ONE_DECIMAL = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

export function formatRating(note: number): string {
  // Round the decimal the average was written as, not its binary value (4.45 is 4.4499…).
  const rounded = Math.round(Number(note.toPrecision(12)) * 10) / 10;
  return `${ONE_DECIMAL.format(rounded)}/5`;
}
