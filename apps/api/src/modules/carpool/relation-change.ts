import type { Tx } from '../../db/tx.js';
import type { EventEmitter } from '../../events/domain-events.js';
import type { CarpoolRepository, RelationRow } from './carpool.repository.js';

type ChangeReason = Parameters<CarpoolRepository['changeStatus']>[5];
type Changing = Pick<RelationRow, 'id' | 'matchId' | 'statusId' | 'driverId' | 'passengerId'>;

/**
 * A relation's status change and its announcement, always together and in the same
 * transaction: the status row (repository) and carpoolRelationChanged, whose listeners keep the
 * car's group thread in step. Members' answers (relations.service) and withdrawals of a removed
 * member (withdrawal.service) both go through it. Returns the status change's id.
 */
export async function changeRelationStatus(
  deps: { repo: Pick<CarpoolRepository, 'changeStatus'>; events: EventEmitter },
  tx: Tx,
  rel: Changing,
  to: number,
  by: number,
  reason: ChangeReason,
): Promise<number> {
  const changeId = await deps.repo.changeStatus(tx, rel.id, rel.statusId, to, by, reason);
  await deps.events.emit('carpoolRelationChanged', {
    tx,
    matchId: rel.matchId,
    driverId: rel.driverId,
    passengerId: rel.passengerId,
    from: rel.statusId,
    to,
  });
  return changeId;
}
