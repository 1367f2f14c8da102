import type { GroupMessage } from '@munegu/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it, inject } from 'vitest';
import type { TestApp } from '../../test/helpers/app.js';
import { bearer } from '../../test/helpers/auth.js';
import { carpoolWorld } from '../../test/helpers/carpool.js';
import { createUser } from '../../test/helpers/factories.js';
import { connected, until, useSocketApp, useTwoInstances } from '../../test/helpers/sockets.js';
import { tripWorld } from '../../test/helpers/trip-notify.js';
import { domainEvents, type DomainEvents } from '../events/domain-events.js';

/**
 * Group threads live (issue 30), on two API instances joined by the PostgreSQL or the Redis
 * adapter (as multi-instance.test.ts): a message posted through the first reaches the members'
 * sockets on the second, and a passenger taken out of the car receives nothing afterwards.
 * The two-instance cases are skipped on the embedded tier (one process by design, see
 * multi-instance.test.ts); the same scenario on one instance runs on every tier.
 */
const embedded = inject('dbMode') === 'embedded';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.skipIf(embedded).each(['postgres', 'redis'] as const)(
  'group messages across instances (%s adapter)',
  (kind) => {
    const bus = domainEvents();
    const pair = useTwoInstances(kind, redisUrl, { events: bus });

    it('reaches the members on the other instance, and no longer a passenger who was excluded', () =>
      scenario(pair.first, pair.second, pair.secondUrl, pair.sockets));
    it('reaches a coach trip’s members on the other instance, announcements included', () =>
      tripScenario(pair.first, pair.second, pair.secondUrl, pair.sockets, bus));
  },
);

/** A socket of `user` on the second instance, with every 'groupMessage' it receives. */
async function listen(
  second: TestApp,
  secondUrl: string,
  sockets: Socket[],
  user: Awaited<ReturnType<typeof createUser>>,
) {
  const token = (await bearer(second.app, user, second.clock)).authorization.slice(7);
  const socket = connect(secondUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
  });
  sockets.push(socket);
  const got: GroupMessage[] = [];
  socket.on('groupMessage', (e: GroupMessage) => got.push(e));
  await connected(socket);
  return got;
}

/**
 * Writes through `first`, listens on `second` (the same app on the embedded tier): members get
 * the group's messages live, a passenger excluded from the car and a stranger get nothing.
 */
async function scenario(first: TestApp, second: TestApp, secondUrl: string, sockets: Socket[]) {
  const w = carpoolWorld(first);
  const match = await w.match();
  const driver = await w.driver(match.id, 3);
  const a = await w.searcher(match.id, 1);
  const b = await w.searcher(match.id, 1);
  const outsider = await w.member();
  for (const p of [a, b]) {
    await w.request(p, driver, match.id);
    expect((await w.answer(driver, 'confirm', p, match.id)).statusCode).toBe(200);
  }
  const [gotA, gotB, gotOutsider] = await Promise.all([
    listen(second, secondUrl, sockets, a),
    listen(second, secondUrl, sockets, b),
    listen(second, secondUrl, sockets, outsider),
  ]);
  // The LISTEN connections are opened asynchronously after the adapter is installed.
  await new Promise((r) => setTimeout(r, 500));
  const id = (await w.api(driver, 'GET', '/messages/groupes')).json()[0].id as number;

  const sent = await w.api(driver, 'POST', `/messages/groupes/${id}`, { content: 'Départ 7h' });
  expect(sent.statusCode).toBe(201);
  await until(() => gotA.length === 1 && gotB.length === 1, 3000);
  expect(gotA[0]).toMatchObject({
    groupId: id,
    senderId: driver.id,
    senderName: driver.username,
    content: 'Départ 7h',
  });

  const reason = await w.reason('EXCLUSION');
  const excluded = await w.exclude(driver, b.id, match.id, reason.id);
  expect(excluded.statusCode).toBe(200);
  await w.api(driver, 'POST', `/messages/groupes/${id}`, { content: 'Sans toi, désolé' });
  await w.api(a, 'POST', `/messages/groupes/${id}`, { content: 'Ok' });
  await until(() => gotA.length === 2, 3000);
  // a's own message comes back to a's other tabs too.
  await until(() => gotA.length === 3, 3000);
  await new Promise((r) => setTimeout(r, 300));
  expect(gotA.map((e) => e.content)).toEqual(['Départ 7h', 'Sans toi, désolé', 'Ok']);
  expect(gotB.map((e) => e.content)).toEqual(['Départ 7h']);
  expect(gotOutsider).toEqual([]);
}

/**
 * A coach trip's thread (issue 30), written through `first` (its events on `bus`), heard on
 * `second`: a registrant's message and an organiser's announcement reach the organiser and the
 * confirmed members, and no longer a member who withdrew.
 */
async function tripScenario(
  first: TestApp,
  second: TestApp,
  secondUrl: string,
  sockets: Socket[],
  bus: DomainEvents,
) {
  const w = tripWorld(first, bus);
  const c = carpoolWorld(first);
  const antenna = await w.antenna();
  const organizer = await w.organizer(antenna.id);
  const trip = await w.trip(antenna.id);
  const [a, b, waiting] = [
    await createUser(first.db),
    await createUser(first.db),
    await createUser(first.db),
  ];
  await w.register(trip, a);
  await w.register(trip, b);
  await w.register(trip, waiting, 'ATTENTE');
  const [gotOrganizer, gotA, gotB, gotWaiting] = await Promise.all([
    listen(second, secondUrl, sockets, organizer),
    listen(second, secondUrl, sockets, a),
    listen(second, secondUrl, sockets, b),
    listen(second, secondUrl, sockets, waiting),
  ]);
  await new Promise((r) => setTimeout(r, 500));
  const id = (await c.api(a, 'GET', '/messages/groupes')).json()[0].id as number;

  const sent = await c.api(a, 'POST', `/messages/groupes/${id}`, { content: 'Qui a le drapeau ?' });
  expect(sent.statusCode).toBe(201);
  await until(() => gotOrganizer.length === 1 && gotB.length === 1, 3000);
  expect(gotB[0]).toMatchObject({ groupId: id, senderId: a.id, annonce: false });

  await w.withdraw(trip, b);
  const announced = await c.api(organizer, 'POST', `/deplacements/${trip.id}/annonces`, {
    content: 'Départ 6h pile',
  });
  expect(announced.statusCode).toBe(201);
  // a's own message came back to a's other tabs too, then the announcement.
  await until(() => gotA.length === 2 && gotOrganizer.length === 2, 3000);
  await new Promise((r) => setTimeout(r, 300));
  expect(gotA.map((e) => [e.content, e.annonce])).toEqual([
    ['Qui a le drapeau ?', false],
    ['Départ 6h pile', true],
  ]);
  expect(gotB.map((e) => e.content)).toEqual(['Qui a le drapeau ?']);
  expect(gotWaiting).toEqual([]);
}

describe('group messages on one instance', () => {
  const bus = domainEvents();
  const { t, server } = useSocketApp({ events: bus });
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((s) => s.disconnect()));
  it('reaches the members, and no longer a passenger who was excluded', () =>
    scenario(t, t, server.url, sockets));
  it('reaches a coach trip’s members, announcements included', () =>
    tripScenario(t, t, server.url, sockets, bus));
});
