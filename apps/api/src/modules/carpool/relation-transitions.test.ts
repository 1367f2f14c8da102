import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARPOOL_TEXTS as M,
  CARPOOL_STATUS as S,
  CARPOOL_STATUS_IDS,
  type CarpoolStatusId,
} from '@munegu/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { carpoolWorld } from '../../../test/helpers/carpool.js';
import { createUser } from '../../../test/helpers/factories.js';
import { carpoolRepository } from './carpool.repository.js';
import {
  RELATION_ACTIONS,
  RELATION_TRANSITIONS as T,
  allowsChange,
  mayAct,
  rolesOf,
  seatEffect,
  startsFrom,
  type RelationAction,
  type RelationRole,
} from './relation-transitions.js';

/**
 * Walks the transitions table cell by cell through the HTTP API: every action × every status
 * of the reference rows × every actor role. The relation is written straight to the database
 * in the cell's status between fresh members (a driver with a carpool offer, a searcher), so
 * cells never see each other's rows and one app and one database serve the whole file.
 *
 * Statuses 1 and 2 say who initiated (a proposal comes from the driver, a request from the
 * searcher); the others are tried from both origins, so `initiator` and `driver` name
 * different members at least once.
 */

let t: TestApp;
let w: ReturnType<typeof carpoolWorld>;
let matchId: number;
let cancelReason: number;
let excludeReason: number;
beforeAll(async () => {
  // Hundreds of calls from one address in a few seconds: the address budget is not tested here.
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  w = carpoolWorld(t);
  matchId = (await w.match()).id;
  cancelReason = (await w.reason('ANNULATION')).id;
  excludeReason = (await w.reason('EXCLUSION')).id;
});
afterAll(async () => t.close());

const SEATS = 4;
const GROUP = 2;
type Origin = 'proposal' | 'request';
const ROLES: RelationRole[] = ['initiator', 'receiver', 'driver', 'passenger'];

/** A relation in `status` between a fresh driver and a fresh searcher, seats as it holds them. */
async function relationIn(status: CarpoolStatusId, origin: Origin) {
  const driver = await createUser(t.db);
  const passenger = await createUser(t.db);
  await t.db.presence.create({
    data: {
      userId: driver.id,
      matchId,
      transportTypeId: 1,
      offersCarpool: true,
      freeSeats: status === S.CONFIRME ? SEATS - GROUP : SEATS,
      departureDepartment: '06',
    },
  });
  await t.db.rideSearch.create({
    data: { userId: passenger.id, matchId, groupSize: GROUP, departureDepartment: '06' },
  });
  const [user1, user2] = origin === 'proposal' ? [driver, passenger] : [passenger, driver];
  const rel = await t.db.carpoolRelation.create({
    data: {
      matchId,
      user1Id: user1.id,
      user2Id: user2.id,
      statusId: status,
      driverId: driver.id,
      passengerId: passenger.id,
      groupSize: GROUP,
      departureDepartment: '06',
    },
  });
  const byRole: Record<RelationRole, typeof driver> = {
    initiator: user1,
    receiver: user2,
    driver,
    passenger,
  };
  return { rel, driver, passenger, byRole };
}

type Setup = Awaited<ReturnType<typeof relationIn>>;

/** The call a member makes for `action`, naming the relation as the web does. */
function act(action: RelationAction, s: Setup, actor: Setup['driver']) {
  const other = actor.id === s.driver.id ? s.passenger : s.driver;
  const answer = { user1_id: s.rel.user1Id, user2_id: s.rel.user2Id, match_id: matchId };
  switch (action) {
    case 'propose':
    case 'request':
      return w.api(actor, 'POST', '/user-to-user-match', {
        user2_id: other.id,
        statut_id: action === 'propose' ? S.PROPOSE : S.DEMANDE,
        departement_depart: '06',
        match_id: matchId,
      });
    case 'confirm':
      return w.api(actor, 'POST', '/user-to-user-match/confirm-covoiturage', answer);
    case 'refuse':
      return w.api(actor, 'POST', '/user-to-user-match/refus-covoiturage', answer);
    case 'cancel':
      return w.cancel(actor, matchId, cancelReason, { userToUserMatchId: s.rel.id });
    case 'exclude':
      return w.exclude(actor, s.rel.passengerId, matchId, excludeReason);
  }
}

/** Everything a cell may change: the pair's relations, the seats, the history, the bell. */
async function state(s: Setup) {
  const pair = { OR: [{ userId: s.driver.id }, { userId: s.passenger.id }] };
  const members = [s.driver.id, s.passenger.id];
  return {
    relations: await t.db.carpoolRelation.findMany({
      where: { matchId, driverId: s.driver.id, passengerId: s.passenger.id },
      select: { id: true, statusId: true, user1Id: true, user2Id: true },
      orderBy: { id: 'asc' },
    }),
    seats: await w.seats(s.driver, matchId),
    changes: await t.db.carpoolStatusChange.findMany({
      where: { relation: { matchId, driverId: s.driver.id } },
      select: { relationId: true, fromStatusId: true, toStatusId: true, byUserId: true },
    }),
    notifications: await t.db.notification.findMany({
      where: { recipientId: { in: members } },
      select: { recipientId: true, senderId: true, relationId: true, statusId: true },
    }),
    presences: await t.db.presence.count({ where: { matchId, ...pair } }),
  };
}

/** The French message of each documented refusal. */
function refusalMessage(action: RelationAction, kind: 'actor' | 'status', status: number) {
  if (kind === 'status' && T[action].wrongStatus === 404) return M.relationNotFound;
  switch (action) {
    case 'propose':
    case 'request':
      if (kind === 'actor') return action === 'propose' ? M.notADriver : M.targetNotDriver;
      return status === S.CONFIRME ? M.alreadyConfirmed : M.relationExists;
    case 'confirm':
    case 'refuse':
      return kind === 'actor' ? M.notAddressee : M.notPending;
    case 'exclude':
      return M.notDriver;
    case 'cancel':
      throw new Error('cancel refuses no member of the relation');
  }
}

const origins = (status: CarpoolStatusId): Origin[] =>
  status === S.PROPOSE
    ? ['proposal']
    : status === S.DEMANDE
      ? ['request']
      : ['proposal', 'request'];

const cells = RELATION_ACTIONS.flatMap((action) =>
  CARPOOL_STATUS_IDS.flatMap((status) =>
    origins(status).flatMap((origin) => ROLES.map((role) => ({ action, status, origin, role }))),
  ),
);

describe('the transitions table, cell by cell through the API', () => {
  it('covers every status of the reference rows', async () => {
    const rows = await t.db.carpoolStatus.findMany({
      select: { id: true },
      orderBy: { id: 'asc' },
    });
    expect(rows.map((r) => r.id)).toEqual([...CARPOOL_STATUS_IDS]);
    expect(new Set(cells.map((c) => `${c.action}/${c.status}/${c.role}`)).size).toBe(6 * 6 * 4);
  });

  it.each(cells)('$action on $status ($origin) by the $role', async (cell) => {
    const { action, status, role } = cell;
    const s = await relationIn(status, cell.origin);
    const actor = s.byRole[role];
    const roles = rolesOf(s.rel, actor.id);
    const before = await state(s);
    const res = await act(action, s, actor);
    const after = await state(s);
    const other = actor.id === s.driver.id ? s.passenger : s.driver;

    if (mayAct(action, roles) && startsFrom(action, status)) {
      const rule = T[action];
      const creates = rule.from.includes(null);
      expect(res.statusCode, res.body).toBe(creates ? 201 : 200);
      const target = creates ? after.relations[after.relations.length - 1]! : after.relations[0]!;
      if (creates) {
        // The older relation stays as history; the new one is the actor's.
        expect(after.relations).toHaveLength(2);
        expect(after.relations[0]).toEqual(before.relations[0]);
        expect(target).toMatchObject({ statusId: rule.to, user1Id: actor.id, user2Id: other.id });
      } else {
        expect(after.relations).toEqual([{ ...before.relations[0], statusId: rule.to }]);
      }
      const effect = seatEffect(action, status);
      const delta = effect === 'take' ? -GROUP : effect === 'giveBack' ? GROUP : 0;
      expect(after.seats).toBe(before.seats + delta);
      expect(after.changes).toEqual([
        {
          relationId: target.id,
          fromStatusId: creates ? null : status,
          toStatusId: rule.to,
          byUserId: actor.id,
        },
      ]);
      expect(after.notifications).toEqual([
        { recipientId: other.id, senderId: actor.id, relationId: target.id, statusId: rule.to },
      ]);
    } else {
      const invisible = !startsFrom(action, status) && T[action].wrongStatus === 404;
      const kind = invisible || mayAct(action, roles) ? 'status' : 'actor';
      const code = kind === 'actor' ? T[action].wrongActor : T[action].wrongStatus;
      expect([res.statusCode, res.json().message]).toEqual([
        code,
        refusalMessage(action, kind, status),
      ]);
      expect(after).toEqual(before);
    }
  });
});

describe('the cases the issue names, through the members’ own calls', () => {
  async function confirmedPair() {
    const match = await w.match();
    const driver = await w.driver(match.id, 3);
    const searcher = await w.searcher(match.id, 1);
    const sent = await w.request(searcher, driver, match.id);
    expect(sent.statusCode).toBe(201);
    return { match, driver, searcher, relationId: sent.json().relation.id as number };
  }
  const statusOf = async (id: number) =>
    (await t.db.carpoolRelation.findUniqueOrThrow({ where: { id } })).statusId;
  const bell = (id: number) => t.db.notification.count({ where: { recipientId: id } });

  it('refusing after a confirm is too late: 409, the carpool and its seats stay', async () => {
    const { match, driver, searcher, relationId } = await confirmedPair();
    expect((await w.answer(driver, 'confirm', searcher, match.id)).statusCode).toBe(200);
    const searcherBell = await bell(searcher.id);
    const refused = await w.answer(driver, 'refus', searcher, match.id);
    expect([refused.statusCode, refused.json().message]).toEqual([409, M.notPending]);
    expect(await statusOf(relationId)).toBe(S.CONFIRME);
    expect(await w.seats(driver, match.id)).toBe(2);
    expect(await bell(searcher.id)).toBe(searcherBell);
  });

  it('excluding a pending relation finds no passenger: 404, the request stays pending', async () => {
    const { match, driver, searcher, relationId } = await confirmedPair();
    const res = await w.exclude(driver, searcher.id, match.id, excludeReason);
    expect([res.statusCode, res.json().message]).toEqual([404, M.relationNotFound]);
    expect(await statusOf(relationId)).toBe(S.DEMANDE);
    expect(await w.seats(driver, match.id)).toBe(3);
  });

  it('cancelling twice: the second finds nothing (404) and gives no seat back again', async () => {
    const { match, driver, searcher, relationId } = await confirmedPair();
    expect((await w.answer(driver, 'confirm', searcher, match.id)).statusCode).toBe(200);
    const cancel = () =>
      w.cancel(searcher, match.id, cancelReason, { userToUserMatchId: relationId });
    expect((await cancel()).statusCode).toBe(200);
    expect(await w.seats(driver, match.id)).toBe(3);
    const driverBell = await bell(driver.id);
    const again = await cancel();
    expect([again.statusCode, again.json().message]).toEqual([404, M.relationNotFound]);
    expect(await statusOf(relationId)).toBe(S.ANNULE);
    expect(await w.seats(driver, match.id)).toBe(3);
    expect(await bell(driver.id)).toBe(driverBell);
  });
});

describe('the table', () => {
  // The cells above check the code against the table; this pins the table to the spec's
  // rules (section 6), so loosening a rule is a visible change here too.
  it('says what spec section 6 says', () => {
    const summary = Object.fromEntries(
      RELATION_ACTIONS.map((action) => {
        const rule = T[action];
        return [
          action,
          `${rule.from.map((s) => s ?? 'none').join('|')} by ${rule.by.join('|')} → ${rule.to} (${rule.seats})`,
        ];
      }),
    );
    expect(summary).toEqual({
      propose: 'none|4|5|6 by driver → 1 (none)',
      request: 'none|4|5|6 by passenger → 2 (none)',
      confirm: '1|2 by receiver → 3 (take)',
      refuse: '1|2 by receiver → 4 (none)',
      cancel: '1|2|3 by initiator|receiver → 5 (giveBackHeld)',
      exclude: '3 by driver → 6 (giveBack)',
    });
  });
});

describe('changeStatus', () => {
  const repo = () => carpoolRepository(t.db);

  it('allows exactly the moves of the table', () => {
    const allowed = [null, ...CARPOOL_STATUS_IDS].flatMap((from) =>
      CARPOOL_STATUS_IDS.filter((to) => allowsChange(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual([
      'null→1',
      'null→2',
      '1→3',
      '1→4',
      '1→5',
      '2→3',
      '2→4',
      '2→5',
      '3→5',
      '3→6',
    ]);
  });

  it('refuses a move the table does not allow, and a row no longer in its `from`', async () => {
    const s = await relationIn(S.REFUSE, 'proposal');
    const refused = (from: number, to: number) =>
      t.db.$transaction((tx) => repo().changeStatus(tx, s.rel.id, from, to, s.driver.id));
    // Refused → confirmed is no move of the table.
    await expect(refused(S.REFUSE, S.CONFIRME)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: M.notPending,
    });
    // Pending → cancelled is, but the row is refused, not pending: the update is conditional.
    await expect(refused(S.PROPOSE, S.ANNULE)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await t.db.carpoolRelation.findUniqueOrThrow({ where: { id: s.rel.id } })).toMatchObject(
      { statusId: S.REFUSE },
    );
    expect(await t.db.carpoolStatusChange.count({ where: { relationId: s.rel.id } })).toBe(0);
  });
});
