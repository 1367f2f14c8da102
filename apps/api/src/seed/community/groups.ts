import type { Db } from '../../db/client.js';
import type { Match } from '../../generated/prisma/client.js';
import { CONFIRME } from './plans.js';
import { earliest, hoursBefore, later, SUPPORTER, type Ids } from './helpers.js';

/**
 * The group thread of supporter_demo's car for the next match (issue 30): the driver and the
 * confirmed passengers, as the app keeps it from the carpool, with a few messages (the last
 * one unread). Written once: nothing when the car already has its group.
 */
const LINES: ReadonlyArray<{ by: 'driver' | number; hoursAgo: number; text: string }> = [
  { by: 'driver', hoursAgo: 30, text: 'Bienvenue dans la voiture ! Départ place Garibaldi.' },
  { by: 0, hoursAgo: 29, text: 'Top, merci ! On prend des écharpes pour tout le monde ?' },
  {
    by: 'driver',
    hoursAgo: 28,
    text: 'Bonne idée. RDV 2 h avant le coup d’envoi, soyez à l’heure 😉',
  },
  { by: 1, hoursAgo: 3, text: 'Je serai là avec 5 minutes d’avance. Dagghe Munegu !' },
];

export async function seedCarGroups(db: Db, now: Date, ids: Ids, match: Match | undefined) {
  const driverId = ids.get(SUPPORTER);
  if (!match || !driverId) return;
  const exists = await db.messageGroup.findFirst({
    where: { matchId: match.id, driverId },
    select: { id: true },
  });
  if (exists) return;
  const passengers = (
    await db.carpoolRelation.findMany({
      where: { matchId: match.id, driverId, statusId: CONFIRME },
      orderBy: { updatedAt: 'asc' },
      select: { passengerId: true, updatedAt: true },
    })
  ).map((r) => ({ id: r.passengerId, since: r.updatedAt }));
  if (passengers.length === 0) return;
  const joinedAt = hoursBefore(now, 31);
  const senderOf = (by: 'driver' | number) =>
    by === 'driver' ? driverId : passengers[by % passengers.length]!.id;
  const messages = LINES.map((l) => ({
    senderId: senderOf(l.by),
    content: l.text,
    createdAt: hoursBefore(now, l.hoursAgo),
  }));
  // The driver has read all but the last message; the passengers have read everything.
  const driverRead = earliest(later(messages.at(-2)!.createdAt, 10 * 60_000), now);
  await db.messageGroup.create({
    data: {
      kind: 'covoiturage',
      matchId: match.id,
      driverId,
      createdAt: joinedAt,
      lastMessageAt: messages.at(-1)!.createdAt,
      members: {
        createMany: {
          data: [
            { userId: driverId, joinedAt, readAt: driverRead },
            ...passengers.map((p) => ({ userId: p.id, joinedAt, readAt: now })),
          ],
        },
      },
      messages: { createMany: { data: messages } },
    },
  });
}
