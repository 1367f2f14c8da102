/**
 * First message per field, from a zod error's issues or from the server's `errors` list
 * (`{ path: 'nom', message }`), ready for inline display beside each control.
 */
export function fieldErrors(
  issues: { path: PropertyKey[] | string; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = Array.isArray(issue.path) ? String(issue.path[0] ?? '') : String(issue.path);
    out[key] ??= issue.message;
  }
  return out;
}
