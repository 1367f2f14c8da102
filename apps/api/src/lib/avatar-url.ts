/**
 * The public address of a member's avatar; the version changes with each upload so browsers
 * and proxies never show a replaced picture from their cache. null: the default avatar.
 */
export function avatarUrl(file: string | null, version: number): string | null {
  return file ? `/uploads/avatar/${file}?v=${version}` : null;
}
