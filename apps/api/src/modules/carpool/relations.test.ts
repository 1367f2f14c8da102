import { describe, expect, it } from 'vitest';
import { CARPOOL_TEXTS as M } from '@munegu/shared';
import { useTestApp } from '../../../test/helpers/app.js';
import { carpoolWorld } from '../../../test/helpers/carpool.js';

const t = useTestApp();
const w = carpoolWorld(t);

const statusOf = async (id: number) =>
  (await t.db.carpoolRelation.findUniqueOrThrow({ where: { id } })).statusId;

describe('carpool relations follow the status table (spec sections 4 and 6)', () => {
  it('request (2) → accept (3): seats taken, both sides notified, carpool visible to both', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 4);
    const searcher = await w.searcher(match.id, 2);
    const sent = await w.request(searcher, driver, match.id, 'Je pars de Nice centre');
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toBe(M.sent('demande', driver.username));
    const rel = sent.json().relation;
    expect(rel).toMatchObject({
      statut: { id: 2 },
      driverId: driver.id,
      passengerId: searcher.id,
      nbPers: 2,
      description: 'Je pars de Nice centre',
    });

    // Only the addressee answers.
    const bySearcher = await w.answer(searcher, 'confirm', driver, match.id);
    expect(bySearcher.statusCode).toBe(409);
    expect(await statusOf(rel.id)).toBe(2);

    const ok = await w.answer(driver, 'confirm', searcher, match.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(M.confirmed);
    expect(await statusOf(rel.id)).toBe(3);
    expect(await w.seats(driver, match.id)).toBe(2);

    const carpool = await w.api(
      searcher,
      'GET',
      `/user-to-user-match/mon-covoiturage-confirme?match_id=${match.id}`,
    );
    expect(carpool.json()).toMatchObject({
      relationId: rel.id,
      vehicule: { id: driver.id, places_dispo: 2, departement_depart_conducteur: '06' },
      passagers: [{ id: searcher.id, nbPers: 2 }],
      isModifiable: true,
      isFinished: false,
      isDriver: false,
    });
    const asDriver = await w.api(
      driver,
      'GET',
      `/user-to-user-match/mon-covoiturage-confirme?match_id=${match.id}`,
    );
    expect(asDriver.json()).toMatchObject({ isDriver: true, passagers: [{ id: searcher.id }] });

    // The request, acted on, has left the driver's bell (spec section 4).
    const bell = (await w.api(driver, 'GET', '/user-notification/me')).json();
    expect(bell).toEqual([]);
    const searcherBell = (await w.api(searcher, 'GET', '/user-notification/me')).json();
    expect(searcherBell[0]).toMatchObject({ statut: { id: 3 }, sender: { id: driver.id } });

    // Answering twice changes nothing.
    const again = await w.answer(driver, 'confirm', searcher, match.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.notPending);
    expect(await w.seats(driver, match.id)).toBe(2);
  });

  it('proposal (1) → refuse (4): nothing taken', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 3);
    const searcher = await w.searcher(match.id, 1);
    const sent = await w.propose(driver, searcher, match.id);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toBe(M.sent('proposition', searcher.username));
    const refused = await w.answer(searcher, 'refus', driver, match.id);
    expect(refused.json().message).toBe(M.refused);
    expect(await statusOf(sent.json().relation.id)).toBe(4);
    expect(await w.seats(driver, match.id)).toBe(3);
  });

  it('refuses who may not act: self, non-driver proposals, non-searcher requests, duplicates, too few seats', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 2);
    const searcher = await w.searcher(match.id, 3);
    const walker = await w.member();
    await w.api(walker, 'POST', '/user-transport', {
      transport_id: 5,
      match_id: match.id,
      departement_depart: '06',
    });

    const self = await w.request(searcher, searcher, match.id);
    expect([self.statusCode, self.json().message]).toEqual([400, M.self]);
    // A walker is no driver: cannot propose, cannot be asked.
    const walkerProposes = await w.propose(walker, searcher, match.id);
    expect([walkerProposes.statusCode, walkerProposes.json().message]).toEqual([409, M.notADriver]);
    const askWalker = await w.request(searcher, walker, match.id);
    expect(askWalker.json().message).toBe(M.targetNotDriver);
    // A driver cannot "request" a seat; a searcher cannot "propose".
    expect((await w.request(driver, searcher, match.id)).json().message).toBe(M.targetNotDriver);
    expect((await w.propose(searcher, driver, match.id)).json().message).toBe(M.notADriver);
    // 3 people, 2 seats.
    const tooMany = await w.request(searcher, driver, match.id);
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([409, M.notEnoughPlacesTooltip]);
    expect(await t.db.carpoolRelation.count({ where: { matchId: match.id } })).toBe(0);

    const small = await w.searcher(match.id, 1);
    expect((await w.request(small, driver, match.id)).statusCode).toBe(201);
    const dup = await w.propose(driver, small, match.id);
    expect([dup.statusCode, dup.json().message]).toEqual([409, M.relationExists]);
  });

  it('rejects bad input with 4xx and stores nothing', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 2);
    const searcher = await w.searcher(match.id, 1);
    const bad = [
      { user2_id: driver.id, statut_id: 3, departement_depart: '06', match_id: match.id },
      { user2_id: driver.id, statut_id: 2, departement_depart: '06', match_id: 999_999 },
      { user2_id: 'x', statut_id: 2, departement_depart: '06', match_id: match.id },
      {
        user2_id: driver.id,
        statut_id: 2,
        departement_depart: '06',
        match_id: match.id,
        description: '<img src=x onerror=alert(1)>',
      },
      {
        user2_id: driver.id,
        statut_id: 2,
        departement_depart: '06',
        match_id: match.id,
        description: 'x'.repeat(151),
      },
    ];
    for (const payload of bad) {
      const res = await w.api(searcher, 'POST', '/user-to-user-match', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await t.db.carpoolRelation.count({ where: { matchId: match.id } })).toBe(0);

    for (const places of [0, 16, 2.5, '3']) {
      const res = await w.api(driver, 'POST', '/user-transport', {
        transport_id: 1,
        covoiturage: true,
        places_dispo: places,
        match_id: match.id,
        departement_depart: '06',
      });
      expect(res.statusCode, String(places)).toBe(400);
    }
    expect(await w.seats(driver, match.id)).toBe(2);
  });

  it('another member cannot touch a relation that is not theirs', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 2);
    const searcher = await w.searcher(match.id, 1);
    const rel = (await w.request(searcher, driver, match.id)).json().relation;
    const intruder = await w.member();
    const answer = await w.api(intruder, 'POST', '/user-to-user-match/confirm-covoiturage', {
      user1_id: searcher.id,
      user2_id: driver.id,
      match_id: match.id,
    });
    expect(answer.statusCode).toBe(403);
    const reason = await w.reason('ANNULATION');
    const cancel = await w.cancel(intruder, match.id, reason.id, { userToUserMatchId: rel.id });
    expect(cancel.statusCode).toBe(404);
    const label = await w.api(intruder, 'POST', '/user-annulation/motif-libelle', {
      userIdTriggeredBy: searcher.id,
      matchId: match.id,
      userToUserMatchId: rel.id,
    });
    expect(label.statusCode).toBe(404);
    expect(await statusOf(rel.id)).toBe(2);
  });

  it('cancel (5) and exclude (6) free the seats, keep the reason and may file a report', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 4);
    const a = await w.searcher(match.id, 2);
    const b = await w.searcher(match.id, 1);
    await w.request(a, driver, match.id);
    await w.request(b, driver, match.id);
    await w.answer(driver, 'confirm', a, match.id);
    await w.answer(driver, 'confirm', b, match.id);
    expect(await w.seats(driver, match.id)).toBe(1);

    const other = await w.reason('ANNULATION', 'Autre');
    const short = await w.cancel(a, match.id, other.id, { customReason: ' abc ' });
    expect([short.statusCode, short.json().message]).toEqual([400, M.customReasonLength]);

    const report = await t.db.reason.findFirstOrThrow({
      where: { kind: 'SIGNALEMENT', section: 'covoiturage', NOT: { label: 'Autre' } },
    });
    const cancelled = await w.cancel(a, match.id, other.id, {
      customReason: 'Voiture en panne',
      avecSignalement: true,
      signalementMotifId: report.id,
    });
    expect(cancelled.json().message).toBe(M.actionWithReportDone);
    expect(await w.seats(driver, match.id)).toBe(3);
    expect(
      await t.db.report.count({
        where: { reporterId: a.id, reportedUserId: driver.id, section: 'covoiturage' },
      }),
    ).toBe(1);
    const notif = (await w.api(driver, 'GET', '/user-notification/me')).json()[0];
    expect(notif).toMatchObject({ statut: { id: 5 }, sender: { id: a.id } });
    const detail = (await w.api(driver, 'GET', `/notification-covoiturage/${notif.id}`)).json();
    expect(detail).toMatchObject({ motif: 'Voiture en panne', currentStatut: 5 });
    const label = await w.api(driver, 'POST', '/user-annulation/motif-libelle', {
      userIdTriggeredBy: a.id,
      matchId: match.id,
      userToUserMatchId: detail.userToUserMatch.id,
    });
    expect(label.json()).toEqual({ libelle: 'Voiture en panne' });

    // Only the driver excludes; the driver cannot report while cancelling.
    const exclusion = await w.reason('EXCLUSION');
    const notDriver = await w.exclude(b, b.id, match.id, exclusion.id);
    expect(notDriver.statusCode).toBe(403);
    const excluded = await w.exclude(driver, b.id, match.id, exclusion.id);
    expect(excluded.json().message).toBe(M.actionDone);
    expect(await w.seats(driver, match.id)).toBe(4);
    expect(await w.passengers(driver, match.id)).toBe(0);
    const bNotif = (await w.api(b, 'GET', '/user-notification/me')).json()[0];
    expect(bNotif).toMatchObject({ statut: { id: 6 } });
  });

  it('locks presences and relations at kickoff', async () => {
    const match = await w.match(1);
    const driver = await w.driver(match.id, 2);
    const searcher = await w.searcher(match.id, 1);
    await w.request(searcher, driver, match.id);
    t.clock.set(new Date(match.kickoffAt.getTime() + 60_000));
    try {
      const late = await w.answer(driver, 'confirm', searcher, match.id);
      expect([late.statusCode, late.json().message]).toEqual([409, M.matchLocked]);
      const presence = await w.api(driver, 'POST', '/user-transport', {
        transport_id: 3,
        match_id: match.id,
        departement_depart: '06',
      });
      expect(presence.statusCode).toBe(409);
    } finally {
      t.clock.reset();
    }
  });

  it('answers 401 to anonymous callers on every member endpoint', async () => {
    const urls: [string, string][] = [
      ['POST', '/user-transport'],
      ['POST', '/user-recherche'],
      ['GET', '/user-transport/me?match_id=1'],
      ['GET', '/user-recherche/me?match_id=1'],
      ['POST', '/user-transport/modifier-places-dispo'],
      ['GET', '/users/has-already-answered?match_id=1'],
      ['GET', '/users/infos-utilisateur?match_id=1'],
      ['GET', '/users/departements-disponibles?match_id=1'],
      ['GET', '/users/supporters-par-departement-detail?match_id=1'],
      ['DELETE', '/users/delete-presence-match?match_id=1'],
      ['POST', '/user-to-user-match'],
      ['POST', '/user-to-user-match/confirm-covoiturage'],
      ['POST', '/user-to-user-match/refus-covoiturage'],
      ['POST', '/user-to-user-match/annuler-covoiturage'],
      ['POST', '/user-to-user-match/exclure-covoiturage'],
      ['GET', '/user-to-user-match/confirmes?match_id=1'],
      ['GET', '/user-to-user-match/mes-relations?match_id=1'],
      ['GET', '/user-to-user-match/is-confirmed?match_id=1'],
      ['GET', '/user-to-user-match/mon-covoiturage-confirme?match_id=1'],
      ['POST', '/user-annulation/motif-libelle'],
      ['POST', '/user-exclusion/motif-libelle'],
      ['GET', '/user-notification/me'],
      ['GET', '/notification-covoiturage/1'],
      ['POST', '/user-notification/delete'],
      ['POST', '/user-notation-covoiturage/bulk'],
    ];
    for (const [method, url] of urls) {
      const res = await t.app.inject({
        method: method as 'GET',
        url: `/api${url}`,
        ...(method === 'POST' ? { payload: { bad: true } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
