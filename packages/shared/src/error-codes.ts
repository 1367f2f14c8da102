/**
 * Error codes shared by the API (which maps each to an HTTP status in one place) and the web
 * client (which may branch on them, e.g. INACTIVE_ACCOUNT on the login page).
 * Kept free of zod: the web app's first load reads error bodies with them (apps/web/src/lib/
 * errorBody.ts) and carries no schema library.
 */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'INACTIVE_ACCOUNT',
  /** Login or refresh of a suspended or banned member: the message says until when. */
  'SUSPENDED_ACCOUNT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA',
  /** The database cannot be reached (restart, failover): 503, try again shortly. */
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
