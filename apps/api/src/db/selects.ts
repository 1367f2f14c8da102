/**
 * Prisma selections several modules' repositories share, written once: how a notification, a
 * group thread or a mail names a match (its clubs and kickoff).
 */
export const matchNameSelect = {
  id: true,
  kickoffAt: true,
  homeClub: { select: { name: true } },
  awayClub: { select: { name: true } },
} as const;
