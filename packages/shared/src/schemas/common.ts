import { z } from 'zod';
import '../zod-locale.js';
import { isSafeText } from '../safe-text.js';

export { isSafeText } from '../safe-text.js';

/** A free text field that rejects the forbidden content of section 5 with `message`. */
export function safeText(message: string) {
  return z.string().refine(isSafeText, { message });
}

/** The largest id a PostgreSQL `integer` column holds: beyond it a lookup is a 400, not a 500. */
export const ID_MAX = 2_147_483_647;

/**
 * The id a form's select sends: `required` when none was chosen (absent, or 0 from its
 * '— Choisir —' option), `unknown` for an id that names nothing (the API checks it again
 * against its table). A number, not coerced: coercion turns an absent id into NaN, which could
 * not be told from garbage.
 */
export const chosenIdSchema = (required: string, unknown: string) =>
  z
    .number({ error: (issue) => (issue.input == null ? required : unknown) })
    .int({ error: unknown })
    .positive({ error: required })
    .max(ID_MAX, { error: unknown });

/**
 * Text naming an id (a public profile addressed by id rather than pseudo): digits within
 * ID_MAX. Longer digit strings are looked up as pseudos, never sent to an integer column.
 */
export const isIdText = (text: string): boolean =>
  /^\d{1,10}$/.test(text) && Number(text) <= ID_MAX;

/** One page of a paged list: its items, how many there are in all, which page and its size. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(ID_MAX) });
export const messageResponseSchema = z.object({ message: z.string() });

/** GET /health: the process answers, and whether the database does. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
});
