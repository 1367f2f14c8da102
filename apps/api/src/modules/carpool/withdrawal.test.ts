import { CARPOOL_SYSTEM_REASON } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { deleteAccount } from '../../../test/helpers/accounts.js';
import { useTestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { carpoolWorld } from '../../../test/helpers/carpool.js';
import { moderationWorld } from '../../../test/helpers/moderation.js';

// Every event mailed as it happens (no per-sender window, see flood.test.ts), so each mail
// below is the one of its event.
const t = useTestApp({ env: { CARPOOL_MAIL_WINDOW_MINUTES: '0' } });
const w = carpoolWorld(t);
const m = moderationWorld(t);

type Member = Awaited<ReturnType<typeof w.member>>;
const REASON = 'Comportement inacceptable envers les autres membres.';

const sanction = async (target: { id: number }, kind: 'suspend' | 'ban') => {
  const res = await m.call(
    await m.member('MODERATEUR'),
    'POST',
    `/users/${target.id}/${kind}`,
    kind === 'suspend' ? { reason: REASON, days: 7 } : { reason: REASON },
  );
  expect(res.statusCode).toBe(200);
};

const freeSeats = async (driver: Member, matchId: number) =>
  (await w.api(driver, 'GET', `/user-transport/me?match_id=${matchId}`)).json().places_dispo;
const myCarpool = async (user: Member, matchId: number) =>
  (
    await w.api(user, 'GET', `/user-to-user-match/mon-covoiturage-confirme?match_id=${matchId}`)
  ).json() as { passagers: { id: number }[] } | null;
const myRelations = async (user: Member, matchId: number) =>
  (await w.api(user, 'GET', `/user-to-user-match/mes-relations?match_id=${matchId}`)).json() as {
    id: number;
  }[];
const bell = async (user: Member) =>
  (await w.api(user, 'GET', '/user-notification/me')).json() as {
    id: number;
    statut: { id: number } | null;
    sender: { id: number } | null;
    notification_covoiturage_id: number | null;
  }[];
const carpoolMails = async (user: Member) =>
  t.db.mailOutbox.findMany({
    where: { to: user.email, kind: 'carpool-notification' },
    // Rows come back in heap order otherwise, which another file's mail worker reshuffles
    // when the embedded tier shares one database.
    orderBy: { createdAt: 'asc' },
  });

/** A confirmed carpool: `people` seats of the driver's `places` taken by one searcher. */
async function confirmedCarpool(matchId: number, places: number, people: number) {
  const driver = await w.driver(matchId, places);
  const passenger = await w.searcher(matchId, people);
  const sent = await w.request(passenger, driver, matchId);
  expect(sent.statusCode).toBe(201);
  expect((await w.answer(driver, 'confirm', passenger, matchId)).statusCode).toBe(200);
  return { driver, passenger, relationId: sent.json().relation.id as number };
}

describe('sanctions reach the carpools', () => {
  it("a suspended confirmed passenger's seat returns to the driver and the driver is notified", async () => {
    const match = await w.match();
    const { driver, passenger, relationId } = await confirmedCarpool(match.id, 3, 2);
    expect(await freeSeats(driver, match.id)).toBe(1);
    expect((await myCarpool(driver, match.id))?.passagers.map((p) => p.id)).toEqual([passenger.id]);
    const mailsBefore = (await carpoolMails(driver)).length;

    await sanction(passenger, 'suspend');

    expect(await freeSeats(driver, match.id)).toBe(3);
    expect(await myCarpool(driver, match.id)).toBeNull();
    expect(await myRelations(driver, match.id)).toEqual([]);
    const [latest] = await bell(driver);
    expect(latest).toMatchObject({
      statut: { id: 5 },
      sender: { id: passenger.id },
      notification_covoiturage_id: relationId,
    });
    const popup = await w.api(driver, 'GET', `/notification-covoiturage/${latest!.id}`);
    expect(popup.json()).toMatchObject({ motif: CARPOOL_SYSTEM_REASON, currentStatut: 5 });
    // The driver opted in to the app's mails (the factory's default): one more is queued.
    const mails = await carpoolMails(driver);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)!.subject).toContain('a annulé le covoiturage');
    // The passenger's pending request to another driver is withdrawn too.
    const other = await w.driver(match.id, 4);
    const second = await w.searcher(match.id, 1);
    await w.request(second, other, match.id);
    await sanction(second, 'suspend');
    expect(await myRelations(other, match.id)).toEqual([]);
    expect((await bell(other))[0]).toMatchObject({ statut: { id: 5 }, sender: { id: second.id } });
  });

  it("a banned driver's passengers are freed and each one is notified", async () => {
    const match = await w.match();
    const { driver, passenger: first } = await confirmedCarpool(match.id, 4, 1);
    const second = await w.searcher(match.id, 2);
    await w.request(second, driver, match.id);
    await w.answer(driver, 'confirm', second, match.id);
    const pending = await w.searcher(match.id, 1);
    await w.request(pending, driver, match.id);
    // A member opted out of the app's mails still gets the bell, but no mail.
    await t.db.user.update({ where: { id: pending.id }, data: { appMailOptIn: false } });

    await sanction(driver, 'ban');

    for (const p of [first, second, pending]) {
      expect((await bell(p))[0]).toMatchObject({ statut: { id: 5 }, sender: { id: driver.id } });
      expect(await myRelations(p, match.id)).toEqual([]);
      expect(await myCarpool(p, match.id)).toBeNull();
    }
    expect(await carpoolMails(first)).toHaveLength(2); // accepted, then cancelled
    expect(await carpoolMails(pending)).toHaveLength(0);
    // Free again: a freed passenger can ride with someone else.
    const other = await w.driver(match.id, 3);
    expect((await w.request(first, other, match.id)).statusCode).toBe(201);
    expect((await w.answer(other, 'confirm', first, match.id)).statusCode).toBe(200);
  });

  it("a deleted member's pending relation leaves the other side's lists, told by nobody", async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 3);
    const searcher = await w.searcher(match.id, 1);
    const sent = await w.request(searcher, driver, match.id);
    expect((await myRelations(driver, match.id)).map((r) => r.id)).toEqual([
      sent.json().relation.id,
    ]);

    await deleteAccount(t, searcher);

    expect(await myRelations(driver, match.id)).toEqual([]);
    const [latest] = await bell(driver);
    expect(latest).toMatchObject({ statut: { id: 5 }, sender: null });
    const popup = (await w.api(driver, 'GET', `/notification-covoiturage/${latest!.id}`)).json();
    expect(popup).toMatchObject({ motif: CARPOOL_SYSTEM_REASON, triggeredBy: null });
    expect(await freeSeats(driver, match.id)).toBe(3);
  });

  it('a deleted member no longer counts on the MuneguMap of matches to come', async () => {
    const played = await w.match(2);
    const match = await w.match(10);
    // The member drove to a match that has kicked off by the time the account goes.
    const { driver: leaving, passenger } = await confirmedCarpool(played.id, 3, 1);
    const car = { transport_id: 1, covoiturage: true, places_dispo: 2, departement_depart: '06' };
    const declared = await w.api(leaving, 'POST', '/user-transport', {
      ...car,
      match_id: match.id,
    });
    expect(declared.statusCode).toBe(200);
    const searching = await w.searcher(match.id, 2);
    const staying = [
      await w.driver(match.id, 1),
      await w.searcher(match.id, 1),
      await w.searcher(match.id, 1),
    ];
    const shown = async () =>
      (
        (
          await w.api(staying[0]!, 'GET', `/users/departements-disponibles?match_id=${match.id}`)
        ).json().departements as { code: string; supporters: string }[]
      ).find((d) => d.code === '06')?.supporters;
    expect(await shown()).toBe('5');

    t.clock.advance(3 * 86_400_000);
    try {
      await deleteAccount(t, leaving);
      await deleteAccount(t, searching);
      expect(await shown()).toBe('3');
      // The played match's carpool keeps its driver's answer (history).
      expect((await myCarpool(passenger, played.id)) as unknown).toMatchObject({
        vehicule: { departement_depart_conducteur: '06' },
      });
    } finally {
      t.clock.reset();
    }
  });

  it('a pending relation of an account deleted before the fix is no longer listed', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 3);
    const searcher = await w.searcher(match.id, 1);
    const confirmed = await w.searcher(match.id, 1);
    await w.request(searcher, driver, match.id);
    await w.request(confirmed, driver, match.id);
    await w.answer(driver, 'confirm', confirmed, match.id);
    // As an earlier anonymisation left it: the account gone, the request still pending.
    await t.db.user.update({
      where: { id: searcher.id },
      data: { status: 'DELETED', username: `Supprime_${searcher.id}` },
    });
    const listed = await myRelations(driver, match.id);
    expect(listed.map((r) => (r as unknown as { user1: { id: number } }).user1.id)).toEqual([
      confirmed.id,
    ]);
  });

  it('relations of matches already kicked off are left as they are', async () => {
    const match = await w.match(2);
    const { driver, passenger, relationId } = await confirmedCarpool(match.id, 3, 1);
    const later = await w.match(10);
    const { driver: laterDriver, passenger: upcoming } = await confirmedCarpool(later.id, 3, 1);
    t.clock.advance(3 * 86_400_000);
    try {
      const bellBefore = (await bell(driver)).length;
      await sanction(passenger, 'ban');
      await sanction(upcoming, 'ban');
      const relation = await t.db.carpoolRelation.findUniqueOrThrow({ where: { id: relationId } });
      expect(relation.statusId).toBe(3);
      expect(await w.seats(driver, match.id)).toBe(2);
      expect(await bell(driver)).toHaveLength(bellBefore);
      expect(await w.passengers(driver, match.id)).toBe(1);
      // The same sanction frees the seat of a match still to come.
      expect(await w.passengers(laterDriver, later.id)).toBe(0);
      expect(await w.seats(laterDriver, later.id)).toBe(3);
    } finally {
      t.clock.reset();
    }
  });

  it('the system reason is listed to nobody and no member can pick it', async () => {
    const system = await t.db.reason.findFirstOrThrow({ where: { kind: 'SYSTEME' } });
    expect(system.label).toBe(CARPOOL_SYSTEM_REASON);
    const listed = (await t.app.inject({ url: '/api/motifs-annulation' })).json() as {
      id: number;
    }[];
    expect(listed.map((r) => r.id)).not.toContain(system.id);
    const admin = await bearer(t.app, await m.member('ADMIN'), t.clock);
    const lists = await t.app.inject({ url: '/api/administration/motifs', headers: admin });
    expect(lists.statusCode).toBe(200);
    expect(JSON.stringify(lists.json())).not.toContain(CARPOOL_SYSTEM_REASON);
    // Nor can an administrator rename or delete it.
    const url = `/api/administration/motifs/${system.id}`;
    const renamed = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: { label: 'Un autre libellé' },
    });
    expect(renamed.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(404);
    expect((await t.db.reason.findUniqueOrThrow({ where: { id: system.id } })).label).toBe(
      CARPOOL_SYSTEM_REASON,
    );

    const match = await w.match();
    const { passenger } = await confirmedCarpool(match.id, 3, 1);
    const cancel = await w.cancel(passenger, match.id, system.id);
    expect(cancel.statusCode).toBe(400);
    expect((await myCarpool(passenger, match.id))?.passagers.map((p) => p.id)).toEqual([
      passenger.id,
    ]);
  });
});
