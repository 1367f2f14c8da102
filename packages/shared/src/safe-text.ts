/**
 * Spec section 5: text must not carry HTML tags, scripts or inline handlers. Apart from the
 * schemas (schemas/common.ts re-exports it) so a screen that only checks text loads no zod.
 */
const FORBIDDEN_TEXT = /<[^>]*>|<\s*script|javascript:|data:text\/html|onerror\s*=|onload\s*=/i;

export function isSafeText(value: string): boolean {
  return !FORBIDDEN_TEXT.test(value);
}
