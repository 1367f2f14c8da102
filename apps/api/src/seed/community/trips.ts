import { ACTIVE_CARPOOL_STATUSES, MONACO_CLUB_ID, TRANSPORT_IDS } from '@munegu/shared';
import type { Db } from '../../db/client.js';
import { parisDay, parisDayStart } from '../../lib/paris-time.js';
import { DEMO_MEMBERS } from './members.js';
import { HOUR_MS, hoursBefore, NICE, SUPPORTER, type Ids } from './helpers.js';

/**
 * The Nice antenna's coach for the next away match (issue 30), organised by the demo
 * REDACTEUR: 50 seats, 47 confirmed (several members with companions), 3 free, and a waiting
 * list of 3 whose head is a group of 4 (under the strict order, nobody behind it overtakes),
 * 25 €, departure 06:00 Paris time on match day, registrations closing 2 days before.
 * Members with a carpool for that match (supporter_demo's car) are left out: one car or one
 * coach. Written once: nothing when the antenna already has a trip for that match.
 */
const SEATS = 50;
const CONFIRMED_SEATS = 47;
/** Group sizes of the confirmed registrations, in turn; then the waiting list's. */
const GROUPS = [2, 1, 3, 1, 2, 4, 1, 2, 1, 3];
const WAITING = [4, 2, 1];
const ORGANIZER_EMAIL = 'redacteur@demo.munegu.local';

export async function seedCoachTrip(
  db: Db,
  now: Date,
  ids: Ids,
  antennas: ReadonlyMap<string, number>,
) {
  const antennaId = antennas.get(NICE);
  const organizer = await db.user.findUnique({ where: { email: ORGANIZER_EMAIL } });
  const match = await db.match.findFirst({
    where: { awayClubId: MONACO_CLUB_ID, finishedAt: null, kickoffAt: { gt: now } },
    orderBy: [{ kickoffAt: 'asc' }, { id: 'asc' }],
  });
  if (!antennaId || !organizer) return;
  await db.antennaOrganizer.createMany({
    data: [{ antennaId, userId: organizer.id }],
    skipDuplicates: true,
  });
  if (!match || (await db.trip.count({ where: { matchId: match.id, antennaId } })) > 0) return;

  const departureAt = new Date(parisDayStart(parisDay(match.kickoffAt)).getTime() + 6 * HOUR_MS);
  const trip = await db.trip.create({
    data: {
      matchId: match.id,
      antennaId,
      departurePlace: 'Place Garibaldi, Nice (devant la fontaine)',
      departureAt,
      returnAt: new Date(match.kickoffAt.getTime() + 5 * HOUR_MS),
      seats: SEATS,
      fareCents: 2500,
      deadline: new Date(departureAt.getTime() - 48 * HOUR_MS),
      notes: 'Écharpes et drapeaux bienvenus. Pique-nique à prévoir pour la route.',
      createdById: organizer.id,
      createdAt: hoursBefore(now, 24 * 10),
    },
  });

  const inCars = new Set(
    (
      await db.carpoolRelation.findMany({
        where: { matchId: match.id, statusId: { in: [...ACTIVE_CARPOOL_STATUSES] } },
        select: { user1Id: true, user2Id: true },
      })
    ).flatMap((r) => [r.user1Id, r.user2Id]),
  );
  const candidates = DEMO_MEMBERS.map((member) => ids.get(member.key))
    .filter((id): id is number => id !== undefined && id !== ids.get(SUPPORTER))
    .filter((id) => !inCars.has(id));

  const rows: { userId: number; seatCount: number; status: 'CONFIRME' | 'ATTENTE' }[] = [];
  let taken = 0;
  for (const [i, userId] of candidates.entries()) {
    if (taken >= CONFIRMED_SEATS || candidates.length - i <= WAITING.length) break;
    const seatCount = Math.min(GROUPS[i % GROUPS.length]!, CONFIRMED_SEATS - taken);
    rows.push({ userId, seatCount, status: 'CONFIRME' });
    taken += seatCount;
  }
  for (const [i, userId] of candidates.slice(rows.length, rows.length + 3).entries())
    rows.push({ userId, seatCount: WAITING[i]!, status: 'ATTENTE' });

  // Registered over the last days, in id order (the waiting list's order).
  const at = (i: number) => hoursBefore(now, 24 * 9 - i * 5);
  await db.tripRegistration.createMany({
    data: rows.map((r, i) => ({
      tripId: trip.id,
      ...r,
      paid: r.status === 'CONFIRME' && i % 3 !== 2,
      confirmedAt: r.status === 'CONFIRME' ? at(i) : null,
      createdAt: at(i),
    })),
  });
  // A confirmed seat is the member's answer 'bus — Nice' (what the app does on confirm).
  for (const r of rows.filter((row) => row.status === 'CONFIRME')) {
    const [presence, user] = await Promise.all([
      db.presence.findUnique({
        where: { userId_matchId: { userId: r.userId, matchId: match.id } },
      }),
      db.user.findUniqueOrThrow({ where: { id: r.userId }, select: { department: true } }),
    ]);
    const bus = {
      transportTypeId: TRANSPORT_IDS.BUS,
      antennaId,
      offersCarpool: false,
      freeSeats: 0,
      active: true,
      departureDepartment: presence?.departureDepartment ?? user.department.replace(/^FR-/, ''),
    };
    await db.rideSearch.deleteMany({ where: { userId: r.userId, matchId: match.id } });
    await db.presence.upsert({
      where: { userId_matchId: { userId: r.userId, matchId: match.id } },
      create: { userId: r.userId, matchId: match.id, ...bus },
      update: bus,
    });
  }
  const confirmed = rows.filter((r) => r.status === 'CONFIRME').map((r) => r.userId);
  await seedCoachThread(db, now, { tripId: trip.id, matchId: match.id }, organizer.id, confirmed);
}

/**
 * The coach's group thread, as the app keeps it (organisers and confirmed registrants), with
 * the organiser's announcement and two answers; the organiser has not read the last one.
 */
async function seedCoachThread(
  db: Db,
  now: Date,
  trip: { tripId: number; matchId: number },
  organizerId: number,
  confirmed: number[],
) {
  const joinedAt = hoursBefore(now, 24 * 9);
  const lines = [
    {
      senderId: organizerId,
      announcement: true,
      hoursAgo: 26,
      content:
        'Rendez-vous 5 h 45 place Garibaldi, départ 6 h pile. Pensez à régler les 25 € avant jeudi !',
    },
    { senderId: confirmed[0]!, announcement: false, hoursAgo: 20, content: 'Réglé, merci !' },
    {
      senderId: confirmed[1]!,
      announcement: false,
      hoursAgo: 2,
      content: 'On peut monter avec un drapeau de 2 m ?',
    },
  ].map(({ hoursAgo, ...line }) => ({ ...line, createdAt: hoursBefore(now, hoursAgo) }));
  await db.messageGroup.create({
    data: {
      kind: 'deplacement',
      ...trip,
      createdAt: joinedAt,
      lastMessageAt: lines.at(-1)!.createdAt,
      members: {
        createMany: {
          data: [organizerId, ...confirmed].map((userId) => ({
            userId,
            joinedAt,
            readAt: userId === organizerId ? lines.at(-2)!.createdAt : now,
          })),
        },
      },
      messages: { createMany: { data: lines } },
    },
  });
}
