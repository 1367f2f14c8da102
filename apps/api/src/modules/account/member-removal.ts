import type { FastifyBaseLogger } from 'fastify';

/** Why a member left the community: suspended for a time, banned, or their account deleted. */
export type MemberRemovalCause = 'suspension' | 'ban' | 'deletion';

/**
 * What other modules do once a member is removed (app.ts wires it: the carpool module cancels
 * the member's upcoming carpools). Called after the account change has committed.
 */
export interface MemberRemovalPort {
  onMemberRemoved(userId: number, cause: MemberRemovalCause): Promise<unknown>;
}

/**
 * Tells the port; a failure there is logged and never undoes the sanction or the deletion,
 * which already hold (the member can no longer sign in either way).
 */
export async function announceRemoval(
  port: MemberRemovalPort,
  log: Pick<FastifyBaseLogger, 'error'>,
  userId: number,
  cause: MemberRemovalCause,
): Promise<void> {
  try {
    await port.onMemberRemoved(userId, cause);
  } catch (err) {
    log.error({ err, userId, cause }, 'removed member: follow-up in other modules failed');
  }
}
