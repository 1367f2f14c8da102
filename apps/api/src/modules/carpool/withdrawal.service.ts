import { CARPOOL_STATUS as S } from '@munegu/shared';
import type { RunInTransaction } from '../../db/tx.js';
import type { EventEmitter } from '../../events/domain-events.js';
import type { Clock } from '../../lib/clock.js';
import { isActiveCarpoolStatus } from '@munegu/shared';
import type { CarpoolRepository } from './carpool.repository.js';
import type { NotificationsService, Recorded } from './notifications.service.js';
import { changeRelationStatus } from './relation-change.js';

/** Why a member's carpools are withdrawn (the account module's removal causes). */
export type WithdrawalCause = 'suspension' | 'ban' | 'deletion';

export interface WithdrawalDeps {
  repo: CarpoolRepository;
  notifications: Pick<NotificationsService, 'record' | 'push'>;
  transaction: RunInTransaction;
  clock: Clock;
  /** carpoolRelationChanged, inside each withdrawal's transaction (group threads). */
  events: EventEmitter;
}

/**
 * Sanctions reach the carpools: once a member is suspended, banned or deleted, each of their
 * pending or confirmed relations for a match not kicked off yet is cancelled (status 5) with
 * the system reason, a confirmed passenger's seats go back to the driver, and the other member
 * is told (bell, live, push, mail per their settings). Relations of past matches are history
 * and stay as they are.
 */
export function withdrawalService({
  repo,
  notifications,
  transaction,
  clock,
  events,
}: WithdrawalDeps) {
  /** One relation per transaction: a failure leaves the member's other carpools to be freed. */
  async function withdrawOne(
    userId: number,
    relationId: number,
    reasonId: number,
    cause: WithdrawalCause,
  ): Promise<boolean> {
    const out: Recorded[] = [];
    const done = await transaction(async (tx) => {
      await repo.lockRelation(tx, relationId);
      const rel = await repo.relation(relationId, tx);
      // Answered, refused or cancelled meanwhile: nothing left to withdraw.
      if (!rel || !isActiveCarpoolStatus(rel.statusId)) return false;
      if (rel.statusId === S.CONFIRME) {
        await repo.releaseSeats(tx, rel.driverId, rel.matchId, rel.groupSize);
      }
      const changeId = await changeRelationStatus({ repo, events }, tx, rel, S.ANNULE, userId, {
        reasonId,
        customReason: null,
        withReport: false,
      });
      out.push(
        await notifications.record(tx, {
          recipientId: rel.user1Id === userId ? rel.user2Id : rel.user1Id,
          // A deleted account has no name left to show: the notice comes from nobody. A
          // suspended member keeps their pseudo, so the other side knows which carpool ended.
          senderId: cause === 'deletion' ? null : userId,
          relationId: rel.id,
          statusId: S.ANNULE,
          statusChangeId: changeId,
          matchId: rel.matchId,
        }),
      );
      return true;
    });
    await notifications.push(out);
    return done;
  }

  return {
    /**
     * Cancels the member's upcoming carpools; the number cancelled. Every relation is tried;
     * then the first failure, if any, is thrown for the caller to log.
     */
    async withdrawMember(userId: number, cause: WithdrawalCause): Promise<number> {
      const ids = await repo.upcomingRelationIds(userId, clock.now());
      if (ids.length === 0) return 0;
      const reasonId = await repo.systemReasonId();
      let cancelled = 0;
      let failure: unknown = null;
      for (const id of ids) {
        try {
          if (await withdrawOne(userId, id, reasonId, cause)) cancelled++;
        } catch (err) {
          failure ??= err;
        }
      }
      if (failure) throw failure;
      return cancelled;
    },
  };
}

export type WithdrawalService = ReturnType<typeof withdrawalService>;
