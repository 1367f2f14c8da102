/**
 * What the organisers' pages keep in this device's localStorage: the last boarding list of each
 * trip (`munegu-inscrits-<id>`, what check-in shows without network) and the ticks not sent yet
 * (`munegu-pointages`). Names and phones of registrants, and ticks that would be replayed under
 * whoever signs in next: they belong to the signed-in organiser only.
 */
export const REGISTRANTS_PREFIX = 'munegu-inscrits-';
export const TICKS_KEY = 'munegu-pointages';

/** Forgets every list and pending tick kept on this device (at sign-out). */
export function forgetOrganiserData(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys)
      if (key === TICKS_KEY || key?.startsWith(REGISTRANTS_PREFIX)) localStorage.removeItem(key);
  } catch {
    // No storage (private mode): nothing was kept.
  }
}
