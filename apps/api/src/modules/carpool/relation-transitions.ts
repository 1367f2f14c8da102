import {
  ACTIVE_CARPOOL_STATUSES,
  CARPOOL_STATUS as S,
  CARPOOL_STATUS_IDS,
  type CarpoolStatusId,
} from '@munegu/shared';

/**
 * The carpool relation's status machine (spec sections 4 and 6), as data: the service's guards
 * and the repository's `changeStatus` read this table, and relation-transitions.test.ts walks
 * every action × status × actor cell of it through the HTTP API. A new rule is a new row here.
 *
 * Who a member is to a relation (every member of a relation holds one role of each pair):
 * - `initiator`: user1, the member who created the relation (proposed or requested);
 * - `receiver`: user2, the other member, who answers while the relation is pending;
 * - `driver`: the member whose car it is (driverId), whichever side initiated;
 * - `passenger`: the member riding with their group (passengerId), whichever side initiated.
 * For propose and request, which create a relation, the roles are those the actor takes in
 * the new relation: the proposer is its driver, the requester its passenger.
 */
export type RelationRole = 'initiator' | 'receiver' | 'driver' | 'passenger';
export type RelationAction = 'propose' | 'request' | 'confirm' | 'refuse' | 'cancel' | 'exclude';

/**
 * What the action does to the driver's free seats (`presences.places_dispo`): a confirmed
 * relation holds its group's seats, nothing else does. `giveBackHeld` gives back what the
 * relation held: the seats of a confirmed one, nothing for a pending one.
 */
export type SeatEffect = 'take' | 'giveBack' | 'giveBackHeld' | 'none';

/** The HTTP answer of a refused cell; the relation, the seats and the bell stay as they were. */
export type Refusal = 403 | 404 | 409;

export interface Transition {
  /**
   * The statuses the relation may be in. Propose and request write a new relation: `null` is
   * "no relation between the pair for the match", and an ended one (refused, cancelled,
   * excluded) stays as history beside the new one.
   */
  from: readonly (CarpoolStatusId | null)[];
  /** Who may act: a member holding any of these roles. */
  by: readonly RelationRole[];
  to: CarpoolStatusId;
  seats: SeatEffect;
  /**
   * Every action writes one bell notification (recipient: the member who did not act, with
   * the new status's wording, CARPOOL_STATUS_WORDING), pushed live after the commit.
   */
  notifies: 'other member';
  /**
   * What a refused actor gets: 403, or 409 for propose and request, where the roles come from
   * the members' presences (a member without a carpool offer is no driver for the match).
   */
  wrongActor: Refusal;
  /**
   * What a relation outside `from` gets. 404: cancel and exclude only see the relations they
   * may act on (the caller's pending or confirmed ones, the driver's confirmed passengers), so
   * another status reads as no relation at all, whoever asks; otherwise 409, after the actor
   * check.
   */
  wrongStatus: Refusal;
}

/** Refused, cancelled, excluded: history, which no longer stops the pair starting again. */
const ENDED: readonly CarpoolStatusId[] = CARPOOL_STATUS_IDS.filter(
  (s) => !(ACTIVE_CARPOOL_STATUSES as readonly number[]).includes(s),
);

export const RELATION_TRANSITIONS: Readonly<Record<RelationAction, Transition>> = {
  /** A driver offering a carpool proposes seats to a searcher (POST /user-to-user-match, 1). */
  propose: {
    from: [null, ...ENDED],
    by: ['driver'],
    to: S.PROPOSE,
    seats: 'none',
    notifies: 'other member',
    wrongActor: 409,
    wrongStatus: 409,
  },
  /** A searcher requests seats from a driver offering a carpool (POST /user-to-user-match, 2). */
  request: {
    from: [null, ...ENDED],
    by: ['passenger'],
    to: S.DEMANDE,
    seats: 'none',
    notifies: 'other member',
    wrongActor: 409,
    wrongStatus: 409,
  },
  /** Only the receiver accepts; the group's seats are taken or the answer is refused. */
  confirm: {
    from: [S.PROPOSE, S.DEMANDE],
    by: ['receiver'],
    to: S.CONFIRME,
    seats: 'take',
    notifies: 'other member',
    wrongActor: 403,
    wrongStatus: 409,
  },
  refuse: {
    from: [S.PROPOSE, S.DEMANDE],
    by: ['receiver'],
    to: S.REFUSE,
    seats: 'none',
    notifies: 'other member',
    wrongActor: 403,
    wrongStatus: 409,
  },
  /** Either member cancels a pending or confirmed relation. */
  cancel: {
    from: [S.PROPOSE, S.DEMANDE, S.CONFIRME],
    by: ['initiator', 'receiver'],
    to: S.ANNULE,
    seats: 'giveBackHeld',
    notifies: 'other member',
    wrongActor: 403,
    wrongStatus: 404,
  },
  /** Only the driver excludes a confirmed passenger. */
  exclude: {
    from: [S.CONFIRME],
    by: ['driver'],
    to: S.EXCLU,
    seats: 'giveBack',
    notifies: 'other member',
    wrongActor: 403,
    wrongStatus: 404,
  },
};

export const RELATION_ACTIONS = Object.keys(RELATION_TRANSITIONS) as RelationAction[];

type Members = { user1Id: number; user2Id: number; driverId: number; passengerId: number };

/** The roles `userId` holds in a relation (none for a stranger). */
export function rolesOf(rel: Members, userId: number): RelationRole[] {
  const roles: RelationRole[] = [];
  if (rel.user1Id === userId) roles.push('initiator');
  if (rel.user2Id === userId) roles.push('receiver');
  if (rel.driverId === userId) roles.push('driver');
  if (rel.passengerId === userId) roles.push('passenger');
  return roles;
}

export const mayAct = (action: RelationAction, roles: readonly RelationRole[]) =>
  roles.some((role) => RELATION_TRANSITIONS[action].by.includes(role));

/** Whether `action` may start from a relation in `status` (`null`: no relation yet). */
export const startsFrom = (action: RelationAction, status: number | null) =>
  (RELATION_TRANSITIONS[action].from as readonly (number | null)[]).includes(status);

/** The existing statuses `action` starts from, for the queries that find its relation. */
export const fromStatuses = (action: RelationAction): CarpoolStatusId[] =>
  RELATION_TRANSITIONS[action].from.filter((s): s is CarpoolStatusId => s !== null);

/** The seat effect of `action` on a relation in `status`, resolved to take, give back or none. */
export function seatEffect(
  action: RelationAction,
  status: number | null,
): 'take' | 'giveBack' | 'none' {
  const effect = RELATION_TRANSITIONS[action].seats;
  if (effect !== 'giveBackHeld') return effect;
  return status === S.CONFIRME ? 'giveBack' : 'none';
}

/**
 * Whether a row may move from `from` to `to` (`from` null: the relation is being created).
 * Creating actions write a new row, so their `from` statuses belong to the pair's older
 * relation, not to this one: for them only null → `to` is a change of a row.
 */
export function allowsChange(from: number | null, to: number): boolean {
  return RELATION_ACTIONS.some((action) => {
    const t = RELATION_TRANSITIONS[action];
    if (t.to !== to) return false;
    return t.from.includes(null) ? from === null : startsFrom(action, from);
  });
}
