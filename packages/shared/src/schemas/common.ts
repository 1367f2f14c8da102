import { z } from 'zod';
import '../zod-locale.js';
import { isSafeText } from '../safe-text.js';

export { isSafeText } from '../safe-text.js';

/** A free text field that rejects the forbidden content of section 5 with `message`. */
export function safeText(message: string) {
  return z.string().refine(isSafeText, { message });
}

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });
export const messageResponseSchema = z.object({ message: z.string() });

/** GET /health: the process answers, and whether the database does. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
});
