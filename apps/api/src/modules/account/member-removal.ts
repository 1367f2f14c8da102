import type { FastifyBaseLogger } from 'fastify';
import type { EventEmitter } from '../../events/domain-events.js';

/** Why a member left the community: suspended for a time, banned, or their account deleted. */
export type MemberRemovalCause = 'suspension' | 'ban' | 'deletion';

/**
 * Announces memberRemoved (carpool cancels the member's upcoming carpools), after the account
 * change has committed. A failure there is logged and never undoes the sanction or the
 * deletion, which already hold (the member can no longer sign in either way).
 */
export async function announceRemoval(
  events: EventEmitter,
  log: Pick<FastifyBaseLogger, 'error'>,
  userId: number,
  cause: MemberRemovalCause,
): Promise<void> {
  try {
    await events.emit('memberRemoved', { userId, cause });
  } catch (err) {
    log.error({ err, userId, cause }, 'removed member: follow-up in other modules failed');
  }
}
