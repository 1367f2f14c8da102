/** Roles allowed into the operators' screens. Roles are compared by upper-cased label. */
export const OPERATOR_ROLES = ['MODERATEUR', 'ADMIN'] as const;

export function isOperator(role: { libelle: string } | null | undefined): boolean {
  const label = role?.libelle?.toUpperCase() ?? '';
  return (OPERATOR_ROLES as readonly string[]).includes(label);
}
