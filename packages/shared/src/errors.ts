import { z } from 'zod';
import './zod-locale.js';
import { ERROR_CODES } from './error-codes.js';

export { ERROR_CODES, type ErrorCode } from './error-codes.js';

/**
 * Every API error body: `{ message }`, plus `errors` for validation failures, `ttl` for 429 and
 * `suspension` for a suspended account.
 */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES).optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Seconds to wait before retrying (429 only). */
  ttl: z.number().int().optional(),
  /**
   * SUSPENDED_ACCOUNT only (login and refresh): the sanction as the member's page shows it.
   * `until` ISO, null for a ban; `reason` as the moderator wrote it, null when none was kept.
   */
  suspension: z.object({ until: z.string().nullable(), reason: z.string().nullable() }).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
