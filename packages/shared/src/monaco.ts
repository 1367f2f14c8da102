/**
 * Monaco as a place: not a French department, but the club's own city, where many supporters
 * live. It is chosen, shown, counted and mapped like a department, under the code 'MC' (stored
 * 'FR-MC' as a home department, like the others).
 */
export const MONACO_PLACE = { code: 'MC', name: 'Monaco' } as const;

/**
 * Monaco on the MuneguMap, in the units of /cartes_france/france-departements.svg (viewBox
 * 0 0 613 585), on the Alpes-Maritimes coast: the same point as its centroid in
 * apps/api/src/modules/carpool/geo/department-centroids.json, computed from 43.7384 N,
 * 7.4246 E by apps/api/scripts/department-centroids.ts (a test checks both agree).
 */
export const MONACO_MAP_POINT: readonly [x: number, y: number] = [523.3, 451];
