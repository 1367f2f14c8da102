import { hasRole } from './limits.js';

/**
 * Who may edit or delete a news item (spec section 6: REDACTEUR and above write news; the
 * author keeps their own): its author, and every MODERATEUR or ADMIN. The API enforces it
 * (news-editor.service.ts) and the web shows 'Éditer' / 'Supprimer' only where it holds, so an
 * editor never types into a form the server will refuse. Apart from the schemas: the news page
 * decides it without loading zod.
 */
export function mayManageNews(
  caller: { id: number; role: string | null | undefined } | null | undefined,
  authorId: number | null | undefined,
): boolean {
  if (!caller || !hasRole(caller.role, 'REDACTEUR')) return false;
  return hasRole(caller.role, 'MODERATEUR') || (authorId != null && authorId === caller.id);
}
