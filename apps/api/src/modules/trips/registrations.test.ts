import { TRIP_TEXTS as T } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { deleteAccount } from '../../../test/helpers/accounts.js';
import { useTestApp } from '../../../test/helpers/app.js';
import { tripWorld } from '../../../test/helpers/trips.js';

const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
const w = tripWorld(t);

type Member = Awaited<ReturnType<typeof w.member>>;
const members = (n: number) => Promise.all(Array.from({ length: n }, () => w.member()));

/** What a member's card says about their own registration. */
async function mine(u: Member, matchId: number, tripId: number) {
  const res = await w.api(u, 'GET', `/deplacements?match_id=${matchId}`);
  expect(res.statusCode).toBe(200);
  return res.json().find((x: { id: number }) => x.id === tripId);
}

describe('registrations and the waiting list', () => {
  it('confirms while seats remain, then queues with positions', async () => {
    const trip = await w.trip({ places_total: 3 });
    const [a, b, c] = await members(3);
    const first = await w.register(a!, trip.id, 2, '06 12 34 56 78');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      deplacement_id: trip.id,
      statut: 'CONFIRME',
      nb_places: 2,
      position_attente: null,
      places_restantes: 1,
      message: T.registered(trip.antenna.name),
    });
    const second = await w.register(b!, trip.id, 2);
    expect(second.json()).toMatchObject({
      statut: 'ATTENTE',
      position_attente: 1,
      places_restantes: 1,
      // One seat left, two asked: not "Car complet", which would be untrue here.
      message:
        'Tu es en liste d’attente (position 1) : tu seras prévenu(e) si des places se libèrent.',
    });
    // One seat is left but b waits first: c queues behind, nobody jumps the line.
    expect((await w.register(c!, trip.id, 1)).json()).toMatchObject({
      statut: 'ATTENTE',
      position_attente: 2,
    });
    expect(await mine(c!, trip.matchId, trip.id)).toMatchObject({
      statut: 'COMPLET',
      places_restantes: 1,
      nb_attente: 2,
      inscription: { statut: 'ATTENTE', nb_places: 1, position_attente: 2 },
      gerable: false,
    });
    const again = await w.register(a!, trip.id, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(T.alreadyRegistered);
  });

  it('promotes strictly in order: a waiting group of 3 is not overtaken by a later single', async () => {
    const trip = await w.trip({ places_total: 4 });
    const [a, b, group, single] = await members(4);
    await w.register(a!, trip.id, 2);
    await w.register(b!, trip.id, 2);
    expect((await w.register(group!, trip.id, 3)).json().position_attente).toBe(1);
    expect((await w.register(single!, trip.id, 1)).json().position_attente).toBe(2);

    // Two seats free: the head (3) does not fit, and the single behind it waits too.
    expect((await w.unregister(a!, trip.id)).json().message).toBe(T.unregistered);
    let s = await w.state(trip.id);
    expect(s.confirmed).toEqual([b!.id]);
    expect(s.waiting).toEqual([group!.id, single!.id]);

    // Four seats free: the group moves up, then the single.
    await w.unregister(b!, trip.id);
    s = await w.state(trip.id);
    expect(s.confirmed).toEqual([group!.id, single!.id]);
    expect(s.waiting).toEqual([]);
    expect((await mine(single!, trip.matchId, trip.id)).inscription).toEqual({
      statut: 'CONFIRME',
      nb_places: 1,
      position_attente: null,
    });
    expect((await w.unregister(a!, trip.id)).statusCode).toBe(404);
  });

  it('raising the seats promotes at once; lowering below the confirmed is refused', async () => {
    const trip = await w.trip({ places_total: 2 });
    const [a, b, c] = await members(3);
    await w.register(a!, trip.id, 2);
    await w.register(b!, trip.id, 1);
    await w.register(c!, trip.id, 2);
    const organizer = trip.antenna.organizer;
    const put = (places_total: number) =>
      w.api(
        organizer,
        'PUT',
        `/deplacements/${trip.id}`,
        w.input(trip.matchId, trip.antenna.id, { places_total }),
      );
    const lowered = await put(1);
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json().message).toBe(T.seatsBelowConfirmed(2));

    const raised = await put(4);
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toMatchObject({ places_total: 4, places_restantes: 1, nb_attente: 1 });
    const s = await w.state(trip.id);
    expect(s.confirmed).toEqual([a!.id, b!.id]);
    expect(s.waiting).toEqual([c!.id]);
  });

  it('closes by hand and opens again: closed, no registration; the waiting list still moves up', async () => {
    const trip = await w.trip({ places_total: 1 });
    const [a, b, c] = [await w.member(), await w.member(), await w.member()];
    expect((await w.register(a, trip.id)).json().statut).toBe('CONFIRME');
    expect((await w.register(b, trip.id)).json().statut).toBe('ATTENTE');
    const put = (clos: boolean) =>
      w.api(
        trip.antenna.organizer,
        'PUT',
        `/deplacements/${trip.id}`,
        w.input(trip.matchId, trip.antenna.id, { places_total: 1, clos }),
      );
    const closed = await put(true);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ statut: 'CLOS', clos: true });
    const refused = await w.register(c, trip.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(T.tripClosed);
    // Those already waiting keep their turn: a seat freed goes to them.
    expect((await w.api(a, 'DELETE', `/deplacements/${trip.id}/inscriptions/me`)).statusCode).toBe(
      200,
    );
    expect((await w.state(trip.id)).confirmed).toEqual([b.id]);
    const reopened = await put(false);
    expect(reopened.json()).toMatchObject({ clos: false, statut: 'COMPLET' });
    expect((await w.register(c, trip.id)).json().statut).toBe('ATTENTE');
  });

  it('refuses after the deadline, on a cancelled trip, and twice on one match', async () => {
    const match = await w.match();
    const late = await w.trip({ date_limite: w.days(1).toISOString() }, { matchId: match.id });
    const other = await w.trip({}, { matchId: match.id });
    const u = await w.member();
    expect((await w.register(u, other.id)).statusCode).toBe(201);
    const twice = await w.register(u, late.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(T.alreadyOnCoach(other.antenna.name));

    t.clock.advance(2 * 86_400_000);
    try {
      const v = await w.member();
      const closed = await w.register(v, late.id);
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toBe(T.deadlinePassed);
      expect((await mine(v, match.id, late.id)).statut).toBe('CLOS');
    } finally {
      t.clock.advance(-2 * 86_400_000);
    }

    const cancel = await w.api(other.antenna.organizer, 'DELETE', `/deplacements/${other.id}`);
    expect(cancel.json().message).toBe(T.cancelled);
    expect((await w.state(other.id)).rows).toEqual([]);
    const refused = await w.register(await w.member(), other.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(T.tripCancelled);
    expect((await mine(u, match.id, other.id)).statut).toBe('ANNULE');
    // Off the cancelled coach, the member may take the other one.
    expect((await w.register(u, late.id)).statusCode).toBe(201);
  });

  it('budgets registrations per member, in French; withdrawing is never refused', async () => {
    const trip = await w.trip({ places_total: 5 });
    const [u, neighbour] = await members(2);
    const { max } = t.config.accountBudgets.tripRegistration;
    for (let i = 0; i < max; i++) {
      expect((await w.register(u!, trip.id)).statusCode).toBe(201);
      if (i < max - 1) expect((await w.unregister(u!, trip.id)).statusCode).toBe(200);
    }
    expect((await w.unregister(u!, trip.id)).statusCode).toBe(200);
    const refused = await w.register(u!, trip.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Tu t’es inscrit à beaucoup de déplacements\. Réessaie dans \d+ (minute|heure)s?\.$/,
    );
    expect((await w.state(trip.id)).rows).toEqual([]);
    // The budget is that member's only.
    expect((await w.register(neighbour!, trip.id)).statusCode).toBe(201);
  });
});

describe('the registration’s phone', () => {
  it('takes 20 characters at most, and says so in French rather than failing', async () => {
    const trip = await w.trip();
    const [u, v] = await members(2);
    // 21 characters: one more than the boarding list keeps.
    const long = await w.register(u!, trip.id, 1, '+33 6 12 34 56 78 901');
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([{ path: 'telephone', message: T.phoneInvalid }]);
    expect((await w.state(trip.id)).rows).toEqual([]);
    const twenty = '+33 6 12 34 56 78 90';
    expect((await w.register(v!, trip.id, 1, twenty)).statusCode).toBe(201);
    const list = await w.api(trip.antenna.organizer, 'GET', `/deplacements/${trip.id}/inscrits`);
    expect(list.json().inscrits).toMatchObject([{ user_id: v!.id, telephone: twenty }]);
  });
});

describe('a deleted account', () => {
  it('leaves the coaches still to leave, whose waiting list moves up, and no phone anywhere', async () => {
    const trip = await w.trip({ places_total: 2 });
    // A coach that has left by the time the account goes: its list stays, as for a withdrawal.
    const gone = await w.trip({ depart_heure: w.days(1).toISOString(), date_limite: null });
    const [leaving, waiting, staying] = await members(3);
    expect((await w.register(leaving!, trip.id, 2, '06 12 34 56 78')).json().statut).toBe(
      'CONFIRME',
    );
    expect((await w.register(waiting!, trip.id, 2, '06 98 76 54 32')).json().statut).toBe(
      'ATTENTE',
    );
    expect((await w.register(leaving!, gone.id, 1, '06 12 34 56 78')).statusCode).toBe(201);
    expect((await w.register(staying!, gone.id, 1)).statusCode).toBe(201);
    const list = async (tripId: number, organizer: Member) =>
      (await w.api(organizer, 'GET', `/deplacements/${tripId}/inscrits`)).json().inscrits as {
        user_id: number;
        username: string;
        telephone: string | null;
        statut: string;
      }[];

    await w.later(2 * 86_400_000, () => deleteAccount(t, leaving!));

    expect(await list(trip.id, trip.antenna.organizer)).toMatchObject([
      { user_id: waiting!.id, statut: 'CONFIRME', telephone: '06 98 76 54 32' },
    ]);
    const bell = (await w.api(waiting!, 'GET', '/user-notification/me')).json();
    expect(bell[0]).toMatchObject({ deplacement: { id: trip.id, evenement: 'PLACE_LIBEREE' } });
    expect(await list(gone.id, gone.antenna.organizer)).toMatchObject([
      { user_id: leaving!.id, username: `Supprime_${leaving!.id}`, telephone: null },
      { user_id: staying!.id },
    ]);
  });
});
