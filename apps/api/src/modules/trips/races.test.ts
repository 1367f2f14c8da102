import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app.js';
import { tripWorld } from '../../../test/helpers/trips.js';

const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
const w = tripWorld(t);

type Member = Awaited<ReturnType<typeof w.member>>;
const members = (n: number) => Promise.all(Array.from({ length: n }, () => w.member()));

/**
 * Never overbooked, never reordered: confirmed seats within the trip's, every member once,
 * and the waiting positions the members read 1…n in registration order.
 */
async function expectInvariant(tripId: number, matchId: number, everyone: Member[]) {
  const s = await w.state(tripId);
  expect(s.confirmedSeats).toBeLessThanOrEqual(s.seats);
  const users = s.rows.map((r) => r.userId);
  expect(new Set(users).size).toBe(users.length);
  const positions = new Map<number, number>();
  await Promise.all(
    everyone.map(async (u) => {
      const trips = (await w.api(u, 'GET', `/deplacements?match_id=${matchId}`)).json();
      const own = trips.find((x: { id: number }) => x.id === tripId).inscription;
      if (own?.statut === 'ATTENTE') positions.set(u.id, own.position_attente);
      else expect(own?.position_attente ?? null).toBeNull();
    }),
  );
  // The positions members see are the waiting list's order, 1…n, each once.
  expect(s.waiting.map((id) => positions.get(id))).toEqual(s.waiting.map((_, i) => i + 1));
  expect(positions.size).toBe(s.waiting.length);
  return s;
}

/**
 * The bursts are many transactions queued on one row lock; on the embedded tier they share
 * PGlite's single connection and take far longer than vitest's default 30 s on a busy machine.
 */
const RACE_TIMEOUT_MS = 180_000;

describe('registrations under load', () => {
  it(
    '50 members at once for 3 seats left: 3 confirmed, 47 waiting 1…47',
    async () => {
      const trip = await w.trip({ places_total: 5 });
      const early = await w.member();
      expect((await w.register(early, trip.id, 2)).json().statut).toBe('CONFIRME');
      const crowd = await members(50);
      // Sign every token first: the burst below is the registrations only.
      await Promise.all(
        crowd.map((u) => w.api(u, 'GET', `/deplacements?match_id=${trip.matchId}`)),
      );

      const answers = await Promise.all(crowd.map((u) => w.register(u, trip.id, 1)));
      expect(answers.map((r) => r.statusCode)).toEqual(crowd.map(() => 201));
      const bodies = answers.map((r) => r.json());
      expect(bodies.filter((b) => b.statut === 'CONFIRME')).toHaveLength(3);
      const positions = bodies
        .filter((b) => b.statut === 'ATTENTE')
        .map((b) => b.position_attente as number)
        .sort((a, b) => a - b);
      expect(positions).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));

      const s = await expectInvariant(trip.id, trip.matchId, crowd);
      expect(s.confirmedSeats).toBe(5);
      expect(s.waiting).toHaveLength(47);
      // Each answer's position is the member's place in the stored list.
      for (const [i, u] of crowd.entries())
        if (bodies[i].statut === 'ATTENTE')
          expect(s.waiting.indexOf(u.id) + 1).toBe(bodies[i].position_attente);
    },
    RACE_TIMEOUT_MS,
  );

  it(
    '20 cancellations and 20 registrations interleaved keep the invariant',
    async () => {
      const trip = await w.trip({ places_total: 10 });
      const first = await members(20);
      for (const [i, u] of first.entries()) await w.register(u, trip.id, 1 + (i % 3));
      const late = await members(20);
      const everyone = [...first, ...late];
      await expectInvariant(trip.id, trip.matchId, everyone);

      // Rounds of one cancellation and one registration sent together, checked after each.
      for (let i = 0; i < 20; i++) {
        const [gone, joined] = await Promise.all([
          w.unregister(first[i]!, trip.id),
          w.register(late[i]!, trip.id, 1 + (i % 2)),
        ]);
        expect(gone.statusCode).toBe(200);
        expect(joined.statusCode).toBe(201);
        await expectInvariant(trip.id, trip.matchId, everyone);
      }
      const s = await w.state(trip.id);
      expect(new Set(s.rows.map((r) => r.userId))).toEqual(new Set(late.map((u) => u.id)));
      // The seats freed went to whoever waited first, as far as their groups fitted.
      const free = s.seats - s.confirmedSeats;
      const head = s.rows.find((r) => r.status === 'ATTENTE');
      if (head) expect(head.seatCount).toBeGreaterThan(free);
    },
    RACE_TIMEOUT_MS,
  );
});
