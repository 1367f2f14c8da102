import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { moveKickoff } from '../../../test/helpers/admin.js';
import { carpoolWorld } from '../../../test/helpers/carpool.js';
import { createMatch, createUser, uniqueRealSeason } from '../../../test/helpers/factories.js';
import { notificationTab, until, type Client } from '../../../test/helpers/sockets.js';

let t: TestApp;
let w: ReturnType<typeof carpoolWorld>;
let url: string;
const clients: Client[] = [];
beforeAll(async () => {
  // A moved kickoff announced at once (0), as an operator may choose: this file has no job
  // runs; the held announcement is admin-matches/kickoff-notice.test.ts's.
  t = await createTestApp({ env: { KICKOFF_ANNOUNCE_DELAY_MINUTES: '0' } });
  w = carpoolWorld(t);
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await t.close();
});

const tab = (user: { id: number }) => notificationTab(t, url, clients, user);

const outbox = async (userId: number) => {
  const u = await t.db.user.findUniqueOrThrow({ where: { id: userId } });
  return t.db.mailOutbox.findMany({ where: { to: u.email, kind: 'carpool-notification' } });
};

describe('carpool notifications', () => {
  it('reach every open tab of the addressee within a second, and nobody else', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 3);
    const searcher = await w.searcher(match.id, 1);
    const bystander = await w.member();
    const [tab1, tab2, searcherTab, otherTab] = await Promise.all([
      tab(driver),
      tab(driver),
      tab(searcher),
      tab(bystander),
    ]);

    const sent = await w.request(searcher, driver, match.id);
    await until(() => tab1.length === 1 && tab2.length === 1);
    expect(tab1[0]).toMatchObject({ type: 'COVOIT', matchId: match.id });
    const bell = (await w.api(driver, 'GET', '/user-notification/me')).json();
    expect(bell[0].id).toBe(tab1[0]!.id);
    expect(bell[0].notification_covoiturage_id).toBe(sent.json().relation.id);

    await w.answer(driver, 'confirm', searcher, match.id);
    await until(() => searcherTab.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(otherTab).toHaveLength(0);
    expect(tab1).toHaveLength(1);
  });

  it('drops a request or proposal from the bell once answered, wherever it was answered from', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 3);
    const [asker, offered] = [await w.searcher(match.id, 1), await w.searcher(match.id, 1)];
    const bell = async (who: Parameters<typeof w.api>[0]) =>
      ((await w.api(who, 'GET', '/user-notification/me')).json() as { statut: { id: number } }[])
        .map((n) => n.statut.id)
        .sort();
    await w.request(asker, driver, match.id);
    await w.propose(driver, offered, match.id);
    expect(await bell(driver)).toEqual([2]);
    expect(await bell(offered)).toEqual([1]);

    // Answered through the API the map uses, not by deleting the bell row.
    expect((await w.answer(driver, 'confirm', asker, match.id)).statusCode).toBe(200);
    expect((await w.answer(offered, 'refus', driver, match.id)).statusCode).toBe(200);
    expect(await bell(driver)).toEqual([4]); // 'a refusé', the request gone
    expect(await bell(offered)).toEqual([]);
    expect(await bell(asker)).toEqual([3]); // 'a accepté'
  });

  it('opens (marks read) and deletes only the caller’s own notifications', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 3);
    const searcher = await w.searcher(match.id, 1);
    await w.request(searcher, driver, match.id);
    const [n] = (await w.api(driver, 'GET', '/user-notification/me')).json();
    expect((await w.api(searcher, 'GET', `/notification-covoiturage/${n.id}`)).statusCode).toBe(
      404,
    );
    const detail = await w.api(driver, 'GET', `/notification-covoiturage/${n.id}`);
    expect(detail.json()).toMatchObject({
      statut: { id: 2 },
      triggeredBy: { id: searcher.id },
      vehicule: { places_dispo: 3 },
      currentStatut: 2,
    });
    expect((await w.api(driver, 'GET', '/user-notification/me')).json()[0].read).toBe(true);

    const foreign = await w.api(searcher, 'POST', '/user-notification/delete', { notifId: n.id });
    expect(foreign.statusCode).toBe(404);
    const removed = await w.api(driver, 'POST', '/user-notification/delete', { notifId: n.id });
    expect(removed.statusCode).toBe(200);
    expect((await w.api(driver, 'GET', '/user-notification/me')).json()).toEqual([]);
  });

  it('mails opted-in members through the outbox with a stop link, and only them', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 3);
    const optedOut = await createUser(t.db, { appMailOptIn: false });
    await w.api(optedOut, 'POST', '/user-recherche', {
      nb_pers: 1,
      match_id: match.id,
      departement_depart: '06',
    });
    const searcher = await w.searcher(match.id, 1);
    await w.request(searcher, driver, match.id);
    await w.propose(driver, optedOut, match.id);
    const mails = await outbox(driver.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${searcher.username} vous a demandé un covoiturage.`);
    expect(mails[0]!.text).toMatch(/\/stop-notif\/\S+/);
    expect(await outbox(optedOut.id)).toHaveLength(0);
  });

  it('tells every member with a carpool when an operator moves the kickoff', async () => {
    const { season, year } = uniqueRealSeason();
    const match = await createMatch(t.db, {
      kickoffAt: new Date(t.clock.now().getTime() + 10 * 86_400_000),
      season,
      matchday: 3,
    });
    const driver = await w.driver(match.id, 3);
    const searcher = await w.searcher(match.id, 1);
    const alone = await w.searcher(match.id, 1);
    await w.request(searcher, driver, match.id);
    const live = await tab(searcher);
    // Moved within its season (the operators' form refuses a kickoff outside it).
    const moved = await moveKickoff(t, match, { season, journee: 3 }, `${year + 1}-01-02T20:45`);
    expect(moved.statusCode, moved.body).toBe(200);
    await until(() => live.some((e) => e.type === 'HORAIRE'));
    for (const u of [driver, searcher]) {
      const bell = (await w.api(u, 'GET', '/user-notification/me')).json();
      expect(bell[0]).toMatchObject({ type_notification: 'HORAIRE', match_id: match.id });
      expect(bell[0].kickoff).toBe(`${year + 1}-01-02T19:45:00.000Z`);
    }
    expect((await w.api(alone, 'GET', '/user-notification/me')).json()).toEqual([]);

    // It opens no popup: opening it marks it read, for its recipient only.
    const [horaire] = (await w.api(driver, 'GET', '/user-notification/me')).json();
    const foreign = await w.api(alone, 'POST', '/user-notification/read', { notifId: horaire.id });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await w.api(driver, 'POST', '/user-notification/read', { notifId: horaire.id })).statusCode,
    ).toBe(200);
    expect((await w.api(driver, 'GET', '/user-notification/me')).json()[0].read).toBe(true);
  });
});
