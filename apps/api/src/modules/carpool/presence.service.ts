import {
  CARPOOL_TEXTS as M,
  CARPOOL_STATUS as S,
  TRANSPORT_IDS,
  TRIP_TEXTS,
  type MatchInfo,
  type PresenceInput,
  type SearchInput,
} from '@munegu/shared';
import { afterCommit, type RunInTransaction, type Tx } from '../../db/tx.js';
import type { DomainEventMap, EventEmitter } from '../../events/domain-events.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import {
  ACTIVE_CARPOOL_STATUSES as ACTIVE,
  PENDING_CARPOOL_STATUSES as PENDING,
} from '@munegu/shared';
import type { CarpoolRepository } from './carpool.repository.js';
import { openCarpoolMatch, openMatch } from './match-window.js';
import { presenceInfo, searchInfo, toPresence, toSearch } from './presence.mapper.js';
import type { NotificationsService, Recorded } from './notifications.service.js';
import type { RatingsRepository } from './ratings.repository.js';

export interface PresenceDeps {
  repo: CarpoolRepository;
  ratings: Pick<RatingsRepository, 'hasRated'>;
  notifications: Pick<NotificationsService, 'record' | 'push'>;
  transaction: RunInTransaction;
  clock: Clock;
  /** presenceWithdrawn, inside the withdrawal's transaction (the coach registration goes). */
  events: EventEmitter;
}

/**
 * The presence form (spec section 4): a member either declares a transport or searches a
 * ride for a match, never both; a confirmed carpool freezes the answer; changing the kind of
 * answer, a searcher's group size, or withdrawing the answer cancels the pending relations
 * it supported.
 */
export function presenceService({
  repo,
  ratings,
  notifications,
  transaction,
  clock,
  events,
}: PresenceDeps) {
  /**
   * One coach or one car per match (issue 30): while registered on a coach, the only answer
   * accepted is 'bus — that coach's antenna'; anything else is refused until they withdraw.
   */
  async function refuseIfOnCoach(me: number, matchId: number, busAntennaId: number | null) {
    const coach = await repo.coachOf(me, matchId);
    if (coach && coach.antennaId !== busAntennaId)
      throw new AppError('CONFLICT', TRIP_TEXTS.onCoachNoCarpool(coach.name));
  }

  async function ensureCanAnswer(me: number, matchId: number, departement: string) {
    await openMatch(repo, matchId, clock.now());
    if (!(await repo.departmentExists(departement))) {
      throw new AppError('VALIDATION', M.unknownDepartment);
    }
    const confirmed = await repo.relationsOf(me, matchId, [S.CONFIRME]);
    if (confirmed.length > 0) throw new AppError('CONFLICT', M.alreadyConfirmed);
  }

  /**
   * Takes the member's answer for the match (their search, then their presence: the order an
   * accept takes the passenger's and the driver's in, relations.service confirm), so no
   * carpool can be confirmed on it until this transaction ends.
   */
  async function lockAnswer(tx: Tx, me: number, matchId: number) {
    const search = await repo.lockSearch(tx, me, matchId);
    await repo.lockPresence(tx, me, matchId);
    return search;
  }

  /**
   * The answer locked, checks again what was checked before the transaction: an accept may
   * have committed in between, and its carpool stands on the search or seats being replaced.
   */
  async function lockUnconfirmed(tx: Tx, me: number, matchId: number, refusal: string) {
    const search = await lockAnswer(tx, me, matchId);
    if ((await repo.relationsOf(me, matchId, [S.CONFIRME], tx)).length > 0)
      throw new AppError('CONFLICT', refusal);
    return search;
  }

  /** Cancels the member's pending relations for the match and tells the other parties. */
  async function dropPending(tx: Tx, out: Recorded[], me: number, matchId: number) {
    for (const rel of await repo.relationsOf(me, matchId, PENDING, tx)) {
      const changeId = await repo.changeStatus(tx, rel.id, rel.statusId, S.ANNULE, me);
      out.push(
        await notifications.record(tx, {
          recipientId: rel.user1Id === me ? rel.user2Id : rel.user1Id,
          senderId: me,
          relationId: rel.id,
          statusId: S.ANNULE,
          statusChangeId: changeId,
          matchId,
        }),
      );
    }
  }

  async function run(fn: (tx: Tx, out: Recorded[]) => Promise<void>) {
    const out: Recorded[] = [];
    await transaction((tx) => fn(tx, out));
    await notifications.push(out);
  }

  return {
    async savePresence(me: number, input: PresenceInput) {
      const matchId = Number(input.match_id);
      const departement = String(input.departement_depart);
      await ensureCanAnswer(me, matchId, departement);
      const transportId = Number(input.transport_id);
      if (!(await repo.transportExists(transportId)))
        throw new AppError('VALIDATION', M.unknownTransport);
      const isCar = transportId === TRANSPORT_IDS.VOITURE;
      const antennaId = transportId === TRANSPORT_IDS.BUS ? (input.antenne_id ?? null) : null;
      if (antennaId !== null && !(await repo.memberAntennaIds(me)).includes(Number(antennaId))) {
        throw new AppError('VALIDATION', M.unknownAntenna);
      }
      const covoiturage = isCar && Boolean(input.covoiturage);
      await refuseIfOnCoach(me, matchId, antennaId === null ? null : Number(antennaId));
      await run(async (tx, out) => {
        await lockUnconfirmed(tx, me, matchId, M.alreadyConfirmed);
        const before = await repo.presence(me, matchId, tx);
        // A driver who keeps offering seats keeps the requests addressed to them.
        if (!(before?.offersCarpool && covoiturage)) await dropPending(tx, out, me, matchId);
        await repo.deleteSearch(tx, me, matchId);
        await repo.upsertPresence(tx, me, matchId, {
          transportTypeId: transportId,
          antennaId: antennaId === null ? null : Number(antennaId),
          offersCarpool: covoiturage,
          freeSeats: covoiturage ? input.places_dispo : 0,
          departureDepartment: departement,
        });
      });
      return { message: M.presenceSaved };
    },

    async saveSearch(me: number, input: SearchInput) {
      const matchId = Number(input.match_id);
      const departement = String(input.departement_depart);
      await ensureCanAnswer(me, matchId, departement);
      await refuseIfOnCoach(me, matchId, null);
      const groupSize = Number(input.nb_pers);
      await run(async (tx, out) => {
        const before = await lockUnconfirmed(tx, me, matchId, M.alreadyConfirmed);
        // A pending relation holds the group size it was asked for: a new search or a new
        // size withdraws the pending relations, so no driver accepts seats for another group.
        if (before?.nb_pers !== groupSize) await dropPending(tx, out, me, matchId);
        await repo.deletePresence(tx, me, matchId);
        await repo.upsertSearch(tx, me, matchId, {
          groupSize,
          departureDepartment: departement,
        });
      });
      return { message: M.presenceSaved };
    },

    /** Withdraws the answer: refused while a carpool is confirmed (cancel that first). */
    async remove(me: number, matchId: number) {
      await openMatch(repo, matchId, clock.now());
      if ((await repo.relationsOf(me, matchId, [S.CONFIRME])).length > 0) {
        throw new AppError('CONFLICT', M.deleteWithConfirmed);
      }
      await run(async (tx, out) => {
        // First, so the coach's lock is taken before the presence row's, as trips does.
        await events.emit('presenceWithdrawn', { tx, userId: me, matchId });
        await lockUnconfirmed(tx, me, matchId, M.deleteWithConfirmed);
        await dropPending(tx, out, me, matchId);
        await repo.deletePresence(tx, me, matchId);
        await repo.deleteSearch(tx, me, matchId);
      });
      return { message: M.presenceDeleted };
    },

    /** The driver's free seats, 0 to 15; taken seats stay with their passengers. */
    async setPlaces(me: number, matchId: number, places: number) {
      await openCarpoolMatch(repo, matchId, clock.now());
      const done = await transaction((tx) => repo.setSeats(tx, me, matchId, places));
      if (!done) throw new AppError('CONFLICT', M.notADriver);
      return { message: M.placesSaved };
    },

    /**
     * tripRegistrationChanged, in the trip's transaction: a confirmed registration makes the
     * member's answer 'bus — {antenna}' (the map counts them; their search, if any, goes); a
     * confirmed one that goes away takes that answer with it, unless the member changed it
     * since or withdrew it themselves (cause 'presence').
     *
     * A new registration, seated or waiting, withdraws the member's unanswered proposals and
     * requests for the match, and tells the other party, as changing the form's answer does:
     * a member is on one coach or in one car, and no driver may accept them afterwards.
     */
    async tripRegistrationChanged(change: DomainEventMap['tripRegistrationChanged']) {
      const { tx, userId, matchId, antennaId } = change;
      const registers = change.from === null && change.to !== null;
      const leavesSeat =
        change.from === 'CONFIRME' && change.to === null && change.cause !== 'presence';
      if (!registers && change.to !== 'CONFIRME' && !leavesSeat) return;
      // Before any relation of theirs: the order an accept takes them in (no deadlock).
      await lockAnswer(tx, userId, matchId);
      if (registers) {
        const out: Recorded[] = [];
        await dropPending(tx, out, userId, matchId);
        const push = () => void notifications.push(out);
        if (out.length > 0 && !afterCommit(tx, push)) setImmediate(push);
      }
      if (change.to === 'CONFIRME') {
        const before = await repo.presence(userId, matchId, tx);
        const home = (await repo.memberDepartment(userId, tx)) ?? '';
        await repo.deleteSearch(tx, userId, matchId);
        await repo.upsertPresence(tx, userId, matchId, {
          transportTypeId: TRANSPORT_IDS.BUS,
          antennaId,
          offersCarpool: false,
          freeSeats: 0,
          departureDepartment: before?.departureDepartment ?? home.replace(/^FR-/i, ''),
        });
      } else if (leavesSeat) {
        await repo.deleteBusPresence(tx, userId, matchId, antennaId);
      }
    },

    async presence(me: number, matchId: number) {
      const row = await repo.presence(me, matchId);
      return row && toPresence(row);
    },

    async search(me: number, matchId: number) {
      const row = await repo.search(me, matchId);
      return row && toSearch(row);
    },

    async answered(me: number, matchId: number) {
      const [presence, search] = await Promise.all([
        repo.presence(me, matchId),
        repo.search(me, matchId),
      ]);
      return { answered: presence !== null || search !== null };
    },

    /** Spec section 3, Info for a match: what the match block and the map need. */
    async info(me: number, matchId: number): Promise<MatchInfo | null> {
      const [presence, search, relations, rated] = await Promise.all([
        repo.presence(me, matchId),
        repo.search(me, matchId),
        repo.relationsOf(me, matchId, ACTIVE),
        ratings.hasRated(me, matchId),
      ]);
      const flags = {
        has_relation: relations.length > 0,
        has_confirmed: relations.some((r) => r.statusId === S.CONFIRME),
        note_submitted: rated,
      };
      if (presence) return presenceInfo(presence, flags);
      if (search) return searchInfo(search, flags);
      return null;
    },
  };
}

export type PresenceService = ReturnType<typeof presenceService>;
