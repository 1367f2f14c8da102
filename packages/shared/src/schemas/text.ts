import { z } from 'zod';
import '../zod-locale.js';

/**
 * Characters no member types and PostgreSQL may refuse (it rejects U+0000 in text): C0 control
 * characters and DEL, and unpaired UTF-16 surrogates (with the `u` flag, \p{Cs} matches only a
 * lone half; a well-formed pair is one code point). Free text may keep tab and line breaks.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- idem
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /\p{Cs}/u;

export const BAD_TEXT_MESSAGE = 'Ce texte contient des caractères non autorisés.';

export function isCleanText(value: string, options: { multiline?: boolean } = {}): boolean {
  const control = options.multiline ? CONTROL_MULTILINE : CONTROL_SINGLE_LINE;
  return !control.test(value) && !LONE_SURROGATE.test(value);
}

/** A single-line string input: no control character at all, no lone surrogate. */
export const text = () =>
  z.string().refine((v) => isCleanText(v), { error: BAD_TEXT_MESSAGE, abort: true });

/** Free text (messages, descriptions): tab and line breaks allowed, nothing else. */
export const multilineText = () =>
  z
    .string()
    .refine((v) => isCleanText(v, { multiline: true }), { error: BAD_TEXT_MESSAGE, abort: true });

/**
 * The first string inside a request part (body, query, params) that is not clean even as free
 * text, with its path; null when there is none. The API runs it on every input before the
 * route's own schema, so a route whose schema forgot `text()` still never passes such bytes on.
 */
export function findUncleanText(
  value: unknown,
  path: (string | number)[] = [],
  depth = 0,
): (string | number)[] | null {
  if (typeof value === 'string') return isCleanText(value, { multiline: true }) ? null : path;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  const entries = Array.isArray(value)
    ? value.map((v, i) => [i, v] as const)
    : Object.entries(value as Record<string, unknown>);
  for (const [key, child] of entries) {
    if (typeof key === 'string' && !isCleanText(key)) return [...path, key];
    const found = findUncleanText(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
