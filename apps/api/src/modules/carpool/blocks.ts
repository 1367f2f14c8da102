import type { Tx } from '../../db/tx.js';

/**
 * Blocks set in messaging (modules/messages), as carpools see them: a member who blocked
 * another gets no carpool proposal, request, mail or notification from them.
 */
export interface Blocks {
  /** True when `blockerId` blocked `blockedId`; `tx` reads inside the caller's transaction. */
  blocked(blockerId: number, blockedId: number, tx?: Tx): Promise<boolean>;
}
