/**
 * The write hit a unique index (Prisma's P2002): another request took the value between the
 * service's check and its write. Services ask this instead of knowing Prisma's error codes.
 */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'P2002';
}
