/**
 * What every part of the demo community shares: who the demo account is, the antennas the
 * plans name, the user ids they resolve to, and the time and randomness helpers that keep
 * every run writing the same data.
 */

/**
 * Plans name the UTILISATEUR demo account of demo.ts (supporter_demo, the one the demo is shown
 * with) with this key; members by their pseudo without 'demo_'.
 */
export const SUPPORTER = 'supporter';

/** Antennas (reference data) that members join and whose buses they take. */
export const NICE = 'Club des Supporters - Nice';
export const MONACO = 'Club des Supporters - Monaco';
export const ULTRAS = 'Ultras Monaco 1994';
export const RIVIERA = 'Rouge et Blanc Riviera';

/** User ids by member key, SUPPORTER for supporter_demo. */
export type Ids = ReadonlyMap<string, number>;

export const HOUR_MS = 3_600_000;

export const hoursBefore = (t: Date, hours: number) => new Date(t.getTime() - hours * HOUR_MS);
export const later = (t: Date, ms: number) => new Date(t.getTime() + ms);
/** Caps a derived instant (a read, a rating) at now, so nothing happens in the future. */
export const earliest = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

/** A deterministic generator per key (FNV-1a then mulberry32): same data on every run. */
export function random(key: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
