import type { EventEmitter } from '../../events/domain-events.js';
import type { RunInTransaction, Tx } from '../../db/tx.js';
import type { Clock } from '../../lib/clock.js';
import type { MailService } from '../mail/mail.service.js';
import type { ReminderRepository } from './reminder.repository.js';
import { predictionReminderMail } from './reminder.template.js';
import { formatParisLong } from '../../lib/paris-time.js';

/** How far ahead of kickoff the reminder goes out. */
export const REMINDER_WINDOW_MS = 24 * 3_600_000;

export interface StopLinks {
  /** A one-click link that turns off this kind of mail for the member. */
  link(userId: number, kind: 'application' | 'promo', tx?: Tx): Promise<string>;
}

export interface ReminderDeps {
  repo: ReminderRepository;
  mail: Pick<MailService, 'enqueue'>;
  stopLinks: StopLinks;
  transaction: RunInTransaction;
  clock: Clock;
  publicUrl: string;
  associationName: string;
  /** After a match's reminder mails are committed (once per match): e.g. web push. */
  /** Announces a claimed reminder (push queues it for the members' devices). */
  events: EventEmitter;
}

export interface ReminderInfo {
  home: string;
  away: string;
  journee: number;
  kickoff: string;
}

export function reminderService(deps: ReminderDeps) {
  const { repo, mail, stopLinks, transaction, clock } = deps;
  return {
    /**
     * Queues the reminder of every match kicking off within 24 h, once: the match is claimed
     * (reminderSentAt) in the same transaction as its outbox rows, so a crash sends nothing
     * and a second run or instance sends nothing more.
     */
    async sendDue(): Promise<{ matches: number; mails: number }> {
      const now = clock.now();
      const due = await repo.dueMatches(now, new Date(now.getTime() + REMINDER_WINDOW_MS));
      let mails = 0;
      for (const match of due) {
        const info: ReminderInfo = {
          home: match.homeClub.name,
          away: match.awayClub.name,
          journee: match.matchday,
          kickoff: formatParisLong(match.kickoffAt),
        };
        let claimed = false;
        mails += await transaction(async (tx) => {
          if (!(await repo.claim(tx, match.id, now))) return 0;
          claimed = true;
          const recipients = await repo.recipients(tx, match.id);
          for (const user of recipients) {
            const stop = await stopLinks.link(user.id, 'application', tx);
            const content = predictionReminderMail(
              user.username,
              info,
              `${deps.publicUrl}/jeu_prono`,
              stop,
              deps.associationName,
            );
            await mail.enqueue({ to: user.email, ...content, kind: 'prediction-reminder' }, tx);
          }
          return recipients.length;
        });
        if (claimed)
          await deps.events.emit('predictionReminded', { matchId: match.id, match: info });
      }
      return { matches: due.length, mails };
    },
  };
}

export type ReminderService = ReturnType<typeof reminderService>;
