import type { DomainEventMap, EventEmitter } from '../../events/domain-events.js';
import type { Clock } from '../../lib/clock.js';
import type { Tx } from '../../db/tx.js';
import type { AdminMatchesRepository } from './admin-matches.repository.js';

type KickoffMoved = DomainEventMap['kickoffMoved'];

export interface KickoffAnnouncerDeps {
  repo: AdminMatchesRepository;
  clock: Clock;
  events: EventEmitter;
  /** KICKOFF_ANNOUNCE_DELAY_MINUTES; 0 announces every move at once. */
  delayMs: number;
}

/**
 * When a moved kickoff reaches the match's travellers (kickoffMoved: carpool members and coach
 * registrants, by bell, mail and push). An operator correcting a time two or three times, or an
 * import followed by a fix, would otherwise mail each of them once per correction. So each move
 * only postpones the announcement to `delayMs` after it, and the scheduled run then announces
 * the kickoff as it stands, and only if it differs from what they last heard: a kickoff moved
 * and put back tells nobody anything.
 */
export function kickoffAnnouncer({ repo, clock, events, delayMs }: KickoffAnnouncerDeps) {
  return {
    /**
     * In the transaction that moved a match (the form's edit, an import): holds the
     * announcement, or with no delay returns it, to be emitted once that transaction committed.
     */
    async moved(
      tx: Tx,
      before: { id: number; kickoffAt: Date },
      after: { kickoffAt: Date; finishedAt: Date | null },
    ): Promise<KickoffMoved | null> {
      if (after.kickoffAt.getTime() === before.kickoffAt.getTime() || after.finishedAt) return null;
      if (delayMs === 0) {
        // Held before the delay was set to 0 (a redeploy): this announcement supersedes it.
        await repo.dropKickoffAnnouncement(tx, before.id);
        return { matchId: before.id, kickoff: after.kickoffAt };
      }
      const due = new Date(clock.now().getTime() + delayMs);
      await repo.holdKickoffAnnouncement(tx, before.id, before.kickoffAt, due);
      return null;
    },

    /** After the commit: what `moved` returned (listeners read the match as it now is). */
    async announce(moves: (KickoffMoved | null)[]): Promise<void> {
      for (const m of moves) if (m) await events.emit('kickoffMoved', m);
    },

    /**
     * The scheduled run (SCHEDULE_KICKOFF_ANNOUNCEMENTS): each announcement whose delay has
     * passed is taken once, whatever the instances, then made if the kickoff still differs from
     * what was heard and the match is not played. Returns how many were made. A listener's
     * failure fails the run (logged by the queue) and that announcement is not retried: a retry
     * would tell twice the members the other listener already told.
     */
    async announceDue(): Promise<number> {
      let made = 0;
      for (const m of await repo.dueKickoffAnnouncements(clock.now())) {
        if (!(await repo.claimKickoffAnnouncement(m.id, m.kickoffNoticeAt!))) continue;
        if (m.finishedAt || m.kickoffAt.getTime() === m.kickoffHeardAt?.getTime()) continue;
        await events.emit('kickoffMoved', { matchId: m.id, kickoff: m.kickoffAt });
        made += 1;
      }
      return made;
    },
  };
}

export type KickoffAnnouncer = ReturnType<typeof kickoffAnnouncer>;
