/**
 * How a member's name reads where it is shown, apart from the user schemas (schemas/users.ts
 * re-exports it) so that a screen naming members does not load zod: the navbar's bell imports
 * this on every signed-in page.
 */

/** A deleted (anonymised) account: its pseudo contains 'supprime' (spec section 2, redirects). */
export function isDeletedPseudo(pseudo: string): boolean {
  return pseudo.toLowerCase().includes('supprime');
}
