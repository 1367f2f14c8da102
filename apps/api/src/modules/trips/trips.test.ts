import { TRIP_TEXTS as T } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app.js';
import { tripWorld } from '../../../test/helpers/trips.js';

const t = useTestApp();
const w = tripWorld(t);

type Reply = { statusCode: number; json(): { message?: string; errors?: unknown } };
/** A refusal as the trip form reads it: the status, the message and the field it goes under. */
const refusal = (res: Reply) => {
  const { message, errors } = res.json();
  return { status: res.statusCode, message, errors };
};
const fieldError = (path: string, message: string) => ({
  status: 400,
  message,
  errors: [{ path, message }],
});

const hours = (date: Date, n: number) => new Date(date.getTime() + n * 3_600_000);

describe('a trip’s times and its match', () => {
  it('refuses a departure at or after the kickoff, on creation and on edit, under its field', async () => {
    const match = await w.match(7);
    const kickoff = match.kickoffAt;
    const a = await w.antenna();
    const post = (depart: Date) =>
      w.api(
        a.organizer,
        'POST',
        '/deplacements',
        w.input(match.id, a.id, { depart_heure: depart.toISOString() }),
      );
    const late = fieldError('depart_heure', T.departureAfterKickoff(kickoff));
    expect(refusal(await post(w.days(30)))).toEqual(late);
    expect(refusal(await post(kickoff))).toEqual(late);
    expect(await t.db.trip.count({ where: { matchId: match.id } })).toBe(0);

    const trip = await w.trip({}, { antenna: a, matchId: match.id });
    const departure = async () =>
      (await t.db.trip.findUniqueOrThrow({ where: { id: trip.id } })).departureAt;
    const before = await departure();
    const moved = await w.api(
      a.organizer,
      'PUT',
      `/deplacements/${trip.id}`,
      w.input(match.id, a.id, { depart_heure: hours(kickoff, 1).toISOString() }),
    );
    expect(refusal(moved)).toEqual(late);
    expect(await departure()).toEqual(before);
    // An hour before the kickoff is fine.
    const early = await w.api(
      a.organizer,
      'PUT',
      `/deplacements/${trip.id}`,
      w.input(match.id, a.id, { depart_heure: hours(kickoff, -1).toISOString() }),
    );
    expect(early.statusCode).toBe(200);
  });

  it('refuses a deadline already past, but keeps a passed one an edit sends back', async () => {
    const match = await w.match(7);
    const a = await w.antenna();
    const past = w.input(match.id, a.id, { date_limite: hours(new Date(), -1).toISOString() });
    const refused = await w.api(a.organizer, 'POST', '/deplacements', past);
    expect(refusal(refused)).toEqual(fieldError('date_limite', T.deadlinePast));
    expect(await t.db.trip.count({ where: { matchId: match.id } })).toBe(0);

    // Its deadline two days from now; three days later, the organiser edits the seats only.
    const sent = w.input(match.id, a.id, { date_limite: w.days(2).toISOString() });
    const trip = await w.trip(sent, { antenna: a, matchId: match.id });
    await w.later(3 * 86_400_000, async () => {
      const edit = (over: Partial<typeof sent>) =>
        w.api(a.organizer, 'PUT', `/deplacements/${trip.id}`, { ...sent, ...over });
      expect((await edit({ places_total: 60 })).statusCode).toBe(200);
      // A new deadline, already past: refused as on creation.
      const moved = await edit({ date_limite: w.days(-0.5).toISOString() });
      expect(refusal(moved)).toEqual(fieldError('date_limite', T.deadlinePast));
    });
  });

  it('refuses a return before the kickoff or before the departure, under the return', async () => {
    const match = await w.match(7);
    const a = await w.antenna();
    const post = (depart: Date, back: Date) =>
      w.api(
        a.organizer,
        'POST',
        '/deplacements',
        w.input(match.id, a.id, {
          depart_heure: depart.toISOString(),
          retour_heure: back.toISOString(),
        }),
      );
    const departure = hours(match.kickoffAt, -5);
    expect(refusal(await post(departure, hours(match.kickoffAt, -1)))).toEqual(
      fieldError('retour_heure', T.returnBeforeKickoff(match.kickoffAt)),
    );
    expect(refusal(await post(departure, hours(departure, -1)))).toEqual(
      fieldError('retour_heure', T.returnBeforeDeparture),
    );
    expect(await t.db.trip.count({ where: { matchId: match.id } })).toBe(0);
    expect((await post(departure, hours(match.kickoffAt, 4))).statusCode).toBe(201);
  });

  it('says a departure in the past under the departure field', async () => {
    const match = await w.match(7);
    const a = await w.antenna();
    const res = await w.api(
      a.organizer,
      'POST',
      '/deplacements',
      w.input(match.id, a.id, { depart_heure: w.days(-1).toISOString(), date_limite: null }),
    );
    expect(refusal(res)).toEqual(fieldError('depart_heure', T.departurePast));
  });
});

describe('the match and the antenna of a new trip', () => {
  it('asks to choose them when none is given, and names an unknown one under its field', async () => {
    const match = await w.match(7);
    const a = await w.antenna();
    const moderator = await w.member({ role: 'MODERATEUR' });
    const post = (body: object) => w.api(moderator, 'POST', '/deplacements', body);
    const body = w.input(match.id, a.id);

    const none = await post({ ...body, match_id: 0, antenne_id: undefined });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'match_id', message: T.matchRequired },
        { path: 'antenne_id', message: T.antennaRequired },
      ]),
    );
    expect(refusal(await post({ ...body, match_id: undefined }))).toEqual(
      fieldError('match_id', T.matchRequired),
    );
    expect(refusal(await post({ ...body, antenne_id: 0 }))).toEqual(
      fieldError('antenne_id', T.antennaRequired),
    );
    expect(refusal(await post({ ...body, match_id: 'abc' }))).toEqual(
      fieldError('match_id', T.unknownMatch),
    );
    expect(refusal(await post({ ...body, match_id: 999_999_999 }))).toEqual(
      fieldError('match_id', T.unknownMatch),
    );
    expect(refusal(await post({ ...body, antenne_id: 999_999_999 }))).toEqual(
      fieldError('antenne_id', T.unknownAntenna),
    );
    expect(await t.db.trip.count({ where: { matchId: match.id } })).toBe(0);
  });
});

describe('what a trip’s card counts', () => {
  it('counts the waiting list in registrations and in seats', async () => {
    const trip = await w.trip({ places_total: 3 });
    const [a, b, c, d] = await Promise.all([w.member(), w.member(), w.member(), w.member()]);
    await w.register(a, trip.id, 2);
    await w.register(b, trip.id, 2);
    await w.register(c, trip.id, 4);
    await w.register(d, trip.id, 1);
    const [card] = (await w.api(a, 'GET', `/deplacements?match_id=${trip.matchId}`)).json();
    expect(card).toMatchObject({
      statut: 'COMPLET',
      places_restantes: 1,
      nb_attente: 3,
      places_attente: 7,
    });
  });
});

describe('cancelling a trip', () => {
  it('is refused once the coach has left: the registrations and their ticks stay', async () => {
    const trip = await w.trip();
    const u = await w.member();
    expect((await w.register(u, trip.id)).statusCode).toBe(201);
    const organizer = trip.antenna.organizer;
    const paid = await w.api(organizer, 'PATCH', `/deplacements/${trip.id}/inscrits/${u.id}`, {
      paye: true,
    });
    expect(paid.statusCode).toBe(200);

    // The coach left six days from now; an hour later, the match is still to come.
    await w.later(6 * 86_400_000 + 3_600_000, async () => {
      const res = await w.api(organizer, 'DELETE', `/deplacements/${trip.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(T.departedNoCancel);
      const [card] = (await w.api(u, 'GET', `/deplacements?match_id=${trip.matchId}`)).json();
      expect(card).toMatchObject({ statut: 'CLOS', inscription: { statut: 'CONFIRME' } });
      const list = await w.api(organizer, 'GET', `/deplacements/${trip.id}/inscrits`);
      expect(list.json().inscrits).toMatchObject([{ user_id: u.id, paye: true }]);
    });
  });
});
