import {
  hasRole,
  MODERATION_TEXTS as M,
  ROLES,
  type LiftedSanction,
  type Role,
  type SuspendedMember,
} from '@munegu/shared';
import type { AuditRow } from '../../db/audit.js';
import type { RunInTransaction, Tx } from '../../db/tx.js';
import { avatarUrl } from '../../lib/avatar-url.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Caller } from '../../plugins/auth.js';
import type { AccountService } from '../account/account.service.js';
import type { MailService } from '../mail/mail.service.js';
import {
  silenceMail,
  suspensionMail,
  warningMail,
  type SanctionMailTo,
} from './moderation.mail.js';
import type { ModerationRepository } from './moderation.repository.js';

/** Who acts, as the audit log records them. */
export type Actor = Pick<Caller, 'id' | 'role'> & { ip: string };

export type Target = NonNullable<Awaited<ReturnType<ModerationRepository['findUser']>>>;

/** The member's live tabs (realtime/socket-server.ts): they read GET /users/me again. */
export interface AccountNotifier {
  accountChanged(userId: number): void;
}

export interface SanctionsDeps {
  repo: ModerationRepository;
  transaction: RunInTransaction;
  clock: Clock;
  /** Suspension ends every login and socket of the member at once (modules/account). */
  accounts: Pick<AccountService, 'suspend'>;
  /** Every sanction is mailed to the member with its reason, in the sanction's transaction. */
  mail: Pick<MailService, 'enqueue'>;
  /** Tells the member's open tabs, after the commit, that a silence started or ended. */
  live: AccountNotifier;
  publicUrl: string;
  associationName: string;
}

/** What a report-based action adds to the sanction: its audit data and its report's closing. */
export interface SanctionExtra {
  data?: Record<string, unknown>;
  within?: (tx: Tx) => Promise<void>;
}

const DAY_MS = 86_400_000;

/** The ranks whose sanctions `role` may lift or change: its own and those below. */
const ranksUpTo = (role: Role): Role[] => ROLES.slice(0, ROLES.indexOf(role) + 1);
const higherSanction = () => new AppError('FORBIDDEN', M.higherSanction);
/** A sanction held by `holder` (null: nobody known) may be changed by `actor`. */
const mayTouch = (actor: Pick<Actor, 'role'>, holder: Role | null) =>
  holder === null || ranksUpTo(actor.role).includes(holder);

/**
 * Which of the member's sanctions in force `actor` may neither lift nor change, because a
 * higher rank imposed them: the screens leave those buttons out rather than offer what the
 * server would refuse (higherSanction).
 */
export function sanctionsHeldAbove(
  actor: Pick<Actor, 'role'>,
  member: {
    status: string;
    suspendedByRole: Role | null;
    silencedUntil: Date | null;
    silencedByRole: Role | null;
  },
  now: Date,
): { suspension: boolean; silence: boolean } {
  const silenced = member.silencedUntil !== null && member.silencedUntil > now;
  return {
    suspension: member.status === 'SUSPENDED' && !mayTouch(actor, member.suspendedByRole),
    silence: silenced && !mayTouch(actor, member.silencedByRole),
  };
}
/**
 * Why a new suspension (`until`; null: a ban) or silence would lighten the one in force, or
 * null. Replacing is how a sanction is made heavier; making one lighter means lifting it first,
 * which the journal records as such (a moderator acting on another report of the same member
 * must not turn a ban into a day away without anyone noticing).
 */
function lightens(
  inForce: { active: boolean; until: Date | null },
  until: Date | null,
  kind: 'suspension' | 'silence',
): string | null {
  if (!inForce.active || until === null) return null;
  if (inForce.until === null) return M.alreadyBanned;
  if (inForce.until <= until) return null;
  return kind === 'suspension' ? M.longerSuspension(inForce.until) : M.longerSilence(inForce.until);
}

/** The suspension or ban in force on a row read now (an elapsed one waits for its lift run). */
const suspensionInForce = (
  row: { status: string; suspendedUntil: Date | null },
  now: Date,
): { active: boolean; until: Date | null } => ({
  active: row.status === 'SUSPENDED' && (row.suspendedUntil === null || row.suspendedUntil > now),
  until: row.suspendedUntil,
});
const silenceInForce = (row: { silencedUntil: Date | null }, now: Date) => ({
  active: row.silencedUntil !== null && row.silencedUntil > now,
  until: row.silencedUntil,
});

/** A deleted account has nobody to sanction, a never confirmed one nobody to tell. */
const sanctionable = (user: Target) => user.status !== 'DELETED' && user.status !== 'PENDING';

/**
 * Warnings, silences, suspensions, bans and their end. Every change writes its audit row and
 * queues its mail to the member in the transaction that makes it; `extra` lets the reports
 * flow close its report in that same transaction.
 */
export function sanctionsService(deps: SanctionsDeps) {
  const { repo, transaction, clock, accounts, mail, live } = deps;
  const to = (user: Target, reason: string): SanctionMailTo => ({
    pseudo: user.username,
    reason,
    contactUrl: `${deps.publicUrl}/contact`,
    associationName: deps.associationName,
  });
  const auditRow = (
    actor: Actor,
    user: Target,
    action: string,
    data: Record<string, unknown>,
  ): AuditRow => ({
    actorId: actor.id,
    action,
    targetType: 'user',
    targetId: String(user.id),
    targetLabel: user.username,
    data: { pseudo: user.username, ...data },
    ip: actor.ip,
  });

  /** The member `actor` may sanction: not themselves, and only a lower role than theirs. */
  async function target(actor: Actor, userId: number): Promise<Target> {
    const user = await repo.findUser(userId);
    if (!user) throw new AppError('NOT_FOUND', M.userNotFound);
    if (user.id === actor.id) throw new AppError('FORBIDDEN', M.self);
    const above = ROLES[ROLES.indexOf(user.role) + 1];
    if (!above || !hasRole(actor.role, above)) throw new AppError('FORBIDDEN', M.higherRole);
    return user;
  }

  /** A warning mail through the outbox and one audit row, in one transaction. */
  async function warn(
    actor: Actor,
    user: Target,
    reason: string,
    extra: SanctionExtra = {},
  ): Promise<void> {
    if (!sanctionable(user)) throw new AppError('CONFLICT', M.notSuspendable);
    const content = warningMail(to(user, reason));
    await transaction(async (tx) => {
      await extra.within?.(tx);
      await mail.enqueue({ to: user.email, kind: 'moderation-warning', ...content }, tx);
      await repo.audit(
        tx,
        auditRow(actor, user, 'moderation.user.warn', { reason, ...extra.data }),
      );
    });
  }

  /** Suspends for `days`, or bans when `days` is null; the member is signed out at once. */
  async function suspend(
    actor: Actor,
    user: Target,
    input: { reason: string; days: number | null },
    extra: SanctionExtra = {},
  ): Promise<{ message: string; suspendedUntil: string | null }> {
    // Turning a sanction into another (a ban into a day's suspension) would undo it: the same
    // rank rule as lifting. Checked here for a clear answer, and again under the row's lock.
    if (user.status === 'SUSPENDED' && !mayTouch(actor, user.suspendedByRole))
      throw higherSanction();
    const now = clock.now();
    const until = input.days === null ? null : new Date(now.getTime() + input.days * DAY_MS);
    const lighter = lightens(suspensionInForce(user, now), until, 'suspension');
    if (lighter) throw new AppError('CONFLICT', lighter);
    const content = suspensionMail(to(user, input.reason), until);
    const claim = { role: actor.role, ranks: ranksUpTo(actor.role), reason: input.reason };
    const done = await accounts.suspend(user.id, {
      until,
      // Again under the row's lock: another moderator may have sanctioned meanwhile.
      before: async (tx) => {
        const row = await repo.lockSanctions(tx, user.id);
        const raced = row && lightens(suspensionInForce(row, now), until, 'suspension');
        if (raced) throw new AppError('CONFLICT', raced);
      },
      within: async (tx) => {
        if (!(await repo.claimSanction(tx, user.id, claim))) throw higherSanction();
        await extra.within?.(tx);
        const kind = until ? 'moderation-suspension' : 'moderation-ban';
        await mail.enqueue({ to: user.email, kind, ...content }, tx);
        await repo.audit(
          tx,
          auditRow(actor, user, until ? 'moderation.user.suspend' : 'moderation.user.ban', {
            reason: input.reason,
            ...(until ? { days: input.days, until: until.toISOString() } : {}),
            ...extra.data,
          }),
        );
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
    warn,
    suspend,

    /** POST /moderation/users/:id/warn: a warning without a report. */
    async warnMember(actor: Actor, userId: number, reason: string): Promise<void> {
      await warn(actor, await target(actor, userId), reason);
    },

    /** POST /moderation/users/:id/suspend | /ban. */
    async sanction(actor: Actor, userId: number, input: { reason: string; days: number | null }) {
      return suspend(actor, await target(actor, userId), input);
    },

    /**
     * POST /moderation/users/:id/silence: for `days`, the member reads everything but every
     * write that reaches another member is refused (plugins/auth.ts `refuseIfSilenced`). A new
     * silence replaces the one in force, under the same rank rule as a suspension.
     */
    async silence(
      actor: Actor,
      userId: number,
      input: { reason: string; days: number },
    ): Promise<{ message: string; silencedUntil: string }> {
      const user = await target(actor, userId);
      if (!sanctionable(user)) throw new AppError('CONFLICT', M.notSuspendable);
      const now = clock.now();
      const inForce = user.silencedUntil !== null && user.silencedUntil > now;
      if (inForce && !mayTouch(actor, user.silencedByRole)) throw higherSanction();
      const until = new Date(now.getTime() + input.days * DAY_MS);
      const lighter = lightens(silenceInForce(user, now), until, 'silence');
      if (lighter) throw new AppError('CONFLICT', lighter);
      const content = silenceMail(to(user, input.reason), until);
      await transaction(async (tx) => {
        const row = await repo.lockSanctions(tx, user.id);
        const raced = row && lightens(silenceInForce(row, now), until, 'silence');
        if (raced) throw new AppError('CONFLICT', raced);
        const claim = { role: actor.role, ranks: ranksUpTo(actor.role), now, until, ...input };
        if (!(await repo.claimSilence(tx, user.id, claim))) throw higherSanction();
        await mail.enqueue({ to: user.email, kind: 'moderation-silence', ...content }, tx);
        await repo.audit(
          tx,
          auditRow(actor, user, 'moderation.user.silence', {
            reason: input.reason,
            days: input.days,
            until: until.toISOString(),
          }),
        );
      });
      live.accountChanged(user.id);
      return { message: M.silenced, silencedUntil: until.toISOString() };
    },

    /**
     * Ends by hand whatever is in force (suspension or ban, silence, or both), when someone of
     * at least the rank of who imposed each did it; one audit row per sanction lifted.
     */
    async lift(actor: Actor, userId: number, reason: string | undefined): Promise<string> {
      const user = await target(actor, userId);
      const lifted = await transaction(async (tx) => {
        const now = clock.now();
        const row = await repo.lockSanctions(tx, user.id);
        const suspended = row?.status === 'SUSPENDED';
        const silenced = row?.silencedUntil != null && row.silencedUntil > now;
        if (!row || (!suspended && !silenced)) throw new AppError('CONFLICT', M.nothingInForce);
        if (
          (suspended && !mayTouch(actor, row.suspendedByRole)) ||
          (silenced && !mayTouch(actor, row.silencedByRole))
        )
          throw higherSanction();
        const ended: LiftedSanction[] = [];
        if (suspended) {
          await repo.clearSuspension(tx, user.id);
          // A suspension has an end; a ban has none.
          ended.push(row.suspendedUntil ? 'suspension' : 'ban');
        }
        if (silenced) {
          await repo.clearSilence(tx, user.id);
          ended.push('silence');
        }
        await repo.auditMany(
          tx,
          ended.map((what) =>
            auditRow(actor, user, 'moderation.user.lift', {
              lifted: what,
              ...(reason ? { reason } : {}),
            }),
          ),
        );
        return ended;
      });
      if (lifted.includes('silence')) live.accountChanged(user.id);
      return lifted.length > 1 ? M.lifted.several : M.lifted[lifted[0]!];
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
              targetLabel: u.pseudo,
              data: { automatic: true, lifted: 'suspension', until: u.until.toISOString() },
            })),
          );
        return lifted.length;
      });
    },

    /**
     * Members under a sanction in force: bans first, then suspensions ending soonest, then
     * silences (only) ending soonest.
     */
    async suspended(actor: Pick<Actor, 'role'>): Promise<SuspendedMember[]> {
      const now = clock.now();
      const rows = await repo.sanctioned(now);
      const rank = (u: (typeof rows)[number]) =>
        u.status !== 'SUSPENDED'
          ? [2, u.silencedUntil!.getTime()]
          : u.suspendedUntil
            ? [1, u.suspendedUntil.getTime()]
            : [0, 0];
      return rows
        .map((u) => ({ u, r: rank(u) }))
        .sort((a, b) => a.r[0]! - b.r[0]! || a.r[1]! - b.r[1]! || a.u.id - b.u.id)
        .map(({ u }) => ({
          id: u.id,
          pseudo: u.username,
          avatar: avatarUrl(u.avatarFile, u.avatarVersion),
          suspended: u.status === 'SUSPENDED',
          suspendedUntil: u.suspendedUntil?.toISOString() ?? null,
          silencedUntil:
            u.silencedUntil && u.silencedUntil > now ? u.silencedUntil.toISOString() : null,
          canLift: (({ suspension, silence }) => !suspension && !silence)(
            sanctionsHeldAbove(actor, u, now),
          ),
        }));
    },
  };
}

export type SanctionsService = ReturnType<typeof sanctionsService>;
