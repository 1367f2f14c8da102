/**
 * A member's search text as a literal inside a LIKE/ILIKE pattern. Prisma's `contains` and
 * `startsWith` pass their operand to LIKE without escaping (prisma/prisma#19506), so a search
 * for '%' or '_' would match everyone; PostgreSQL's default LIKE escape is the backslash.
 */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
