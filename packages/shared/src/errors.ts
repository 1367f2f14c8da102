import { z } from 'zod';
import './zod-locale.js';
import { ERROR_CODES } from './error-codes.js';

export { ERROR_CODES, type ErrorCode } from './error-codes.js';

/** Every API error body: `{ message }`, plus `errors` for validation failures and `ttl` for 429. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES).optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Seconds to wait before retrying (429 only). */
  ttl: z.number().int().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
