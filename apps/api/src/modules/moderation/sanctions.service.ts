import {
  hasRole,
  MODERATION_TEXTS as M,
  ROLES,
  type Role,
  type SuspendedMember,
} from '@munegu/shared';
import type { RunInTransaction, Tx } from '../../db/tx.js';
import { avatarUrl } from '../../lib/avatar-url.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Caller } from '../../plugins/auth.js';
import type { AccountService } from '../account/account.service.js';
import type { ModerationRepository } from './moderation.repository.js';

/** Who acts, as the audit log records them. */
export type Actor = Pick<Caller, 'id' | 'role'> & { ip: string };

export type Target = NonNullable<Awaited<ReturnType<ModerationRepository['findUser']>>>;

export interface SanctionsDeps {
  repo: ModerationRepository;
  transaction: RunInTransaction;
  clock: Clock;
  /** Suspension ends every login and socket of the member at once (modules/account). */
  accounts: Pick<AccountService, 'suspend'>;
}

const DAY_MS = 86_400_000;

/** The ranks whose sanctions `role` may lift or change: its own and those below. */
const ranksUpTo = (role: Role): Role[] => ROLES.slice(0, ROLES.indexOf(role) + 1);
const higherSanction = () => new AppError('FORBIDDEN', M.higherSanction);

/**
 * Suspensions, bans and their end. Every change writes its audit row in the transaction that
 * makes it; `extra` lets the reports flow close its report in that same transaction.
 */
export function sanctionsService({ repo, transaction, clock, accounts }: SanctionsDeps) {
  /** The member `actor` may sanction: not themselves, and only a lower role than theirs. */
  async function target(actor: Actor, userId: number): Promise<Target> {
    const user = await repo.findUser(userId);
    if (!user) throw new AppError('NOT_FOUND', M.userNotFound);
    if (user.id === actor.id) throw new AppError('FORBIDDEN', M.self);
    const above = ROLES[ROLES.indexOf(user.role) + 1];
    if (!above || !hasRole(actor.role, above)) throw new AppError('FORBIDDEN', M.higherRole);
    return user;
  }

  /** Suspends for `days`, or bans when `days` is null; the member is signed out at once. */
  async function suspend(
    actor: Actor,
    user: Target,
    input: { reason: string; days: number | null },
    extra: { data?: Record<string, unknown>; within?: (tx: Tx) => Promise<void> } = {},
  ): Promise<{ message: string; suspendedUntil: string | null }> {
    // Turning a sanction into another (a ban into a day's suspension) would undo it: the same
    // rank rule as lifting. Checked here for a clear answer, and again under the row's lock.
    if (
      user.status === 'SUSPENDED' &&
      user.suspendedByRole &&
      !ranksUpTo(actor.role).includes(user.suspendedByRole)
    )
      throw higherSanction();
    const until =
      input.days === null ? null : new Date(clock.now().getTime() + input.days * DAY_MS);
    const done = await accounts.suspend(user.id, {
      until,
      within: async (tx) => {
        if (!(await repo.claimSanction(tx, user.id, actor.role, ranksUpTo(actor.role))))
          throw higherSanction();
        await extra.within?.(tx);
        await repo.audit(tx, {
          actorId: actor.id,
          action: until ? 'moderation.user.suspend' : 'moderation.user.ban',
          targetType: 'user',
          targetId: String(user.id),
          data: {
            pseudo: user.username,
            reason: input.reason,
            ...(until ? { days: input.days, until: until.toISOString() } : {}),
            ...extra.data,
          },
          ip: actor.ip,
        });
      },
    });
    if (!done) throw new AppError('CONFLICT', M.notSuspendable);
    return {
      message: until ? M.suspended : M.banned,
      suspendedUntil: until?.toISOString() ?? null,
    };
  }

  return {
    target,
    suspend,

    /** POST /moderation/users/:id/suspend | /ban. */
    async sanction(actor: Actor, userId: number, input: { reason: string; days: number | null }) {
      return suspend(actor, await target(actor, userId), input);
    },

    /** Back to ACTIVE by hand, by someone of at least the rank of who imposed the sanction. */
    async lift(actor: Actor, userId: number, reason: string | undefined): Promise<void> {
      const user = await target(actor, userId);
      await transaction(async (tx) => {
        const outcome = await repo.lift(tx, user.id, ranksUpTo(actor.role));
        if (outcome === 'higher-rank') throw higherSanction();
        if (outcome === 'not-suspended') throw new AppError('CONFLICT', M.notSuspended);
        await repo.audit(tx, {
          actorId: actor.id,
          action: 'moderation.user.lift',
          targetType: 'user',
          targetId: String(user.id),
          data: { pseudo: user.username, ...(reason ? { reason } : {}) },
          ip: actor.ip,
        });
      });
    },

    /** The scheduled run: every suspension whose end has come, each with a system audit row. */
    async liftExpired(): Promise<number> {
      return transaction(async (tx) => {
        const lifted = await repo.liftExpired(tx, clock.now());
        if (lifted.length)
          await repo.auditMany(
            tx,
            lifted.map((u) => ({
              actorId: null,
              action: 'moderation.user.lift',
              targetType: 'user',
              targetId: String(u.id),
              data: { automatic: true, until: u.until.toISOString() },
            })),
          );
        return lifted.length;
      });
    },

    async suspended(): Promise<SuspendedMember[]> {
      return (await repo.suspended()).map((u) => ({
        id: u.id,
        pseudo: u.username,
        avatar: avatarUrl(u.avatarFile, u.avatarVersion),
        suspendedUntil: u.suspendedUntil?.toISOString() ?? null,
      }));
    },
  };
}

export type SanctionsService = ReturnType<typeof sanctionsService>;
