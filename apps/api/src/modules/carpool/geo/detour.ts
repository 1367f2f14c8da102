// Rule: a driver from another department is suggested to a member when going through the
// member's department on the way to the stadium adds at most `maxKm` km (60 by default) and
// at most `maxRatio` (25 % by default) of the driver's direct distance to the stadium, as the
// crow flies between department centroids; a driver from the member's own department is never
// suggested.
//
// Distances are straight lines between the centroids of department-centroids.json (generated
// from the web app's map by apps/api/scripts/department-centroids.ts); departments without a
// centroid (overseas) give null and are never suggested. Pure functions, no database.
import data from './department-centroids.json' with { type: 'json' };

export interface DetourRule {
  /** Largest detour, in km. */
  maxKm: number;
  /** Largest detour as a share of the driver's direct distance to the stadium. */
  maxRatio: number;
}

export const DEFAULT_DETOUR_RULE: Readonly<DetourRule> = Object.freeze({
  maxKm: 60,
  maxRatio: 0.25,
});

const CENTROIDS: ReadonlyMap<string, readonly [number, number]> = new Map(
  Object.entries(data.centroids).map(([code, [x, y]]): [string, [number, number]] => [
    code,
    [x ?? NaN, y ?? NaN],
  ]),
);
const UNIT_KM: number = data.unitKm;

/** Straight-line distance in km between two department codes ('06', '2A'), null if unknown. */
export function distanceKm(a: string, b: string): number | null {
  const pa = CENTROIDS.get(a);
  const pb = CENTROIDS.get(b);
  if (!pa || !pb) return null;
  return Math.hypot(pa[0] - pb[0], pa[1] - pb[1]) * UNIT_KM;
}

/**
 * Extra km for a driver who goes driver → member → stadium instead of driver → stadium;
 * null when a department has no centroid. Never negative (triangle inequality), up to rounding.
 */
export function detourKm(
  driverDept: string,
  memberDept: string,
  stadiumDept: string,
): number | null {
  const toMember = distanceKm(driverDept, memberDept);
  const memberToStadium = distanceKm(memberDept, stadiumDept);
  const direct = distanceKm(driverDept, stadiumDept);
  if (toMember === null || memberToStadium === null || direct === null) return null;
  return toMember + memberToStadium - direct;
}

/** Whether the driver's detour through the member's department is small (rule at the top). */
export function isSmallDetour(
  driverDept: string,
  memberDept: string,
  stadiumDept: string,
  rule: DetourRule = DEFAULT_DETOUR_RULE,
): boolean {
  if (driverDept === memberDept) return false;
  const detour = detourKm(driverDept, memberDept, stadiumDept);
  const direct = distanceKm(driverDept, stadiumDept);
  if (detour === null || direct === null) return false;
  return detour <= rule.maxKm && detour <= rule.maxRatio * direct;
}

/**
 * The drivers whose detour through the member's department is small, smallest detour first
 * (ties keep the input order), each with `detour_km` rounded to the km.
 */
export function rankSuggestions<T extends { departement_depart: string }>(
  drivers: readonly T[],
  memberDept: string,
  stadiumDept: string,
  rule: DetourRule = DEFAULT_DETOUR_RULE,
): Array<T & { detour_km: number }> {
  const ranked: Array<{ driver: T; detour: number }> = [];
  for (const driver of drivers) {
    const from = driver.departement_depart;
    if (!isSmallDetour(from, memberDept, stadiumDept, rule)) continue;
    const detour = detourKm(from, memberDept, stadiumDept);
    if (detour !== null) ranked.push({ driver, detour });
  }
  ranked.sort((a, b) => a.detour - b.detour);
  return ranked.map(({ driver, detour }) => ({
    ...driver,
    detour_km: Math.max(0, Math.round(detour)),
  }));
}
