/** Joins class names, skipping the false, null and undefined of conditions. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
