import { z } from 'zod';

/**
 * Error codes shared by the API (which maps each to an HTTP status in one place) and the web
 * client (which may branch on them, e.g. INACTIVE_ACCOUNT on the login page).
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

/** Every API error body: `{ message }`, plus `errors` for validation failures and `ttl` for 429. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES).optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Seconds to wait before retrying (429 only). */
  ttl: z.number().int().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
