import {
  CARPOOL_TEXTS as M,
  CARPOOL_STATUS as S,
  LIMITS,
  TRIP_TEXTS,
  isOtherReason,
  isPendingCarpoolStatus,
  isSafeText,
  type CancelInput,
  type CarpoolRelation,
  type ExcludeInput,
} from '@munegu/shared';
import type { RunInTransaction, Tx } from '../../db/tx.js';
import type { EventEmitter } from '../../events/domain-events.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { AccountBudgets } from '../../plugins/rate-limit/account-budgets.js';
import type { CarpoolRepository, RelationRow } from './carpool.repository.js';
import {
  RELATION_TRANSITIONS as T,
  fromStatuses,
  mayAct,
  rolesOf,
  seatEffect,
  startsFrom,
  type RelationAction,
  type RelationRole,
} from './relation-transitions.js';
import type { Blocks } from './blocks.js';
import type { ReportsService } from '../reports/reports.service.js';
import type { NotificationsService, Recorded } from './notifications.service.js';
import { openCarpoolMatch, openMatch } from './match-window.js';
import { toRelation } from './relation.mapper.js';
import { changeRelationStatus } from './relation-change.js';

export interface RelationsDeps {
  repo: CarpoolRepository;
  notifications: Pick<NotificationsService, 'record' | 'push' | 'settle'>;
  /** Cancel-with-report files through the reports service: its budget, its duplicate rule. */
  reports: Pick<ReportsService, 'fromCarpool'>;
  transaction: RunInTransaction;
  clock: Clock;
  budgets: AccountBudgets;
  blocks: Blocks;
  /** carpoolRelationChanged, inside each status change's transaction (group threads). */
  events: EventEmitter;
}

const conflict = (message: string) => new AppError('CONFLICT', message);
const forbidden = (message: string) => new AppError('FORBIDDEN', message);
const invalid = (message: string) => new AppError('VALIDATION', message);
const notFound = () => new AppError('NOT_FOUND', M.relationNotFound);

type ReasonChoice = { reasonId: number; customReason: string | null };

/**
 * Carpool relations (spec sections 4 and 6): who may do what, the status each action leads
 * to and its seat effect come from the transitions table (relation-transitions.ts); this
 * service adds the seat count, the budgets and the members' presences. Every write runs in one
 * transaction that locks what it reads (an accept: the passenger's search and the driver's
 * presence before the relation, as the presence form does) and changes seats with a
 * conditional update; the other party's notification is written in the same transaction and
 * pushed live after the commit.
 */
export function relationsService({
  repo,
  notifications,
  reports,
  transaction,
  clock,
  budgets,
  blocks,
  events,
}: RelationsDeps) {
  /** One coach or one car per match (issue 30): a member on a coach stays out of carpools. */
  async function refuseIfOnCoach(me: number, matchId: number, tx?: Tx) {
    const coach = await repo.coachOf(me, matchId, tx);
    if (coach) throw conflict(TRIP_TEXTS.onCoachNoCarpool(coach.name));
  }

  /** Runs `fn` in a transaction, then pushes the notifications it recorded. */
  async function withNotifications<T>(fn: (tx: Tx, out: Recorded[]) => Promise<T>): Promise<T> {
    const out: Recorded[] = [];
    const result = await transaction((tx) => fn(tx, out));
    await notifications.push(out);
    return result;
  }

  async function move(
    tx: Tx,
    out: Recorded[],
    rel: Pick<
      RelationRow,
      'id' | 'matchId' | 'statusId' | 'user1Id' | 'user2Id' | 'driverId' | 'passengerId'
    >,
    to: number,
    by: number,
    reason: (ReasonChoice & { withReport: boolean }) | null = null,
  ) {
    const changeId = await changeRelationStatus({ repo, events }, tx, rel, to, by, reason);
    if (isPendingCarpoolStatus(rel.statusId) && !isPendingCarpoolStatus(to))
      await notifications.settle(tx, by, rel.id);
    const other = rel.user1Id === by ? rel.user2Id : rel.user1Id;
    out.push(
      await notifications.record(tx, {
        recipientId: other,
        senderId: by,
        relationId: rel.id,
        statusId: to,
        statusChangeId: changeId,
        matchId: rel.matchId,
      }),
    );
  }

  /** Applies the table's seat effect of `action` on `rel`; false when the seats are not there. */
  async function applySeats(
    tx: Tx,
    action: RelationAction,
    rel: { statusId: number; driverId: number; matchId: number; groupSize: number },
  ): Promise<boolean> {
    switch (seatEffect(action, rel.statusId)) {
      case 'take':
        return repo.takeSeats(tx, rel.driverId, rel.matchId, rel.groupSize);
      case 'giveBack':
        await repo.releaseSeats(tx, rel.driverId, rel.matchId, rel.groupSize);
        return true;
      case 'none':
        return true;
    }
  }

  /** A reason of `kind`; 'Autre' needs 5 to 80 characters of safe free text. */
  async function chooseReason(
    motifId: number,
    customReason: string | null | undefined,
    kind: 'ANNULATION' | 'EXCLUSION' | 'SIGNALEMENT',
  ): Promise<ReasonChoice> {
    const reason = await repo.reason(motifId, kind, kind === 'SIGNALEMENT' ? 'covoiturage' : '');
    if (!reason) throw invalid(M.invalidReason);
    if (!isOtherReason(reason.label)) return { reasonId: reason.id, customReason: null };
    const text = (customReason ?? '').trim();
    if (
      text.length < LIMITS.cancelReason.min ||
      text.length > LIMITS.cancelReason.max ||
      !isSafeText(text)
    ) {
      throw invalid(M.customReasonLength);
    }
    return { reasonId: reason.id, customReason: text };
  }

  /**
   * The pending relation user1 → user2 that the caller answers, locked. The body names the
   * relation by its members, so the caller's role is known before any read: one the table
   * does not let answer is refused whatever the relation's status.
   */
  async function relationToAnswer(
    tx: Tx,
    action: 'confirm' | 'refuse',
    me: number,
    body: { user1_id: number; user2_id: number; match_id: number },
  ): Promise<RelationRow> {
    const role: RelationRole | null =
      body.user2_id === me ? 'receiver' : body.user1_id === me ? 'initiator' : null;
    if (!role || !mayAct(action, [role])) throw forbidden(M.notAddressee);
    const rel = await repo.pendingFrom(tx, body.match_id, body.user1_id, me);
    if (!rel) throw conflict(M.notPending);
    if (action === 'confirm') {
      // The passenger's search, then the driver's presence, before the relation: the order
      // the presence form takes a member's answer in, so that neither waits on the other
      // forever. A relation's members never change, so its unlocked read names the right rows.
      await repo.lockSearch(tx, rel.passengerId, rel.matchId);
      await repo.lockPresence(tx, rel.driverId, rel.matchId);
    }
    await repo.lockRelation(tx, rel.id);
    const fresh = await repo.relation(rel.id, tx);
    if (!fresh || !startsFrom(action, fresh.statusId)) throw conflict(M.notPending);
    return fresh;
  }

  return {
    /** POST /user-to-user-match: a searcher requests a seat (2) or a driver proposes one (1). */
    async create(
      me: number,
      input: {
        user2_id: number;
        statut_id: 1 | 2;
        match_id: number;
        description?: string | null;
      },
    ): Promise<CarpoolRelation> {
      if (input.user2_id === me) throw invalid(M.self);
      await openMatch(repo, input.match_id, clock.now());
      await refuseIfOnCoach(me, input.match_id);
      const other = await repo.member(input.user2_id);
      // A block in messaging answers like an unavailable member: the sender never learns of it.
      if (
        !other ||
        other.status !== 'ACTIVE' ||
        (await blocks.blocked(other.id, me)) ||
        (await blocks.blocked(me, other.id))
      ) {
        throw new AppError('NOT_FOUND', M.memberUnavailable);
      }
      // Every proposal or request mails and notifies the other member: a budget per sender,
      // and a smaller one per sender, recipient and match against propose/cancel rounds.
      await budgets.take('carpoolRequest', String(me));
      await budgets.take('carpoolPair', `${me}:${other.id}:${input.match_id}`);
      const request = input.statut_id === S.DEMANDE;
      const action = request ? 'request' : 'propose';
      // The table says which role the actor takes in the new relation: the proposer drives.
      const actorDrives = T[action].by.includes('driver');
      const driverId = actorDrives ? me : input.user2_id;
      const passengerId = actorDrives ? input.user2_id : me;
      return withNotifications(async (tx, out) => {
        const driver = await repo.presence(driverId, input.match_id, tx);
        if (!driver?.offersCarpool) throw conflict(request ? M.targetNotDriver : M.notADriver);
        // The passenger's search row is the lock every relation of that passenger queues on.
        const search = await repo.lockSearch(tx, passengerId, input.match_id);
        if (!search) throw conflict(request ? M.notASearcher : M.targetNotSearcher);
        if (await repo.confirmedAsPassenger(passengerId, input.match_id, tx)) {
          throw conflict(M.alreadyConfirmed);
        }
        const current = await repo.activeBetween(tx, input.match_id, me, input.user2_id);
        if (current && !startsFrom(action, current.statusId)) throw conflict(M.relationExists);
        if (driver.freeSeats < search.nb_pers) throw conflict(M.notEnoughPlacesTooltip);
        const rel = await repo.createRelation(tx, {
          matchId: input.match_id,
          user1Id: me,
          user2Id: input.user2_id,
          statusId: T[action].to,
          driverId,
          passengerId,
          groupSize: search.nb_pers,
          description: input.description?.trim() || null,
          departureDepartment: search.departement_depart,
        });
        const changeId = await repo.changeStatus(tx, rel.id, null, T[action].to, me);
        out.push(
          await notifications.record(tx, {
            recipientId: input.user2_id,
            senderId: me,
            relationId: rel.id,
            statusId: T[action].to,
            statusChangeId: changeId,
            matchId: input.match_id,
          }),
        );
        return toRelation(rel);
      });
    },

    /** Only the addressee accepts; the seats are taken in the same transaction or not at all. */
    async confirm(me: number, body: { user1_id: number; user2_id: number; match_id: number }) {
      await openMatch(repo, body.match_id, clock.now());
      await withNotifications(async (tx, out) => {
        const rel = await relationToAnswer(tx, 'confirm', me, body);
        await refuseIfOnCoach(me, rel.matchId, tx);
        const search = await repo.search(rel.passengerId, rel.matchId, tx);
        // A relation takes (and gives back on cancel) its own group size. One that no longer
        // matches the search was left from before a size change withdrew pending relations:
        // it is stale, as a withdrawn one would be, and the seats stay as they are.
        if (search?.groupSize !== rel.groupSize) throw conflict(M.notPending);
        if (await repo.confirmedAsPassenger(rel.passengerId, rel.matchId, tx)) {
          throw conflict(M.alreadyConfirmed);
        }
        if (!(await applySeats(tx, 'confirm', rel))) throw conflict('Aucune place disponible');
        await move(tx, out, rel, T.confirm.to, me);
      });
    },

    async refuse(me: number, body: { user1_id: number; user2_id: number; match_id: number }) {
      await openCarpoolMatch(repo, body.match_id, clock.now());
      await withNotifications(async (tx, out) => {
        const rel = await relationToAnswer(tx, 'refuse', me, body);
        await applySeats(tx, 'refuse', rel);
        await move(tx, out, rel, T.refuse.to, me);
      });
    },

    /**
     * Any member of a carpool cancels: one relation (pending or confirmed), or without an id
     * the caller's confirmed carpool for the match (for the driver, every passenger). Freed
     * seats go back to the driver; a passenger may also report the driver.
     *
     * The report is a wish, the cancellation a fact: when no report can be filed (no confirmed
     * carpool between them, or the member's report budget is spent) the cancellation still
     * goes through and the answer says `reported: false`. Refusing it with a 429 would leave a
     * member who can no longer travel holding a seat they meant to give back.
     */
    async cancel(me: number, input: CancelInput): Promise<{ reported: boolean }> {
      // A played match is history: its carpool is rated, no longer cancelled.
      await openCarpoolMatch(repo, Number(input.matchId), clock.now());
      const reason = await chooseReason(input.motifId, input.customReason, 'ANNULATION');
      await budgets.take('carpoolCancel', String(me));
      const report = input.avecSignalement
        ? await chooseReason(
            input.signalementMotifId ?? 0,
            input.signalementCustomReason,
            'SIGNALEMENT',
          )
        : null;
      const matchId = Number(input.matchId);
      return withNotifications(async (tx, out) => {
        // Only the relations cancel may start from are visible: any other reads as not found.
        // They are the caller's own, and the table lets either member cancel.
        const mine = await repo.relationsOf(me, matchId, fromStatuses('cancel'), tx);
        const targets = input.userToUserMatchId
          ? mine.filter((r) => r.id === Number(input.userToUserMatchId))
          : mine.filter((r) => r.statusId === S.CONFIRME);
        if (targets.length === 0) throw notFound();
        if (report && targets.some((r) => r.driverId === me)) throw invalid(M.reportAsDriver);
        let reported = false;
        for (const target of targets) {
          await repo.lockRelation(tx, target.id);
          const rel = await repo.relation(target.id, tx);
          if (!rel || !startsFrom('cancel', rel.statusId)) throw conflict(M.notPending);
          await applySeats(tx, 'cancel', rel);
          const withReport =
            report !== null &&
            (await reports.fromCarpool(tx, {
              ...report,
              reporterId: me,
              reportedUserId: rel.user1Id === me ? rel.user2Id : rel.user1Id,
              relationId: rel.id,
              confirmedNow: rel.statusId === S.CONFIRME,
            }));
          reported ||= withReport;
          await move(tx, out, rel, T.cancel.to, me, { ...reason, withReport });
        }
        return { reported };
      });
    },

    /** Only the driver excludes a confirmed passenger, before kickoff; the seats come back. */
    async exclude(me: number, input: ExcludeInput) {
      await openCarpoolMatch(repo, Number(input.matchId), clock.now());
      const reason = await chooseReason(input.motifId, input.customReason, 'EXCLUSION');
      await budgets.take('carpoolCancel', String(me));
      const matchId = Number(input.matchId);
      await withNotifications(async (tx, out) => {
        // Only the relations exclude may start from are visible: any other reads as not found.
        const rel = (await repo.relationsOf(me, matchId, fromStatuses('exclude'), tx)).find(
          (r) => r.passengerId === Number(input.passagerId),
        );
        if (!rel) throw notFound();
        if (!mayAct('exclude', rolesOf(rel, me))) throw forbidden(M.notDriver);
        await repo.lockRelation(tx, rel.id);
        const fresh = await repo.relation(rel.id, tx);
        if (!fresh || !startsFrom('exclude', fresh.statusId)) throw conflict(M.notConfirmed);
        await applySeats(tx, 'exclude', fresh);
        await move(tx, out, fresh, T.exclude.to, me, { ...reason, withReport: false });
      });
    },

    /** The reason a member gave for cancelling (5) or excluding (6), for the other party. */
    async reasonLabel(
      me: number,
      kind: 'annulation' | 'exclusion',
      body: { userIdTriggeredBy: number; matchId: number; userToUserMatchId: number },
    ): Promise<{ libelle: string }> {
      const rel = await repo.relation(body.userToUserMatchId);
      if (!rel || rel.matchId !== body.matchId || (rel.user1Id !== me && rel.user2Id !== me)) {
        throw notFound();
      }
      const ending = await repo.lastEnding(
        rel.id,
        body.userIdTriggeredBy,
        kind === 'annulation' ? S.ANNULE : S.EXCLU,
      );
      if (!ending) throw new AppError('NOT_FOUND', 'Aucun motif trouvé.');
      const label = ending.reason?.label ?? 'Aucun motif trouvé.';
      return {
        libelle: isOtherReason(label) && ending.customReason ? ending.customReason : label,
      };
    },

    mine: async (me: number, matchId: number, statuses: readonly number[]) =>
      (await repo.listedRelationsOf(me, matchId, statuses)).map(toRelation),
  };
}

export type RelationsService = ReturnType<typeof relationsService>;
