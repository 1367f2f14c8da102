/**
 * The default avatar of a member without a picture: the initials of the pseudo on a colour
 * drawn from it, so that members side by side (the demo's 'demo_…' pseudos included) differ.
 */

/**
 * Backgrounds for white initials, each with a contrast ratio of at least 4.5:1 against white
 * (WCAG AA for text of any size; checked in avatarFallback.test.ts).
 */
export const AVATAR_COLOURS = [
  '#b40015', // red
  '#1d4ed8', // blue
  '#0f766e', // teal
  '#15803d', // green
  '#7c3aed', // violet
  '#be185d', // pink
  '#b45309', // amber
  '#4b5563', // slate
  '#0e7490', // cyan
  '#9a3412', // rust
] as const;

/**
 * One or two capital letters: the first letter of the pseudo's first part and of its last part,
 * parts being split by '_', '.', '-', spaces, digits and a lower-to-upper case change
 * ('demo_theo' → 'DT', 'demo_thomas83' → 'DT', 'JeanPierre' → 'JP', 'Louis2' → 'L').
 * A pseudo without any letter keeps its first character; an empty one gives '?'.
 */
export function avatarInitials(pseudo: string): string {
  const parts = pseudo
    .trim()
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .split(/[\s_.\-\d]+/u)
    .map((part) => part.match(/\p{L}/u)?.[0])
    .filter((letter): letter is string => letter !== undefined);
  const first = parts[0];
  if (first === undefined) return pseudo.trim().slice(0, 1).toUpperCase() || '?';
  const last = parts.length > 1 ? parts[parts.length - 1] : '';
  // Plain toUpperCase: French has no casing rule of its own, and a locale-aware call loads the
  // locale's data on the first avatar of every page (no Intl at boot, docs/PERFORMANCE.md).
  return (first + last).toUpperCase();
}

/** The same colour for the same pseudo on every page (case ignored), spread over the palette. */
export function avatarColour(pseudo: string): string {
  // FNV-1a, 32 bits: cheap, stable, and close pseudos land on different colours.
  let hash = 0x811c9dc5;
  for (const char of pseudo.trim().toLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length] ?? AVATAR_COLOURS[0];
}
